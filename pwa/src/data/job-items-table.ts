import type { JobItem } from '@shared/schemas/job-item';
import type { JobItemOutboxEntry, OutboxEntry } from './outbox-table';

/**
 * One job item (a proposal) as the screens show it. While the user's decisions on it have not
 * reached the server, `server` keeps the record as the server last confirmed it (so a refused
 * decision can be undone without the network) and the other fields show the decisions on top.
 */
export interface JobItemRow extends JobItem {
  server?: JobItem;
}

/** The job item without the local bookkeeping. */
export function jobItemOf(row: JobItemRow): JobItem {
  const { server: _server, ...item } = row;
  return item;
}

/** A proposal waiting for its send time: the user may still hold or cancel it. */
export const isQueued = (item: Pick<JobItem, 'status' | 'stage'>): boolean => item.status === 'processing' && item.stage === 'queued';

/** Whether the row shows decisions that have not reached the server yet. */
export const isJobItemPending = (row: JobItemRow): boolean => row.server !== undefined;

/** What one decision changes on the item, the way the server will. */
export function applyJobItemEntry(item: JobItem, entry: JobItemOutboxEntry): JobItem {
  switch (entry.op) {
    case 'approve':
      return {
        ...item,
        status: 'processing',
        stage: 'queued',
        sendAfter: new Date(entry.createdAt + (entry.payload.undoSeconds ?? 0) * 1000).toISOString(),
        approvedAt: new Date(entry.createdAt).toISOString(),
        lastError: null,
        heldByPause: false,
        ...(entry.payload.proposalRequirements !== undefined ? { proposalRequirements: entry.payload.proposalRequirements } : {}),
        ...(entry.payload.bidAmount !== undefined ? { bidAmount: entry.payload.bidAmount } : {}),
        ...(entry.payload.bidPeriodDays !== undefined ? { bidPeriodDays: entry.payload.bidPeriodDays } : {}),
      };
    case 'hold':
      return { ...item, status: 'draft', stage: null, sendAfter: null, approvedAt: null };
    case 'restore':
      return { ...item, status: 'draft', stage: null, sendAfter: null };
    case 'cancel':
    case 'discard':
      return { ...item, status: 'skipped', stage: null, sendAfter: null };
    case 'markSent':
      return {
        ...item,
        status: 'completed',
        lastError: null,
        heldByPause: false,
        ...(entry.payload.proposalRequirements !== undefined ? { proposalRequirements: entry.payload.proposalRequirements } : {}),
      };
    case 'editJob': {
      const next = { ...item };
      if (entry.payload.proposalRequirements !== undefined) {
        next.proposalRequirements = entry.payload.proposalRequirements;
        next.userEdited = true;
      }
      if (entry.payload.outcome !== undefined) next.outcome = entry.payload.outcome;
      return next;
    }
  }
}

/** The row to store: the server's record with the unsent decisions on top (just the record when there are none). */
export function rebaseJobItem(server: JobItem, pending: readonly OutboxEntry[]): JobItemRow {
  const decisions = pending.filter((entry): entry is JobItemOutboxEntry => entry.entity === 'jobItem');
  if (decisions.length === 0) return server;
  let item = server;
  for (const entry of decisions) item = applyJobItemEntry(item, entry);
  return { ...item, server };
}
