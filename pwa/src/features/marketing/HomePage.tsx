import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonLink, linkClass } from '../../ui/Button';
import { FeatureIcon } from './FeatureIcon';
import { FEATURES } from './feature-list';
import { PublicPage } from '../../ui/PublicPage';
import { Section } from './Section';
import { Stars } from './Stars';
import { useAuth } from '../../session/session-provider';
import { DemoVideo, HAS_DEMO_VIDEO } from './DemoVideo';
import HomePricing from './HomePricing';

const STEPS = ['setup', 'agents', 'apply', 'track'] as const;
const TESTIMONIALS = ['amara', 'diego', 'mei'] as const;

/**
 * Home: hero, four features, how it works, the demo video, testimonials, three plans and the call
 * to action. Get started goes to /dashboard when signed in, else /register; Sign in only when signed out.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const startTo = isAuthenticated ? '/dashboard' : '/register';
  return (
    <PublicPage>
      <section className="-mt-16 bg-gradient-to-b from-indigo-50 to-white pt-16">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-indigo-700">{t('common.appName')}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{t('home.title')}</h1>
          <p className="mt-5 max-w-2xl text-base text-pretty text-slate-700 sm:text-lg">{t('home.pitch')}</p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to={startTo} className="px-6 text-base">
              {t('home.getStarted')}
            </ButtonLink>
            {!isAuthenticated && (
              <ButtonLink to="/login" variant="secondary" className="px-6 text-base">
                {t('home.signIn')}
              </ButtonLink>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('home.trial')}</p>
        </div>
      </section>

      <Section id="features" title={t('home.features.title')} subtitle={t('home.features.subtitle')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.slice(0, 4).map((feature) => (
            <li key={feature.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FeatureIcon name={feature.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.items.${feature.id}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`features.items.${feature.id}.body`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/features" className={linkClass}>
            {t('home.features.more')}
          </Link>
        </p>
      </Section>

      <Section id="how-it-works" title={t('home.steps.title')} subtitle={t('home.steps.subtitle')} className="bg-slate-50">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">{t('home.steps.stepNumber', { number: index + 1 })} </span>
                {t(`home.steps.${step}.title`)}
              </h3>
              <p className="mt-2 text-sm text-slate-700">{t(`home.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      {/* Only a real video is shown: without one configured the section is left out. */}
      {HAS_DEMO_VIDEO && (
        <Section id="demo" title={t('home.demo.title')} subtitle={t('home.demo.subtitle')}>
          <DemoVideo />
        </Section>
      )}

      <Section id="testimonials" title={t('home.testimonials.title')} subtitle={t('home.testimonials.subtitle')} className="bg-slate-50">
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((person) => (
            <li key={person}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <Stars rating={5} />
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>{t(`home.testimonials.${person}.quote`)}</p>
                </blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold text-slate-900">{t(`home.testimonials.${person}.name`)}</span>
                  {', '}
                  <span className="text-slate-600">{t(`home.testimonials.${person}.role`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-xs text-slate-600">{t('home.testimonials.note')}</p>
      </Section>

      <Section id="pricing" title={t('home.pricing.title')} subtitle={t('home.pricing.subtitle')}>
        <HomePricing />
        <p className="mt-10 text-center">
          <Link to="/pricing" className={linkClass}>
            {t('home.pricing.compare')}
          </Link>
        </p>
      </Section>

      <section aria-labelledby="cta-title" className="bg-indigo-700">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-20">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
            {t('home.cta.title')}
          </h2>
          <p className="mt-3 text-pretty text-indigo-100">{t('home.cta.body')}</p>
          <ButtonLink to={startTo} variant="secondary" className="mt-8 border-white px-6 text-base">
            {t('home.cta.button')}
          </ButtonLink>
        </div>
      </section>
    </PublicPage>
  );
}
