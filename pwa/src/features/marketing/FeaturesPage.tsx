import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button';
import { FeatureIcon } from './FeatureIcon';
import { FEATURES } from './feature-list';
import { PublicPage } from '../../ui/PublicPage';
import { useAuth } from '../../session/session-provider';

/** `/features`: the eight features and a call to action (/dashboard when signed in, else /register). */
export default function FeaturesPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <PublicPage>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">{t('features.title')}</h1>
          <p className="mt-4 text-base text-pretty text-slate-700 sm:text-lg">{t('features.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FeatureIcon name={feature.icon} />
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.items.${feature.id}.title`)}</h2>
              <p className="mt-2 text-sm text-slate-700">{t(`features.items.${feature.id}.body`)}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="features-cta" className="mt-16 rounded-2xl bg-indigo-50 px-6 py-10 text-center">
          <h2 id="features-cta" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('features.cta.title')}
          </h2>
          <p className="mt-2 text-slate-700">{t('features.cta.body')}</p>
          <ButtonLink to={isAuthenticated ? '/dashboard' : '/register'} className="mt-6 px-6 text-base">
            {isAuthenticated ? t('features.cta.dashboard') : t('features.cta.button')}
          </ButtonLink>
        </section>
      </div>
    </PublicPage>
  );
}
