import { Link, useNavigate } from 'react-router-dom';
import { SyncStatus } from '../../components/SyncStatus';
import { useTranslation } from 'react-i18next';
import { Button, linkClass } from '../../components/Button';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useAuth } from '../../app/auth-provider';

/** `/dashboard` (signed in): who is signed in, whether the email is verified, and sign-out. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4">
          <Link to="/" className="flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            <img src="/icons/favicon.svg" alt="" width={28} height={28} />
            {t('common.appName')}
          </Link>
          <div className="flex items-center gap-2">
            <SyncStatus className="hidden sm:flex" />
            <LanguagePicker compact />
            <Button
              variant="secondary"
              onClick={() => {
                void signOut().then(() => navigate('/login', { replace: true }));
              }}
            >
              {t('dashboard.signOut')}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight break-all text-slate-900 sm:text-3xl">{t('dashboard.title', { email: user.email })}</h1>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {user.emailVerified ? (
            <p className="flex items-center gap-2 text-emerald-800">
              <span aria-hidden="true">✓</span>
              {t('dashboard.verified')}
            </p>
          ) : (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-900">
              {t('dashboard.notVerified')}{' '}
              <Link to="/verify-email" state={{ email: user.email }} className={linkClass}>
                {t('dashboard.verifyLink')}
              </Link>
            </p>
          )}
          <p className="mt-4 text-slate-700">{t('dashboard.intro')}</p>
        </div>
      </main>
    </div>
  );
}
