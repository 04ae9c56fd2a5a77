import { useTranslation } from 'react-i18next';
import { PLANS } from '@shared/plan-table';
import { locationResult } from '@shared/currency';
import { PlanCard } from '../plans/PlanCard';
import { PublicPage } from '../../ui/PublicPage';
import { useAuth } from '../../session/session-provider';
import { planChoicePath } from '../plans/plan-choice';
import { usePlanPrice } from '../plans/use-plan-price';
import { useDetectedLocation } from '../../stores/geo';

/**
 * `/pricing`: four cards (free, basic, pro, premium) from the bundled plan table, so it works offline.
 * Paid plans lead to /subscribe?plan= (signed in) or /register?plan=; the free plan to /register.
 */
export default function PricingPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const priceOf = usePlanPrice();
  const location = useDetectedLocation();
  const isNigeria = locationResult(location.country, location.currency).isNigeria;
  return (
    <PublicPage>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">{t('pricing.title')}</h1>
          <p className="mt-4 text-base text-pretty text-slate-700 sm:text-lg">{t('pricing.subtitle')}</p>
        </div>
        <div className="mt-14 grid gap-8 sm:grid-cols-2 xl:grid-cols-4 xl:gap-5">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              price={priceOf(plan)}
              headingLevel={2}
              action={{ to: planChoicePath(plan.id, isAuthenticated) }}
              actionLabel={plan.id === 'free' ? t('plans.startFree') : undefined}
            />
          ))}
        </div>
        <div className="mx-auto mt-12 max-w-2xl space-y-2 text-center text-sm text-slate-600">
          <p>{t('pricing.trialNote')}</p>
          <p>{isNigeria ? t('pricing.currencyNaira') : t('pricing.currencyUsd')}</p>
        </div>
      </div>
    </PublicPage>
  );
}
