import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { telegramLinkResponseSchema, telegramSigninResponseSchema } from '@shared/schemas/telegram';
import type { User } from '@shared/schemas/user';
import type { AnswerParser } from '../../lib/api';
import { useAuthStore, useApi } from '../../session/session-provider';
import { browserSessionHint } from '../../lib/session-hint';
import { PageSpinner } from '../../ui/Spinner';
import { telegramFieldsFromQuery } from './settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';

/** Hashes already sent from this page: the server refuses a replay, and StrictMode runs effects twice. */
const sent = new Set<string>();

/** The callback's answer: the account linked to the signed-in user, or a Telegram sign-in (the session cookie set). */
const callbackAnswer: AnswerParser<{ linked: boolean; user: User }> = {
  parse(body) {
    const linked = telegramLinkResponseSchema.safeParse(body);
    if (linked.success) return { linked: true, user: linked.data.data.user };
    const signin = telegramSigninResponseSchema.safeParse(body);
    if (signin.success) return { linked: false, user: signin.data.data.user };
    throw new Error('The answer could not be read');
  },
};

/**
 * `/auth/telegram-callback`: the Login Widget returns here with its fields in the query string. They
 * go to `POST /api/auth/telegram-callback` as received; a signed-in user gets the account linked
 * (toast, then /settings), a visitor whose Telegram account is linked is signed in (/dashboard).
 */
export default function TelegramCallbackPage() {
  const api = useApi();
  const authStore = useAuthStore();
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const { search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fields = telegramFieldsFromQuery(search);
    const signedIn = authStore.getState().user !== null || browserSessionHint.present();
    if (!fields) {
      toast({ variant: 'destructive', title: t('settings.telegram.callbackFailed'), description: t('settings.telegram.callbackMissing') });
      navigate(signedIn ? '/settings' : '/login', { replace: true });
      return;
    }
    if (sent.has(fields.hash!)) return;
    sent.add(fields.hash!);
    void (async () => {
      try {
        const answer = await api.post('/auth/telegram-callback', fields, callbackAnswer);
        if (answer.linked) {
          authStore.getState().setUser(answer.user);
          toast({ variant: 'success', title: t('settings.telegram.linkedTitle'), description: t('settings.telegram.linkedBody') });
          navigate('/settings', { replace: true });
          return;
        }
        // The server set the session cookie with its answer; the page keeps only the user.
        authStore.getState().adoptSession(answer.user);
        toast({ variant: 'success', title: t('settings.telegram.signedInTitle') });
        navigate('/dashboard', { replace: true });
      } catch (cause) {
        toast({
          variant: 'destructive',
          title: t('settings.telegram.callbackFailed'),
          description: describe(cause, t('settings.telegram.callbackFailedBody')),
        });
        navigate(signedIn ? '/settings' : '/login', { replace: true });
      }
    })();
  }, [api, authStore, search, navigate, t, describe]);

  return <PageSpinner label={t('settings.telegram.callbackWorking')} />;
}
