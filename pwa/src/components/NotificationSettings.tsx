import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_KINDS, type PushKind, type PushSettings } from '@shared/schemas/push';
import { api } from '../app/session';
import { disablePush, enablePush, loadPushSettings, pushState, savePushSettings, type PushSupport } from '../lib/push-subscription';
import { toast } from '../stores/toast';
import { Button } from './Button';
import { Switch } from './Switch';

/**
 * Push notices on this device (one tap to enable), and which notices to get: a proposal sent, a
 * draft waiting for review, a proposal that failed.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<PushSupport | 'loading'>('loading');
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void pushState().then(setDevice);
    void loadPushSettings(api)
      .then(setSettings)
      .catch(() => setSettings(null));
  }, []);

  const toggleDevice = async () => {
    setBusy(true);
    try {
      setDevice(device === 'on' ? await disablePush(api) : await enablePush(api));
    } catch {
      toast({ variant: 'destructive', title: t('notifications.failed') });
    } finally {
      setBusy(false);
    }
  };

  const change = async (kind: PushKind, value: boolean) => {
    if (!settings) return;
    setSettings({ ...settings, [kind]: value });
    try {
      setSettings(await savePushSettings(api, { [kind]: value }));
    } catch {
      setSettings(settings);
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
      {(device === 'on' || device === 'off') && (
        <Button variant={device === 'on' ? 'secondary' : 'primary'} className="mt-3" busy={busy} onClick={() => void toggleDevice()}>
          {device === 'on' ? t('notifications.disable') : t('notifications.enable')}
        </Button>
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
