import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_KINDS, type PushKind } from '@shared/schemas/push';
import { useAuth, useApi } from '../../session/session-provider';
import { appDb } from '../../data/app-db';
import { pushSettingsStore } from '../../data/records';
import { PUSH_SETTINGS_ID } from '../../data/records-repository';
import {
  disablePush,
  enablePush,
  loadPushSettings,
  PushEnableError,
  pushState,
  watchPushPermission,
  type PushSupport,
} from './push-subscription';
import { useOnline } from '../../lib/use-online';
import { appPushSettingsRepository } from '../../sync/app-repositories';
import { toast } from '../../stores/toast';
import { Button } from '../../ui/Button';
import { NeedsNetwork } from '../../ui/NeedsNetwork';
import { Switch } from '../../ui/Switch';

/** The notice settings as stored here (the server's, with unsent changes on top); undefined while loading. */
function useStoredPushSettings() {
  return useLiveQuery(async () => (await pushSettingsStore.read(appDb(), PUSH_SETTINGS_ID))?.view ?? null, []);
}

/**
 * Push notices on this device (one tap to enable), and which notices to get: a proposal sent, a
 * draft waiting for review, a proposal that failed. The choices are saved on this device at once
 * and synced (offline too); turning this device on or off needs the network. A permission changed
 * in the browser's settings shows without a reload, and a failed subscription says why.
 */
export function NotificationSettings() {
  const api = useApi();
  const { t } = useTranslation();
  const { user } = useAuth();
  const online = useOnline();
  const [device, setDevice] = useState<PushSupport | 'loading'>('loading');
  const [failure, setFailure] = useState<PushEnableError['step'] | 'denied' | 'unsupported' | null>(null);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const settings = useStoredPushSettings();
  const userId = user?.id ?? null;

  const refreshDevice = useCallback(() => void pushState().then(setDevice), []);
  useEffect(() => {
    refreshDevice();
    return watchPushPermission(refreshDevice);
  }, [refreshDevice]);

  // The server's settings whenever online (kept here for offline use; unsent changes stay on top).
  useEffect(() => {
    if (!userId || !online) return;
    const controller = new AbortController();
    loadPushSettings(api, controller.signal)
      .then((answer) => appPushSettingsRepository(userId).store(answer))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, userId, online]);

  const toggleDevice = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const turningOn = device !== 'on';
      const result = turningOn ? await enablePush(api) : await disablePush(api);
      setDevice(result);
      // Every outcome of a tap is said: on, or why not (blocked, or a browser that cannot).
      if (turningOn && result === 'on') toast({ variant: 'success', title: t('notifications.enabled') });
      else if (turningOn) {
        setFailure(result === 'denied' ? 'denied' : 'unsupported');
        setDetail('');
        toast({ variant: 'destructive', title: t(result === 'denied' ? 'notifications.denied' : 'notifications.unsupported') });
      }
    } catch (error) {
      const step = error instanceof PushEnableError ? error.step : 'register';
      setFailure(step);
      setDetail(error instanceof Error ? error.message : String(error));
      toast({ variant: 'destructive', title: t(`notifications.failedTo.${step}`) });
      refreshDevice();
    } finally {
      setBusy(false);
    }
  };

  const change = async (kind: PushKind, value: boolean) => {
    if (!settings || !userId) return;
    try {
      await appPushSettingsRepository(userId).edit({ [kind]: value }, settings);
    } catch {
      toast({ variant: 'destructive', title: t('notifications.failed') });
    }
  };

  const deviceText = {
    loading: '',
    unsupported: t('notifications.unsupported'),
    denied: t('notifications.denied'),
    off: t('notifications.off'),
    on: t('notifications.on'),
  }[device];

  return (
    <section aria-labelledby="notifications-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="notifications-title" className="text-lg font-semibold text-slate-900">
        {t('notifications.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {deviceText}
      </p>
      {failure && (
        <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">
            {failure === 'denied' || failure === 'unsupported' ? t(`notifications.${failure}`) : t(`notifications.failedTo.${failure}`)}
          </p>
          {detail && <p className="mt-1 break-words text-red-800">{t('notifications.failedDetail', { detail })}</p>}
        </div>
      )}
      {(device === 'on' || device === 'off') && (
        <>
          <Button
            variant={device === 'on' ? 'secondary' : 'primary'}
            className="mt-3"
            busy={busy}
            disabled={!online}
            onClick={() => void toggleDevice()}
          >
            {device === 'on' ? t('notifications.disable') : t('notifications.enable')}
          </Button>
          {!online && <NeedsNetwork className="mt-2" />}
        </>
      )}
      {settings && (
        <ul className="mt-4 space-y-1">
          {PUSH_KINDS.map((kind) => (
            <li key={kind}>
              <Switch
                checked={settings[kind]}
                onChange={(value) => void change(kind, value)}
                label={t(`notifications.kinds.${kind}`)}
                onText={`${t(`notifications.kinds.${kind}`)}: ${t('notifications.switchOn')}`}
                offText={`${t(`notifications.kinds.${kind}`)}: ${t('notifications.switchOff')}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
