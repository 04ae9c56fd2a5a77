import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button';
import { PublicPage } from '../../ui/PublicPage';

/** Any unknown path: 'Oops! Page not found', the path asked for, and links to / and /dashboard. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PublicPage>
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <p className="text-5xl font-extrabold text-indigo-600" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('notFound.title')}</h1>
        <p className="mt-3 break-all text-slate-700">{t('notFound.body', { path: pathname })}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            {t('notFound.dashboard')}
          </ButtonLink>
        </div>
      </div>
    </PublicPage>
  );
}
