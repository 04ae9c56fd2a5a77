import { useTranslation } from 'react-i18next';
import type { SyncNotice } from '../db/notices-table';
import { useSyncStatus } from '../hooks/use-sync-status';
import type { SyncStatusState } from '../sync/status-store';

/**
 * Notices name keys at run time (`errors.<code>`, the status line's key), which the typed `t`
 * cannot check; this loose view of it is for those computed keys only.
 */
type LooseT = (key: string, options?: Record<string, unknown>) => string;

type StatusView = Pick<SyncStatusState, 'active' | 'offline' | 'syncing' | 'pendingCount' | 'lastSyncedAt' | 'lastError'>;

/** The one line the status says, most urgent first. */
export function syncStatusLine(status: StatusView): { key: string; count?: number; time?: number; retry: boolean } {
  if (status.offline) return { key: 'sync.offline', retry: false };
  if (status.syncing) return { key: 'sync.syncing', retry: false };
  if (status.lastError) return { key: 'sync.failed', retry: true };
  if (status.pendingCount > 0) return { key: 'sync.pending', count: status.pendingCount, retry: true };
  if (status.lastSyncedAt !== null) return { key: 'sync.lastSynced', time: status.lastSyncedAt, retry: false };
  return { key: 'sync.never', retry: false };
}

/**
 * The sync state for the top bar: offline, syncing, "changes waiting: N", "last synced at …", in a
 * polite live region (a change is announced without interrupting). Renders nothing when signed out.
 */
export function SyncStatus({ status: given, className = '' }: { status?: SyncStatusState; className?: string }) {
  const { t: typedT, i18n } = useTranslation();
  const t = typedT as unknown as LooseT;
  const fromStore = useSyncStatus();
  const status = given ?? fromStore;
  if (!status.active) return <span role="status" aria-live="polite" className="sr-only" />;

  const line = syncStatusLine(status);
  const time = line.time !== undefined ? new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(line.time) : undefined;
  const text = t(line.key, { count: line.count, time });
  const dot = status.offline ? 'bg-slate-400' : status.lastError ? 'bg-amber-500' : status.syncing || status.pendingCount > 0 ? 'bg-indigo-500' : 'bg-emerald-500';

  return (
    <span className={`inline-flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span role="status" aria-live="polite" className="inline-flex items-center gap-2">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot} ${status.syncing ? 'animate-pulse' : ''}`} />
        <span>{text}</span>
      </span>
      {line.retry && (
        <button
          type="button"
          onClick={() => status.syncNow()}
          className="rounded-md px-1.5 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('sync.retry')}
        </button>
      )}
    </span>
  );
}

/** The text of one notice in the user's language (a conflict names the fields by their labels). */
export function noticeText(t: LooseT, notice: SyncNotice): string {
  if (notice.entity === 'jobItem') {
    const reason = t(`errors.${notice.code}`, { defaultValue: notice.message });
    return t('sync.rejectedProposal', { name: notice.entityName || t('sync.unnamedProposal'), reason });
  }
  const name = notice.entityName || t('sync.unnamed');
  if (notice.kind === 'conflict') {
    const fields = notice.lost.map((l) => t(`agents.fields.${l.field}`, { defaultValue: l.field }));
    return t('sync.conflict', { name, fields: fields.join(', ') });
  }
  const reason = t(`errors.${notice.code}`, { defaultValue: notice.message });
  const key = notice.op === 'create' ? 'sync.rejectedCreate' : notice.op === 'delete' ? 'sync.rejectedDelete' : 'sync.rejectedUpdate';
  return t(key, { name, reason });
}

/** The changes the server refused and the conflicts lost, each dismissible; nothing when there are none. */
export function SyncNotices({ status: given, className = '' }: { status?: SyncStatusState; className?: string }) {
  const { t: typedT } = useTranslation();
  const t = typedT as unknown as LooseT;
  const fromStore = useSyncStatus();
  const status = given ?? fromStore;
  return (
    <section aria-label={t('sync.notices')} aria-live="polite" className={className}>
      {status.notices.length > 0 && (
        <ul className="flex flex-col gap-2">
          {status.notices.map((notice) => (
            <li key={notice.id} className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p className="min-w-0 flex-1 break-words">{noticeText(t, notice)}</p>
              <button
                type="button"
                onClick={() => notice.id !== undefined && status.dismissNotice(notice.id)}
                className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
                aria-label={t('sync.dismiss')}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
