import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SyncNotice } from '../../data/notices-table';
import { canChooseMine } from '../../sync/notice-choice';
import { copyText, fieldLabelKey, noticePhrase, valuePhrase } from './notice-view';
import { useSyncStatus } from '../../sync/use-sync-status';
import type { SyncStatusState } from '../../sync/status-store';
import { looseT, type LooseT } from '../../lib/loose-t';
import { useAuth } from '../../session/session-provider';
import { recordTopic, toastStore } from '../../stores/toast';

/**
 * Notices name keys at run time (`errors.<code>`, the status line's key), which the typed `t`
 * cannot check; this loose view of it is for those computed keys only.
 */

type StatusView = Pick<SyncStatusState, 'active' | 'offline' | 'syncing' | 'pendingCount' | 'lastSyncedAt' | 'lastError'> &
  Partial<Pick<SyncStatusState, 'history'>>;

/** The one line the status says, most urgent first. */
export function syncStatusLine(status: StatusView): {
  key: string;
  count?: number;
  time?: number;
  stored?: number;
  total?: number;
  retry: boolean;
} {
  if (status.offline) return { key: 'sync.offline', retry: false };
  // A new device's history, newest first, while the screens already show what has come.
  if (status.syncing && status.history)
    return { key: 'sync.history', stored: status.history.stored, total: status.history.total, retry: false };
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
  const t = looseT(typedT);
  const fromStore = useSyncStatus();
  const status = given ?? fromStore;
  if (!status.active) return <span role="status" aria-live="polite" className="sr-only" />;

  const line = syncStatusLine(status);
  const time =
    line.time !== undefined ? new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(line.time) : undefined;
  const number = new Intl.NumberFormat(i18n.language);
  const text = t(line.key, {
    count: line.count,
    time,
    ...(line.total !== undefined ? { stored: number.format(line.stored ?? 0), total: number.format(line.total) } : {}),
  });
  const dot = status.offline
    ? 'bg-slate-400'
    : status.lastError
      ? 'bg-amber-500'
      : status.syncing || status.pendingCount > 0
        ? 'bg-indigo-500'
        : 'bg-emerald-500';

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

/** The text of one notice in the user's language (fields named by their labels). */
export function noticeText(t: LooseT, notice: SyncNotice): string {
  const name = notice.entityName || (notice.entity === 'jobItem' ? t('sync.unnamedProposal') : t('sync.unnamed'));
  const reason = t(`errors.${notice.code}`, { defaultValue: notice.message });
  const fields = notice.lost.map((l) => t(fieldLabelKey(notice.entity, l.field), { defaultValue: l.field })).join(', ');
  const phrase = noticePhrase(notice, { name, fields, reason });
  return t(phrase.key, phrase.values);
}

/**
 * "Use mine" on a conflict notice: the user's values written again on what they now saw. The
 * repositories load when first used: they bring the agent schemas (zod), which the sync runtime
 * itself does not need, so its first pull starts sooner without them.
 */
const chooseMine = (userId: string, notice: SyncNotice) =>
  import('../../sync/app-repositories').then((repositories) => repositories.chooseMineInApp(userId, notice));

/** One notice: what happened, the user's values beside the server's, and what they can do about it. */
function NoticeItem({ notice, status, t }: { notice: SyncNotice; status: SyncStatusState; t: LooseT }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const value = (field: string, raw: unknown) => {
    const phrase = valuePhrase(notice.entity, field, raw);
    return t(phrase.key, phrase.values);
  };
  const dismiss = () => notice.id !== undefined && status.dismissNotice(notice.id);
  const conflict = notice.kind === 'conflict';
  const buttonClass =
    'min-h-10 rounded-md border border-amber-400 bg-white px-3 font-semibold hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-current';
  return (
    <li
      data-entity={notice.entity}
      data-entity-id={notice.entityId}
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <div className="min-w-0 flex-1">
        <p className="break-words">{noticeText(t, notice)}</p>
        {notice.lost.length > 0 && (
          <dl className="mt-2 space-y-2">
            {notice.lost.map((lost) => (
              <div key={lost.field} className="break-words">
                <dt className="font-semibold">{t(fieldLabelKey(notice.entity, lost.field), { defaultValue: lost.field })}</dt>
                <dd>
                  {t('sync.yours')}: <q className="whitespace-pre-wrap">{value(lost.field, lost.yours)}</q>
                </dd>
                <dd>
                  {t('sync.theirs')}: <q className="whitespace-pre-wrap">{value(lost.field, lost.theirs)}</q>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {canChooseMine(notice) && user && (
            <>
              <button
                type="button"
                disabled={busy}
                className={buttonClass}
                onClick={() => {
                  setBusy(true);
                  void chooseMine(user.id, notice).finally(() => setBusy(false));
                }}
              >
                {t('sync.useMine')}
              </button>
              <button type="button" className={buttonClass} onClick={dismiss}>
                {t('sync.keepTheirs')}
              </button>
            </>
          )}
          {!conflict && notice.lost.length > 0 && (
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(copyText(notice))
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false));
              }}
            >
              {copied ? t('sync.copied') : t('sync.copyMine')}
            </button>
          )}
          {notice.kept && (
            <Link to="/dashboard/automations" className={`${buttonClass} inline-flex items-center`}>
              {t('sync.openDrafts')}
            </Link>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        aria-label={t('sync.dismiss')}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}

/** The changes the server refused and the conflicts, each with the user's values and a choice; nothing when there are none. */
export function SyncNotices({ status: given, className = '' }: { status?: SyncStatusState; className?: string }) {
  const { t: typedT } = useTranslation();
  const t = looseT(typedT);
  const fromStore = useSyncStatus();
  const status = given ?? fromStore;
  // A change the server did not keep: the toast that called it saved goes, so the two never stand
  // side by side. Only a notice not seen before closes toasts (a later save of the same record keeps its own).
  const seen = useRef(new Set<number | SyncNotice>());
  useEffect(() => {
    for (const notice of status.notices) {
      const key = notice.id ?? notice;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      toastStore.getState().dismissTopic(recordTopic(notice));
    }
  }, [status.notices]);
  return (
    <section aria-label={t('sync.notices')} aria-live="polite" className={className}>
      {status.notices.length > 0 && (
        <ul className="flex flex-col gap-2">
          {status.notices.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} status={status} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
