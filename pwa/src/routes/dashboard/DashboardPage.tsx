import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { linkClass } from '../../components/Button';
import { NotificationSettings } from '../../components/NotificationSettings';
import { useAuth } from '../../app/auth-provider';

/** `/dashboard` (inside the signed-in layout): who is signed in, whether the email is verified, shortcuts. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const shortcuts = [
    { to: '/dashboard/search', title: t('layout.search'), text: t('dashboard.searchShortcut') },
    { to: '/dashboard/automations', title: t('layout.agents'), text: t('dashboard.agentsShortcut') },
  ];
  return (
    <>
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
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {shortcuts.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span className="block font-semibold text-slate-900">{item.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <NotificationSettings />
    </>
  );
}
