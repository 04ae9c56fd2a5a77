import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { planById, type PaidPlanId } from '@shared/plan-table';
import { REFERRAL_DISCOUNT_PERCENT, type InitializePaymentResponse } from '@shared/schemas/billing';
import { locationResult } from '@shared/currency';
import { api } from '../../app/session';
import { useAuth } from '../../app/auth-provider';
import { Button, linkClass } from '../../components/Button';
import { LanguagePicker } from '../../components/LanguagePicker';
import { PlanCard } from '../../components/PlanCard';
import { Spinner } from '../../components/Spinner';
import { billingMessageKey } from '../../domain/billing-errors';
import { discountedPrice, paymentPriceLines } from '../../domain/billing-price';
import { hiddenPlan, initialPlan, isChangingPlan, plansToOffer, subscribeIntent } from '../../domain/billing-subscribe';
import { usePlanPrice } from '../../lib/use-plan-price';
import { useDetectedLocation } from '../../stores/geo';
import { toast } from '../../stores/toast';
import { billingApi, billingErrorText, useBillingResource, useBillingT } from '../billing/billing-data';
import { PlanIncludes } from '../billing/PlanIncludes';
import { savePendingPayment } from './pending-payment';

const loadSubscription = (signal: AbortSignal) => billingApi.subscription(signal);
const loadReferrals = (signal: AbortSignal) => billingApi.referrals(signal);

/**
 * `/subscribe` (signed in): the paid plans, then the payment view of the chosen one and the
 * redirect to the checkout. Users who already pay are changing plan: their plan is not offered.
 * Router state `{ selectedPlan, isChangingPlan }` or `?plan=` opens a plan's payment view.
 */
export default function SubscribePage() {
  const { t, language } = useBillingT();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const priceOf = usePlanPrice();
  const subscription = useBillingResource('subscription', loadSubscription);

  const intent = subscribeIntent(location.state, search);
  const sub = subscription.data ?? null;
  const changing = isChangingPlan(sub, intent);
  const current = sub?.plan ?? null;
  const hidden = hiddenPlan(sub);
  const selected = subscription.loading ? null : initialPlan(intent, hidden);

  const choose = (plan: PaidPlanId | null) => {
    navigate({ search: plan ? `?plan=${plan}` : '' }, { state: { isChangingPlan: intent.isChangingPlan } });
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to="/dashboard" className="flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            <img src="/icons/favicon.svg" alt="" width={28} height={28} />
            <span className="max-[380px]:sr-only">{t('common.appName')}</span>
          </Link>
          <div className="ms-auto flex items-center gap-2">
            <Link to="/dashboard" className={`${linkClass} px-2 py-2 text-sm`}>
              {t('common.backToDashboard')}
            </Link>
            <LanguagePicker compact />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{changing ? t('subscribe.changeTitle') : t('subscribe.title')}</h1>
          <p className="mt-3 text-slate-600">{changing ? t('subscribe.changeSubtitle') : t('subscribe.subtitle')}</p>
        </div>

        {subscription.loading ? (
          <div className="mt-16 flex flex-col items-center gap-4 text-slate-700">
            <Spinner label={t('subscribe.loading')} />
            <p aria-hidden="true">{t('subscribe.loading')}</p>
          </div>
        ) : selected ? (
          <PaymentView
            planId={selected}
            changing={changing}
            currentPlan={changing ? current : null}
            email={user?.email ?? ''}
            onBack={() => choose(null)}
          />
        ) : (
          <>
            {sub?.status === 'trialing' && sub.trialEndsAt && (
              <p className="mx-auto mt-6 max-w-2xl rounded-lg bg-indigo-50 p-4 text-center text-sm text-indigo-900">
                {t('subscribe.trialRunning', { date: formatDate(sub.trialEndsAt, language) })}
              </p>
            )}
            <div className={`mx-auto mt-12 grid gap-8 ${hidden ? 'max-w-4xl md:grid-cols-2' : 'md:grid-cols-3'}`}>
              {plansToOffer(hidden).map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  price={priceOf(plan)}
                  headingLevel={2}
                  action={{ onClick: () => choose(plan.id as PaidPlanId) }}
                  actionLabel={plan.id === current && changing ? t('subscribe.keepAction') : changing ? t('subscribe.changeAction') : t('plans.subscribe')}
                />
              ))}
            </div>
            <p className="mt-10 text-center text-sm text-slate-600">
              {t('subscribe.help')}{' '}
              <Link to="/support" className={linkClass}>
                {t('subscribe.contactSupport')}
              </Link>
            </p>
            <p className="mt-3 text-center text-xs text-slate-500">{t('subscribe.legalNote')}</p>
            <nav aria-label={t('subscribe.legalNav')} className="mt-2 flex justify-center gap-4 text-sm">
              <Link to="/service" className={linkClass}>
                {t('subscribe.terms')}
              </Link>
              <Link to="/privacy" className={linkClass}>
                {t('subscribe.privacy')}
              </Link>
            </nav>
          </>
        )}
      </main>
    </div>
  );
}

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** The chosen plan: name, 'billed monthly', the price, the trial or change note, and Pay. */
function PaymentView({
  planId,
  changing,
  currentPlan,
  email,
  onBack,
}: {
  planId: PaidPlanId;
  changing: boolean;
  currentPlan: string | null;
  email: string;
  onBack: () => void;
}) {
  const { t, language } = useBillingT();
  const plan = planById(planId);
  const detected = useDetectedLocation();
  const where = locationResult(detected.country, detected.currency, language);
  const priceLocation = { isNigeria: where.isNigeria, currency: where.userCurrency };
  const price = paymentPriceLines(plan, priceLocation, language);
  const referrals = useBillingResource('referrals', loadReferrals);
  const discount = referrals.data?.discountAvailable === true;
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    setError(null);
    if (!email) {
      setError(t('payment.errors.emailRequired'));
      return;
    }
    setProcessing(true);
    try {
      const answer = await api.post<InitializePaymentResponse>('/payments/initialize', { email, planCode: planId, isChangingPlan: changing });
      const url = answer?.data?.url;
      if (!url) {
        const key = billingMessageKey(answer?.message);
        throw new InitError(key ? t(key) : answer?.message || t('payment.errors.initFailedShort'));
      }
      savePendingPayment({ reference: answer.data.reference, plan: planId, isChangingPlan: changing });
      toast({ title: t('payment.redirectingTitle'), description: t('payment.redirecting') });
      window.location.assign(url);
    } catch (failure) {
      const message = failure instanceof InitError ? failure.message : billingErrorText(t, language, failure, t('payment.errors.initFailed'));
      setError(message);
      toast({ variant: 'destructive', title: t('payment.errors.title'), description: message });
      setProcessing(false);
    }
  };

  return (
    <section aria-labelledby="payment-plan" className="mx-auto mt-8 max-w-xl">
      <button
        type="button"
        onClick={onBack}
        disabled={processing}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 rtl:rotate-180" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M15 6l-6 6 6 6" />
        </svg>
        {t('subscribe.back')}
      </button>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-indigo-700">{changing ? t('subscribe.changingTo') : t('subscribe.yourPlan')}</p>
        <h2 id="payment-plan" className="mt-1 text-2xl font-bold text-slate-900">
          {t(`plans.${plan.id}.name`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('subscribe.billedMonthly')}</p>
        <div className="mt-6 border-y border-slate-100 py-5">
          <p className="flex flex-wrap items-baseline gap-x-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900" dir="ltr">
              {price.main}
            </span>
            <span className="text-sm font-medium text-slate-600">{t('plans.perMonth')}</span>
          </p>
          {price.approximate && (
            <p className="mt-1 text-sm text-slate-600" dir="ltr">
              {price.approximate}
            </p>
          )}
          {discount && (
            <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
              {t('subscribe.discount', { percent: REFERRAL_DISCOUNT_PERCENT, price: discountedPrice(plan, priceLocation, REFERRAL_DISCOUNT_PERCENT, language) })}
            </p>
          )}
        </div>
        <PlanIncludes planId={plan.id} className="mt-5" />
        {changing ? (
          <p className="mt-6 rounded-lg bg-slate-100 p-4 text-sm text-slate-800">
            {currentPlan === planId
              ? t('subscribe.keepNote', { plan: t(`plans.${planId}.name`) })
              : currentPlan
                ? t('subscribe.changeNote', { plan: t(`plans.${currentPlan}.name`) })
                : t('subscribe.changeNoteGeneric')}
          </p>
        ) : (
          <p className="mt-6 rounded-lg bg-indigo-50 p-4 text-sm text-indigo-900">{t('subscribe.trialNote')}</p>
        )}
        <p className="mt-4 text-sm text-slate-600">{t('subscribe.checkoutNote')}</p>
        {email && <p className="mt-1 text-sm break-all text-slate-600">{t('subscribe.account', { email })}</p>}
        {error && (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <Button className="mt-6 w-full" busy={processing} onClick={() => void pay()}>
          {processing ? t('subscribe.processing') : t('subscribe.pay', { price: price.main })}
        </Button>
      </div>
    </section>
  );
}

class InitError extends Error {}
