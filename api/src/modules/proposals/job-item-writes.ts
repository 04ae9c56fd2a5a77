import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../store/sqlite/client';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import type { jobItems as sqliteJobItems } from '../../store/schema/sqlite';

type JobItemInsert = typeof sqliteJobItems.$inferInsert;
import { recordActivity, type ActivityKind } from '../activity/activity';
import { recordChange } from '../../store/change-log';
import { Claims } from '../../store/claims';
import { refundCoverLetter } from './cover-letter-quota';
import { stampFieldVersions } from '../../store/field-versions';
import { isFlaggedReason } from '@shared/scoring';

/** The fields a user edits on a proposal; each keeps the version it last changed at (per-field conflicts). */
export const JOB_ITEM_USER_FIELDS = ['proposalRequirements', 'outcome'] as const;

type ItemRef = Pick<JobItemRow, 'id' | 'userId' | 'agentId'>;
type Insert = JobItemInsert;
/** Column values to set; an SQL expression where a value is computed in the update (a counter). */
export type JobItemFields = { [K in keyof Insert]?: Insert[K] | SQL };

/**
 * Writes fields of one job item in the caller's store transaction: a new version (the user-editable
 * fields stamped with it), its change for sync, and an activity line when one is given. `guard`
 * narrows the update (a claim token, a stage); answers whether the row matched it, so a writer that
 * lost its claim changes nothing.
 */
export async function writeJobItem(
  tx: Tx,
  item: ItemRef,
  fields: JobItemFields,
  now: Date,
  options: WriteOptions & { guard?: SQL } = {},
): Promise<boolean> {
  const { jobItems } = tablesOf(tx);
  const written = await tx
    .update(jobItems)
    .set(versioned(jobItems, fields, now))
    .where(options.guard ? and(eq(jobItems.id, item.id), options.guard) : eq(jobItems.id, item.id))
    .returning({ id: jobItems.id });
  return written.length > 0 && (await recorded(tx, item, now, options));
}

type WriteOptions = { activity?: ActivityKind; data?: Record<string, unknown> };

/** What every write sets beside its fields: the time, a new version, the new version on each user field written. */
function versioned(jobItems: typeof sqliteJobItems, fields: JobItemFields, now: Date | Placeholder<'now'>): JobItemFields {
  const stamped = JOB_ITEM_USER_FIELDS.filter((field) => fields[field] !== undefined);
  return {
    ...fields,
    updatedAt: now as Date,
    version: sql`${jobItems.version} + 1`,
    ...(stamped.length > 0 ? { fieldVersions: stampFieldVersions(jobItems.fieldVersions, jobItems.version, stamped) } : {}),
  };
}

/** What follows a written row: its change for sync and, when one is given, its activity line. */
async function recorded(tx: Tx, item: ItemRef, now: Date, options: WriteOptions): Promise<true> {
  await recordChange(tx, item.userId, 'jobItem', item.id, now);
  if (options.activity)
    await recordActivity(tx, item.userId, options.activity, now, { agentId: item.agentId, jobItemId: item.id, data: options.data ?? {} });
  return true;
}

/**
 * `writeJobItem`'s update for a fixed set of fields, to be prepared once (store/prepared.ts) on a hot
 * path: `fields` and `guard` name by `sql.placeholder` the values each write gives. Run it with
 * `writePreparedJobItem`.
 */
export function prepareJobItemWrite(tx: Tx, fields: JobItemFields, guard?: SQL) {
  const { jobItems } = tablesOf(tx);
  const id = eq(jobItems.id, sql.placeholder('id'));
  return tx
    .update(jobItems)
    .set(versioned(jobItems, fields, sql.placeholder('now')))
    .where(guard ? and(id, guard) : id)
    .returning({ id: jobItems.id })
    .prepare();
}

/** The values of a prepared write's placeholders (a Date is encoded by its column, as in any `set`). */
type Values = Record<string, unknown>;

/** `writeJobItem` through a statement of `prepareJobItemWrite`, with its placeholders' `values`. */
export async function writePreparedJobItem(
  tx: Tx,
  statement: { all(values: Values): unknown[] | Promise<unknown[]> },
  item: ItemRef,
  values: Values,
  now: Date,
  options: WriteOptions = {},
): Promise<boolean> {
  const written = await statement.all({ ...values, id: item.id, now });
  return written.length > 0 && (await recorded(tx, item, now, options));
}

/**
 * Claims on job items (store/claims.ts): a reserved item is claimed while its letter is written, a
 * queued one while it is sent; only the claimant completes it, and recovery takes over a lapsed one.
 * The lease is the runner's (claim-times.ts), given at each claim.
 */
export const jobItemClaims = new Claims('jobItems', { leaseMs: 10 * 60_000, open: (items) => eq(items.status, 'processing') });

/** Fields that end a claim (the item is no longer being written or sent by anyone). */
export const CLAIM_CLEARED = jobItemClaims.cleared;

/** A proposal queued to go out at `at` (auto-send pacing, an approval, a retry). */
export const queuedAt = (at: Date): JobItemFields => ({ status: 'processing', stage: 'queued', sendAfter: at, ...CLAIM_CLEARED });

/** Back to the user as a draft: nothing goes out until they approve it again. */
export const heldAsDraft = (lastError: string | null = null): JobItemFields => ({
  status: 'draft',
  stage: null,
  sendAfter: null,
  approvedAt: null,
  lastError,
  ...CLAIM_CLEARED,
});

/** Cancelled or discarded: it never goes out, and the runner will not pick the job again. */
export const skipped = (): JobItemFields => ({ status: 'skipped', stage: null, sendAfter: null, ...CLAIM_CLEARED });

/** A letter that will never go out does not count against the day's quota. */
export async function refundLetter(
  tx: Tx,
  row: Pick<JobItemRow, 'userId' | 'proposalRequirements' | 'createdAt' | 'matchReason' | 'waitingShare'>,
): Promise<void> {
  // A flagged job's letter, or one written while the agent's share was spent, was never taken from
  // the quota (the runner holds them outside the cap).
  if (row.proposalRequirements !== null && !isFlaggedReason(row.matchReason) && !row.waitingShare)
    await refundCoverLetter(tx, row.userId, row.createdAt);
}
