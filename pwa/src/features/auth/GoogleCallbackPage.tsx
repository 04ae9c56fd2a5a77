import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { supportedLanguage } from '@shared/languages';
import { googleCallbackResponseSchema } from '@shared/schemas/google';
import { useApi, useAuthStore } from '../../session/session-provider';
import { useErrorText } from '../../lib/use-error-text';
import { PageSpinner } from '../../ui/Spinner';
import { toast } from '../../stores/toast';

/** Answers already posted from this page: the flow cookie is spent by the first, and StrictMode runs effects twice. */
const sent = new Set<string>();

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/auth/google/callback`: Google (or the sandbox provider) sends the browser back here. What it
 * sent goes to `POST /api/auth/google/callback` with this browser's flow cookie; the answer signs in
 * (a new account goes to onboarding), or, for an address that already has an account, asks for that
 * account's password or a mailed code first (`/auth/google/link`).
 */
export default function GoogleCallbackPage() {
  const { t, i18n } = useTranslation();
  const { describe } = useErrorText();
  const api = useApi();
  const authStore = useAuthStore();
  const { search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = search.replace(/^\?/, '');
    if (!query || sent.has(query)) return;
    sent.add(query);
    void (async () => {
      try {
        const { data } = await api.post(
          '/auth/google/callback',
          { query, language: supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? undefined, timeZone: browserTimeZone() },
          googleCallbackResponseSchema,
        );
        if (data.status === 'linkRequired') {
          navigate('/auth/google/link', { replace: true, state: { email: data.email, hasPassword: data.hasPassword } });
          return;
        }
        // The server set the session cookie with its answer; the page keeps only the user.
        authStore.getState().adoptSession(data.user);
        toast({ variant: 'success', title: t('auth.google.signedIn') });
        if (data.created) {
          navigate('/onboarding', { replace: true, state: { email: data.user.email, platformType: data.user.platformType } });
          return;
        }
        navigate(data.next ?? '/dashboard', { replace: true });
      } catch (cause) {
        toast({ variant: 'destructive', title: t('auth.google.failedTitle'), description: describe(cause, t('auth.google.failed')) });
        navigate('/login', { replace: true });
      }
    })();
  }, [api, authStore, search, navigate, t, describe, i18n]);

  return <PageSpinner label={t('auth.google.working')} />;
}
