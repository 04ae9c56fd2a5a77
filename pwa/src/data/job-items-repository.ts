import type { JobItem } from '@shared/schemas/job-item';
import type { BidpilotDb } from './db';
import { applyJobItemEntry, isQueued, jobItemOf } from './job-items-table';
import type { JobItemOutboxEntry, JobItemOutcome, OutboxPayloads } from './outbox-table';

export interface JobItemRepositoryDeps {
  db: BidpilotDb;
  uuid?: () => string;
  now?: () => number;
  /** Called after each committed write (the app asks for a sync and registers Background Sync). */
  onWrite?: (entry: JobItemOutboxEntry) => void;
}

/** The proposal as the user saw it when deciding (the letter dialog as opened, the card as shown). */
export type SeenJobItem = Pick<JobItem, 'version'> & Partial<JobItem>;

/**
 * The user's decisions on the proposals the agents wrote. Each changes the local job item at once
 * (offline too) and queues the request in the same transaction; a refusal rolls it back. Edits and
 * approvals carry what the user saw (`seen`, the item as the dialog was opened on; the current
 * item when not given) and its version as the base, so a letter changed elsewhere since is never
 * overwritten or sent unseen.
 */
export interface JobItemRepository {
  /**
   * Sends a draft (with the letter and the bid as edited, if given; after `undoSeconds` when given):
   * status `processing` until the server sends it.
   */
  approve(id: string, letter?: string, seen?: SeenJobItem, bid?: ApprovedBid): Promise<JobItem>;
  /** Stops a proposal queued to go out: it becomes a draft again. */
  hold(id: string): Promise<JobItem>;
  /** Cancels a proposal queued to go out: status `skipped`. */
  cancel(id: string): Promise<JobItem>;
  /** Undoes a discard: a draft again. */
  restore(id: string): Promise<JobItem>;
  /** Drops a draft (or a failed proposal): status `skipped`. */
  discard(id: string): Promise<JobItem>;
  /** A draft sent by hand on the marketplace (with the letter copied there, when it is not the stored one): status `completed`. */
  markSent(id: string, letter?: string): Promise<JobItem>;
  /** Saves a draft's edited letter. */
  saveLetter(id: string, letter: string, seen?: SeenJobItem): Promise<JobItem>;
  /** What happened after sending (null clears it). */
  setOutcome(id: string, outcome: JobItemOutcome | null, seen?: SeenJobItem): Promise<JobItem>;
}

/** The bid as set in the review, and the seconds an approval waits for an Undo. */
export interface ApprovedBid {
  bidAmount?: number;
  bidPeriodDays?: number;
  undoSeconds?: number;
}

export const JOB_ITEM_NOT_FOUND = 'Job item not found';
/** The decision does not fit the item's status (for example approving what is no longer a draft). */
export const JOB_ITEM_WRONG_STATUS = 'Job item is not in a state for this';

const ALLOWED: Record<JobItemOutboxEntry['op'], (item: JobItem, payload: OutboxPayloads['editJob']) => boolean> = {
  approve: (item) => item.status === 'draft' && !item.manualSend,
  hold: (item) => isQueued(item),
  cancel: (item) => isQueued(item),
  discard: (item) => item.status === 'draft' || item.status === 'failed',
  restore: (item) => item.status === 'skipped' && item.proposalRequirements !== null,
  markSent: (item) => item.status === 'draft',
  editJob: (item, payload) => payload.proposalRequirements === undefined || item.status === 'draft',
};

export function createJobItemRepository(deps: JobItemRepositoryDeps): JobItemRepository {
  const { db } = deps;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const now = deps.now ?? Date.now;

  async function decide<Op extends JobItemOutboxEntry['op']>(
    id: string,
    op: Op,
    payload: OutboxPayloads[Op],
    seenItem?: SeenJobItem,
    seenFields: string[] = [],
  ): Promise<JobItem> {
    const result = await db.transaction('rw', db.jobItems, db.outbox, async () => {
      const row = await db.jobItems.get(id);
      if (!row) throw new Error(JOB_ITEM_NOT_FOUND);
      const current = jobItemOf(row);
      if (!ALLOWED[op](current, payload as OutboxPayloads['editJob'])) throw new Error(JOB_ITEM_WRONG_STATUS);
      const server = row.server ?? current;
      const shown = (seenItem ?? current) as Partial<JobItem> & Pick<JobItem, 'version'>;
      const base = seenFields.length > 0 ? shown.version : server.version;
      const entry = {
        id: uuid(),
        entity: 'jobItem',
        entityId: id,
        op,
        payload,
        baseVersion: base > 0 ? base : null,
        ...(seenFields.length > 0
          ? { seen: Object.fromEntries(seenFields.map((field) => [field, shown[field as keyof JobItem] ?? null])) }
          : {}),
        createdAt: now(),
        attempts: 0,
        lastError: null,
        state: 'pending',
      } as JobItemOutboxEntry;
      const next = { ...applyJobItemEntry(current, entry), updatedAt: new Date(entry.createdAt).toISOString() };
      await db.jobItems.put({ ...next, server });
      await db.outbox.add(entry);
      return { item: next, entry };
    });
    deps.onWrite?.(result.entry);
    return result.item;
  }

  return {
    approve: (id, letter, seen, bid = {}) =>
      decide(
        id,
        'approve',
        {
          ...(letter === undefined ? {} : { proposalRequirements: letter }),
          ...(bid.bidAmount === undefined ? {} : { bidAmount: bid.bidAmount }),
          ...(bid.bidPeriodDays === undefined ? {} : { bidPeriodDays: bid.bidPeriodDays }),
          ...(bid.undoSeconds ? { undoSeconds: bid.undoSeconds } : {}),
        },
        seen,
        ['proposalRequirements'],
      ),
    hold: (id) => decide(id, 'hold', {}),
    cancel: (id) => decide(id, 'cancel', {}),
    discard: (id) => decide(id, 'discard', {}),
    restore: (id) => decide(id, 'restore', {}),
    markSent: (id, letter) => decide(id, 'markSent', letter === undefined ? {} : { proposalRequirements: letter }),
    saveLetter: (id, letter, seen) => decide(id, 'editJob', { proposalRequirements: letter }, seen, ['proposalRequirements']),
    setOutcome: (id, outcome, seen) => decide(id, 'editJob', { outcome }, seen, ['outcome']),
  };
}
