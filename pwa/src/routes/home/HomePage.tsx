import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button';
import { PublicPage } from '../../components/PublicPage';
import { useAuth } from '../../app/auth-provider';

/** Home: the hero. Get started goes to /dashboard when signed in, else /register; Sign in only when signed out. */
export default function HomePage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <PublicPage>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-indigo-700">{t('common.appName')}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{t('home.title')}</h1>
          <p className="mt-5 max-w-2xl text-base text-pretty text-slate-700 sm:text-lg">{t('home.pitch')}</p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to={isAuthenticated ? '/dashboard' : '/register'} className="px-6 text-base">
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
    </PublicPage>
  );
}
