import { useEffect, useId, useState } from 'react';
import {
  telegramConfigResponseSchema,
  telegramLinkResponseSchema,
  telegramStartResponseSchema,
  telegramStatusResponseSchema,
  type TelegramConfigResponse,
  type TelegramStatusResponse,
} from '@shared/schemas/telegram';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import { isBotUsername, telegramCardView } from './settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { SettingsCard } from './SettingsCard';
import { useApi, useAuthStore } from '../../session/session-provider';
import { ignoreAnswer } from '../../lib/api';
import { askSandboxTelegram, askTelegram, loadTelegramWidget, telegramNameOf, type TelegramAnswer } from '../../lib/telegram-widget';

type Status = TelegramStatusResponse['data'];

/** Where a link started from this card stands: started (the state and bot), then Telegram's answer to confirm. */
type Linking = { state: string; botId: string; answer?: TelegramAnswer } | null;

/**
 * The Telegram card: without a real bot on the server it says Telegram is not available here. With
 * one, "Connect Telegram" starts a link bound to this session and browser and loads the widget
 * script (from telegram.org); "Open Telegram" opens Telegram's window, whose answer comes back to
 * this page (never through a URL); the user confirms "Link Telegram @x to this account?" before it
 * is sent. On a server running the sandbox bot, "Link a sandbox Telegram account" starts the same
 * link and takes a test account's login from the sandbox in place of Telegram's window, confirmed the
 * same way. A linked account shows the notify switch and Unlink.
 */
export function TelegramCard() {
  const api = useApi();
  const authStore = useAuthStore();
  const { t, language } = useLooseT();
  const { describe } = useErrorText();
  const headingId = useId();
  const [config, setConfig] = useState<TelegramConfigResponse | 'error' | undefined>(undefined);
  const [status, setStatus] = useState<Status | null | undefined>(undefined);
  const [linking, setLinking] = useState<Linking>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/telegram/config', telegramConfigResponseSchema, { signal: controller.signal })
      .then(setConfig)
      .catch(() => {
        if (!controller.signal.aborted) setConfig('error');
      });
    api
      .get('/telegram/status', telegramStatusResponseSchema, { signal: controller.signal })
      .then((s) => setStatus(s.data))
      .catch(() => {
        if (!controller.signal.aborted) setStatus(null);
      });
    return () => controller.abort();
  }, [api]);

  const linked = status === undefined ? undefined : status?.linked === true;
  const view = telegramCardView(config, linked);

  const connect = async () => {
    if (config === 'error' || !config?.botUsername || !isBotUsername(config.botUsername)) return;
    setBusy(true);
    try {
      const started = await api.post('/telegram/link/start', undefined, telegramStartResponseSchema);
      await loadTelegramWidget();
      setLinking({ state: started.data.state, botId: started.data.botId });
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.telegram.widgetFailed'), description: describe(cause, '') || undefined });
    } finally {
      setBusy(false);
    }
  };

  const connectSandbox = async () => {
    setBusy(true);
    try {
      const started = await api.post('/telegram/link/start', undefined, telegramStartResponseSchema);
      const answer = await askSandboxTelegram();
      if (answer) setLinking({ state: started.data.state, botId: started.data.botId, answer });
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.telegram.widgetFailed'), description: describe(cause, '') || undefined });
    } finally {
      setBusy(false);
    }
  };

  const openTelegram = async () => {
    if (!linking) return;
    try {
      const answer = await askTelegram(linking.botId, language);
      if (answer) setLinking({ ...linking, answer });
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.telegram.widgetFailed'), description: describe(cause, '') || undefined });
    }
  };

  const confirmLink = async () => {
    if (!linking?.answer) return;
    setBusy(true);
    try {
      const linked = await api.post(
        '/auth/telegram-callback',
        { state: linking.state, fields: linking.answer },
        telegramLinkResponseSchema,
      );
      authStore.getState().setUser(linked.data.user);
      const account = linked.telegram;
      setStatus({ linked: true, username: account.username, notify: account.notify, account });
      toast({ variant: 'success', title: t('settings.telegram.linkedTitle'), description: t('settings.telegram.linkedBody') });
    } catch (cause) {
      toast({
        variant: 'destructive',
        title: t('settings.telegram.callbackFailed'),
        description: describe(cause, t('settings.telegram.callbackFailedBody')),
      });
    } finally {
      // A state is used once: another try starts again.
      setLinking(null);
      setBusy(false);
    }
  };

  const setNotify = async (notify: boolean) => {
    if (!status) return;
    const before = status;
    setStatus({ ...status, notify });
    try {
      await api.put('/telegram/settings', { notify }, ignoreAnswer);
    } catch (cause) {
      setStatus(before);
      toast({ variant: 'destructive', title: t('settings.telegram.saveFailed'), description: describe(cause, '') || undefined });
    }
  };

  const unlink = async () => {
    if (!window.confirm(t('settings.telegram.unlinkConfirm'))) return;
    setBusy(true);
    try {
      await api.delete('/telegram/link', ignoreAnswer);
      setStatus({ linked: false, username: null, notify: false, account: null });
      toast({ variant: 'success', title: t('settings.telegram.unlinked') });
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.telegram.unlinkFailed'), description: describe(cause, '') || undefined });
    } finally {
      setBusy(false);
    }
  };

  const name = status?.username ? `@${status.username}` : [status?.account?.firstName, status?.account?.lastName].filter(Boolean).join(' ');

  return (
    <SettingsCard id={headingId} title={t('settings.telegram.title')} subtitle={t('settings.telegram.subtitle')}>
      <div className="mt-4 space-y-3 text-sm text-slate-700" aria-live="polite">
        {view === 'loading' && <p>{t('common.loading')}</p>}
        {view === 'unavailable' && <p>{t('settings.telegram.unavailable')}</p>}
        {view === 'notOnServer' && <p>{t('settings.telegram.notOnServer')}</p>}
        {view === 'sandbox' && (
          <>
            <p>{t('settings.telegram.sandboxBody')}</p>
            <Button busy={busy} onClick={() => void connectSandbox()}>
              {t('settings.telegram.sandboxConnect')}
            </Button>
          </>
        )}
        {view === 'connect' && (
          <>
            <p>{t('settings.telegram.connectBody')}</p>
            {!linking && (
              <Button busy={busy} onClick={() => void connect()}>
                {t('settings.telegram.connect')}
              </Button>
            )}
            {linking && (
              <>
                <p className="text-xs text-slate-600">{t('settings.telegram.widgetHint')}</p>
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => void openTelegram()}>{t('settings.telegram.open')}</Button>
                  <Button variant="secondary" onClick={() => setLinking(null)}>
                    {t('settings.telegram.cancel')}
                  </Button>
                </div>
              </>
            )}
          </>
        )}
        {view === 'linked' && status && (
          <>
            <p>{name ? t('settings.telegram.linkedAs', { name }) : t('settings.telegram.linked')}</p>
            <Switch
              checked={status.notify}
              onChange={(v) => void setNotify(v)}
              label={t('settings.telegram.notify')}
              onText={`${t('settings.telegram.notify')}: ${t('settings.telegram.on')}`}
              offText={`${t('settings.telegram.notify')}: ${t('settings.telegram.off')}`}
            />
            <div>
              <Button variant="secondary" busy={busy} onClick={() => void unlink()}>
                {t('settings.telegram.unlink')}
              </Button>
            </div>
          </>
        )}
      </div>
      <Dialog
        open={Boolean(linking?.answer)}
        onClose={() => {
          if (!busy) setLinking(null);
        }}
        role="alertdialog"
        size="sm"
        dismissOnOutsideClick={false}
        title={t('settings.telegram.confirmTitle', { name: linking?.answer ? telegramNameOf(linking.answer) : '' })}
        description={t('settings.telegram.confirmBody')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setLinking(null)} disabled={busy}>
              {t('settings.telegram.cancel')}
            </Button>
            <Button busy={busy} onClick={() => void confirmLink()}>
              {t('settings.telegram.confirmLink')}
            </Button>
          </>
        }
      />
    </SettingsCard>
  );
}
