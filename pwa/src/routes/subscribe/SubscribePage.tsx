import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useAuth } from '../../app/auth-provider';

/** `/subscribe` (signed in): the trial note until plans and payment arrive with a later issue. */
export default function SubscribePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="mx-auto flex max-w-2xl justify-end px-4 pt-6">
        <LanguagePicker compact />
      </div>
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('subscribe.title')}</h1>
          {user && <p className="mt-2 text-sm break-all text-slate-600">{t('subscribe.account', { email: user.email })}</p>}
          <p className="mt-6 rounded-lg bg-indigo-50 p-4 text-indigo-900">{t('subscribe.trial')}</p>
          <p className="mt-4 text-sm text-slate-600">{t('subscribe.comingSoon')}</p>
          <ButtonLink to="/dashboard" className="mt-8 w-full sm:w-auto">
            {t('subscribe.continue')}
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}
