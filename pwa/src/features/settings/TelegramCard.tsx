import { useEffect, useId, useRef, useState } from 'react';
import {
  telegramConfigResponseSchema,
  telegramStatusResponseSchema,
  type TelegramConfigResponse,
  type TelegramStatusResponse,
} from '@shared/schemas/telegram';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { isBotUsername, telegramCardView } from './settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { SettingsCard } from './SettingsCard';
import { useApi } from '../../session/session-provider';
import { ignoreAnswer } from '../../lib/api';

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

type Status = TelegramStatusResponse['data'];

/**
 * The Telegram card: without a real bot on the server it says Telegram is not available here; with one, the Login Widget
 * script (from telegram.org) is loaded only after "Connect Telegram", and the widget returns to
 * `/auth/telegram-callback`. A linked account shows the notify switch and Unlink.
 */
export function TelegramCard() {
  const api = useApi();
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const headingId = useId();
  const widgetRef = useRef<HTMLDivElement>(null);
  const [config, setConfig] = useState<TelegramConfigResponse | 'error' | undefined>(undefined);
  const [status, setStatus] = useState<Status | null | undefined>(undefined);
  const [widgetShown, setWidgetShown] = useState(false);
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

  const connect = () => {
    if (config === 'error' || !config?.botUsername || !isBotUsername(config.botUsername)) return;
    const host = widgetRef.current;
    if (!host) return;
    host.replaceChildren();
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.setAttribute('data-telegram-login', config.botUsername);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-auth-url', new URL('/auth/telegram-callback', window.location.origin).href);
    script.onerror = () => toast({ variant: 'destructive', title: t('settings.telegram.widgetFailed') });
    host.appendChild(script);
    setWidgetShown(true);
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
        {view === 'connect' && (
          <>
            <p>{t('settings.telegram.connectBody')}</p>
            {!widgetShown && <Button onClick={connect}>{t('settings.telegram.connect')}</Button>}
            {widgetShown && <p className="text-xs text-slate-600">{t('settings.telegram.widgetHint')}</p>}
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
      {/* The widget's iframe goes here once the user asked for it. */}
      <div ref={widgetRef} className="mt-3 min-h-0" />
    </SettingsCard>
  );
}
