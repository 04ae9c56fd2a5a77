import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@shared/schemas/user';
import { Button } from '../../ui/Button';
import { useApi, useAuthStore } from '../../session/session-provider';
import { guard, hasFields, isRecord } from '../../lib/guards';
import { askTelegram, loadTelegramWidget } from '../../lib/telegram-widget';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';

// Checked lightly: the sign-in screen is in the first download, which zod stays out of.
const configAnswer = guard('the Telegram bot', (body): body is { botUsername: string | null; sandbox: boolean } =>
  hasFields(body, { sandbox: 'boolean' }),
);
const startAnswer = guard(
  'a Telegram login',
  (body): body is { data: { state: string; botId: string } } =>
    isRecord(body) && hasFields(body.data, { state: 'string', botId: 'string' }),
);
const signinAnswer = guard(
  'a session',
  (body): body is { data: { user: User } } =>
    isRecord(body) && isRecord(body.data) && hasFields(body.data.user, { id: 'string', email: 'string' }),
);

/**
 * "Sign in with Telegram" on the sign-in screen, shown only when the server has a real bot. The
 * login is started here (a state bound to this browser), Telegram's window answers this page, and
 * the server signs in the user who linked that Telegram account.
 */
export function TelegramSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const { describe } = useErrorText();
  const api = useApi();
  const authStore = useAuthStore();
  const [offered, setOffered] = useState(false);
  const [started, setStarted] = useState<{ state: string; botId: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/telegram/config', configAnswer, { signal: controller.signal })
      .then((config) => setOffered(Boolean(config.botUsername) && !config.sandbox))
      .catch(() => setOffered(false));
    return () => controller.abort();
  }, [api]);

  if (!offered) return null;

  const failed = (cause: unknown) =>
    toast({ variant: 'destructive', title: t('auth.login.telegramFailed'), description: describe(cause, t('auth.login.failedBody')) });

  const start = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/auth/telegram/start', undefined, startAnswer);
      await loadTelegramWidget();
      setStarted(answer.data);
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  };

  const open = async () => {
    if (!started) return;
    try {
      const fields = await askTelegram(started.botId, i18n.resolvedLanguage);
      if (!fields) return;
      setBusy(true);
      const answer = await api.post('/auth/telegram-callback', { state: started.state, fields }, signinAnswer);
      // The server set the session cookie with its answer; the page keeps only the user.
      authStore.getState().adoptSession(answer.data.user);
      toast({ variant: 'success', title: t('auth.login.telegramSignedIn') });
      onSignedIn();
    } catch (cause) {
      // The state was used or refused: another try starts again.
      setStarted(null);
      failed(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-700">
      {started ? (
        <>
          <p className="mb-2">{t('auth.login.telegramHint')}</p>
          <Button variant="secondary" busy={busy} onClick={() => void open()}>
            {t('auth.login.telegramOpen')}
          </Button>
        </>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => void start()}>
          {t('auth.login.telegram')}
        </Button>
      )}
    </div>
  );
}
