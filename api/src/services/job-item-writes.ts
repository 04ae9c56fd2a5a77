import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { jobItems, type JobItemRow } from '../db/schema';
import { recordActivity, type ActivityKind } from './activity';
import { recordChange } from './change-log';
import { refundCoverLetter } from './cover-letter-quota';
import { stampFieldVersions } from './field-versions';

/** The fields a user edits on a proposal; each keeps the version it last changed at (per-field conflicts). */
export const JOB_ITEM_USER_FIELDS = ['proposalRequirements', 'outcome'] as const;

type ItemRef = Pick<JobItemRow, 'id' | 'userId' | 'agentId'>;
type Insert = typeof jobItems.$inferInsert;
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
  options: { guard?: SQL; activity?: ActivityKind; data?: Record<string, unknown> } = {},
): Promise<boolean> {
  const stamped = JOB_ITEM_USER_FIELDS.filter((field) => fields[field] !== undefined);
  const written = await tx
    .update(jobItems)
    .set({
      ...fields,
      updatedAt: now,
      version: sql`${jobItems.version} + 1`,
      ...(stamped.length > 0 ? { fieldVersions: stampFieldVersions(jobItems.fieldVersions, jobItems.version, stamped) } : {}),
    })
    .where(options.guard ? and(eq(jobItems.id, item.id), options.guard) : eq(jobItems.id, item.id))
    .returning({ id: jobItems.id });
  if (written.length === 0) return false;
  await recordChange(tx, item.userId, 'jobItem', item.id, now);
  if (options.activity) await recordActivity(tx, item.userId, options.activity, now, { agentId: item.agentId, jobItemId: item.id, data: options.data ?? {} });
  return true;
}

/** Fields that end a claim (the item is no longer being written or sent by anyone). */
export const CLAIM_CLEARED = { claimToken: null, claimUntil: null } as const;

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
export async function refundLetter(tx: Tx, row: Pick<JobItemRow, 'userId' | 'proposalRequirements' | 'createdAt'>): Promise<void> {
  if (row.proposalRequirements !== null) await refundCoverLetter(tx, row.userId, row.createdAt);
}
