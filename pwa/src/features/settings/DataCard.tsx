import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dataExportResponseSchema, type DataExport } from '@shared/schemas/rights';
import { Button, buttonClass } from '../../ui/Button';
import { NeedsNetwork } from '../../ui/NeedsNetwork';
import { useApi, useAuthStore } from '../../session/session-provider';
import { useErrorText } from '../../lib/use-error-text';
import { useOnline } from '../../lib/use-online';
import { forgetThisDevice } from '../../sync/forget-device';
import { toast } from '../../stores/toast';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingsCard } from './SettingsCard';
import { useLooseT } from './settings-text';

/** How often the screen asks how far an archive being built has got. */
const POLL_MS = 1500;

/** "12.3 MB" in the page's language. */
function size(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/**
 * Settings → Your data: "Download my data" (an archive built on the server, its progress shown,
 * then a download until it expires; it needs the connection) and "Delete my account" (after which
 * this device forgets everything and the session ends).
 */
export function DataCard() {
  const { t, language } = useLooseT();
  const { describe } = useErrorText();
  const api = useApi();
  const authStore = useAuthStore();
  const online = useOnline();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [latest, setLatest] = useState<DataExport | null | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    try {
      setLatest((await api.get('/account/export', dataExportResponseSchema)).data);
    } catch {
      // Offline, or the server busy: the card says what it can do.
      setLatest((current) => current ?? null);
    }
  }, [api]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  // While it builds, its progress.
  useEffect(() => {
    if (latest?.status !== 'building' || !online) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [latest, online, load]);

  // The mailed link opens Settings at this card.
  useEffect(() => {
    if (hash === '#your-data') document.getElementById('your-data')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const ask = async () => {
    setAsking(true);
    setError(null);
    try {
      setLatest((await api.post('/account/export', undefined, dataExportResponseSchema)).data);
    } catch (cause) {
      setError(describe(cause, t('settings.data.export.failed')));
    } finally {
      setAsking(false);
    }
  };

  const deleted = async (purgeAfter: string) => {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(purgeAfter));
    // Nothing of the account stays on this device; then the session ends (the server ended it already).
    await forgetThisDevice();
    setDeleting(false);
    navigate('/', { replace: true });
    authStore.getState().clearSession();
    toast({ variant: 'success', title: t('settings.data.deleted.title'), description: t('settings.data.deleted.body', { date }) });
  };

  const building = latest?.status === 'building' ? latest : null;
  const ready = latest?.status === 'ready' ? latest : null;
  const formatDate = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div id="your-data" className="scroll-mt-20">
      <SettingsCard id="your-data-title" title={t('settings.data.title')} subtitle={t('settings.data.subtitle')}>
        <div className="mt-4 space-y-3">
          <h3 className="text-base font-semibold text-slate-900">{t('settings.data.export.title')}</h3>
          <p className="text-sm text-slate-600">{t('settings.data.export.text')}</p>
          <div role="status" aria-live="polite" className="space-y-2">
            {building && (
              <>
                <p className="text-sm text-slate-700">{t('settings.data.export.building', { progress: building.progress })}</p>
                <div
                  role="progressbar"
                  aria-label={t('settings.data.export.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={building.progress}
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${building.progress}%` }} />
                </div>
              </>
            )}
            {ready && (
              <p className="text-sm text-slate-700">
                {t('settings.data.export.ready', {
                  size: size(ready.size ?? 0, language),
                  date: formatDate(ready.expiresAt ?? ready.createdAt),
                })}
              </p>
            )}
            {latest?.status === 'failed' && <p className="text-sm text-red-700">{t('settings.data.export.buildFailed')}</p>}
            {latest?.status === 'expired' && <p className="text-sm text-slate-700">{t('settings.data.export.expired')}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {ready && online && (
              <a
                href={`/api/account/export/${encodeURIComponent(ready.id)}/download`}
                download={ready.fileName ?? true}
                className={buttonClass('primary')}
              >
                {t('settings.data.export.download')}
              </a>
            )}
            <Button
              variant={ready ? 'secondary' : 'primary'}
              busy={asking}
              disabled={!online || building !== null}
              onClick={() => void ask()}
            >
              {ready ? t('settings.data.export.again') : t('settings.data.export.start')}
            </Button>
          </div>
          {!online && <NeedsNetwork text={t('settings.data.export.needsNetwork')} />}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="mt-6 space-y-3 border-t border-slate-200 pt-6">
          <h3 className="text-base font-semibold text-slate-900">{t('settings.data.delete.heading')}</h3>
          <p className="text-sm text-slate-600">{t('settings.data.delete.text')}</p>
          <Button variant="danger" disabled={!online} onClick={() => setDeleting(true)}>
            {t('settings.data.delete.open')}
          </Button>
          {!online && <NeedsNetwork text={t('settings.data.delete.needsNetwork')} />}
        </div>
        <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onDeleted={deleted} />
      </SettingsCard>
    </div>
  );
}
