import { useTranslation } from 'react-i18next';
import type { PlatformType } from '@shared/schemas/user';
import { buttonClass } from '../../ui/Button';
import { useHydrated } from '../../lib/use-hydrated';
import { site } from '../../lib/site';

/** Google's "G", in its four colours. */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.8 6.1C12.3 13.6 17.7 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
      <path
        fill="#FBBC05"
        d="M10.4 28.7A14.4 14.4 0 0 1 9.5 24c0-1.6.3-3.2.9-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.7-4.1-13.6-9.9l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": a link to the server, which sends the browser to Google (or the sandbox
 * provider) and back to `/auth/google/callback`. Shown once the app runs, and only where the
 * deployment has Google sign-in on; the page's own form stays the other way in.
 */
export function GoogleButton({
  intent,
  next,
  platformType,
  referralCode,
}: {
  intent: 'signin' | 'signup';
  next?: string | null;
  platformType?: PlatformType;
  referralCode?: string | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated || !site().google) return null;
  const query = new URLSearchParams({ intent });
  if (next) query.set('next', next);
  if (platformType) query.set('platformType', platformType);
  if (referralCode) query.set('referralCode', referralCode);
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('auth.google.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a href={`/api/auth/google/start?${query}`} className={buttonClass('secondary', 'mt-4 w-full')}>
        <GoogleMark />
        {intent === 'signup' ? t('auth.google.signUp') : t('auth.google.signIn')}
      </a>
    </div>
  );
}

/** Why Google sign-in did not start or finish (`?google=` on /login and /register), said on the page. */
export function GoogleNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  const text = reason === 'off' ? t('auth.google.off') : reason === 'unavailable' ? t('auth.google.unavailable') : t('auth.google.failed');
  return (
    <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      {text}
    </p>
  );
}
