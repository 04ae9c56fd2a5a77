import { and, eq, inArray, isNotNull, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_DAYS } from '@shared/schemas/sync';
import type { Config } from '../kernel/config';
import { changedRows, first, type Store } from './store';
import { tablesOf } from './schema/index';
import { MAIL_GIVEN_UP } from './schema/tables/mail';
import { recordChange } from './change-log';
import type { Tx } from './sqlite/client';
import { sweepRateHits } from './rate-hits';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Days each kind of record is kept (0: for ever): RETENTION_* in the settings, README "Retention". */
export type Retention = Config['retention'];

/** The defaults, as the settings give them (kernel/config.ts). */
export const DEFAULT_RETENTION: Retention = {
  authDays: 30,
  seenJobsDays: 90,
  activityDays: 180,
  tombstonesDays: 90,
  unsentItemsDays: 90,
  sentItemsDays: 730,
  mailDays: 14,
};

/** Job items deleted per sweep and kind: a sweep stays a short transaction; the next tick takes the rest. */
const ITEMS_PER_SWEEP = 500;

/** Hours of a user's marketplace call counts kept (modules/marketplaces/call-budget.ts: the current hour is what is checked and shown). */
export const MARKETPLACE_CALLS_KEPT_HOURS = 48;

/** The retention mark of the newest tombstone deleted: a cursor older than it pulls everything again. */
export const CHANGE_LOG_FLOOR = 'change_log_floor';

export interface Swept {
  rateHits: number;
  oauthStates: number;
  idempotencyKeys: number;
  wakeups: number;
  billingClaims: number;
  marketplaceCalls: number;
  sessions: number;
  codes: number;
  seenJobs: number;
  activity: number;
  unsentItems: number;
  sentItems: number;
  tombstones: number;
  mail: number;
}

/**
 * Deletes what nobody can use any more, and what the retention settings no longer keep. Always:
 * rate-limit hits older than every window, OAuth states a day past their expiry, idempotency answers
 * past their retention, wake-ups an hour old, billing claims 30 days after they were finished, the
 * counts of marketplace calls per user and hour two days old. By
 * the settings (`retention`, days; 0 keeps for ever): sessions ended (expired or signed out) and
 * codes expired that long ago; seen jobs and activity lines; job items never sent (skipped, failed,
 * drafts left) and, far longer, those sent with their outcomes — each deleted with a tombstone, so
 * devices drop them too; tombstones themselves, leaving a floor below which a device pulls
 * everything again (modules/sync/sync.ts); sent or given-up mail in the outbox (its bodies hold
 * codes and support requests). The runner's schedule calls it (ROLE=runner or `npm start`), so it
 * runs in one place however many API processes there are; `npm run ops -- sweep` runs it by hand.
 */
export async function sweepExpired(store: Store, now: Date, retention: Retention = DEFAULT_RETENTION): Promise<Swept> {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const kept = (days: number) => days > 0;
  const shortLived = await store.tx(async (tx) => {
    const {
      billingClaims,
      idempotencyKeys,
      oauthStates,
      wakeups,
      marketplaceCalls,
      sessions,
      verificationCodes,
      seenJobs,
      activityLog,
      mailOutbox,
    } = tablesOf(tx);
    const auth = before(retention.authDays);
    const mailCutoff = before(retention.mailDays);
    return {
      rateHits: await sweepRateHits(tx, now),
      oauthStates: changedRows(await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now.getTime() - DAY)))),
      idempotencyKeys: changedRows(await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_TTL_DAYS)))),
      wakeups: changedRows(await tx.delete(wakeups).where(lt(wakeups.createdAt, new Date(now.getTime() - HOUR)))),
      billingClaims: changedRows(
        await tx.delete(billingClaims).where(and(isNotNull(billingClaims.doneAt), lt(billingClaims.doneAt, before(30)))),
      ),
      marketplaceCalls: changedRows(
        await tx
          .delete(marketplaceCalls)
          .where(lt(marketplaceCalls.hourStart, new Date(now.getTime() - MARKETPLACE_CALLS_KEPT_HOURS * HOUR))),
      ),
      sessions: kept(retention.authDays)
        ? changedRows(await tx.delete(sessions).where(or(lt(sessions.expiresAt, auth), lt(sessions.revokedAt, auth))))
        : 0,
      codes: kept(retention.authDays) ? changedRows(await tx.delete(verificationCodes).where(lt(verificationCodes.expiresAt, auth))) : 0,
      seenJobs: kept(retention.seenJobsDays)
        ? changedRows(await tx.delete(seenJobs).where(lt(seenJobs.firstSeenAt, before(retention.seenJobsDays))))
        : 0,
      activity: kept(retention.activityDays)
        ? changedRows(await tx.delete(activityLog).where(lt(activityLog.createdAt, before(retention.activityDays))))
        : 0,
      mail: kept(retention.mailDays)
        ? changedRows(
            await tx
              .delete(mailOutbox)
              .where(
                or(
                  lt(mailOutbox.sentAt, mailCutoff),
                  and(isNull(mailOutbox.sentAt), eq(mailOutbox.nextAttemptAt, MAIL_GIVEN_UP), lt(mailOutbox.createdAt, mailCutoff)),
                ),
              ),
          )
        : 0,
    };
  });
  const unsentItems = kept(retention.unsentItemsDays) ? await sweepItems(store, now, 'unsent', before(retention.unsentItemsDays)) : 0;
  const sentItems = kept(retention.sentItemsDays) ? await sweepItems(store, now, 'sent', before(retention.sentItemsDays)) : 0;
  // After the items: their own tombstones are new, and stay their full time.
  const tombstones = kept(retention.tombstonesDays) ? await sweepTombstones(store, now, before(retention.tombstonesDays)) : 0;
  return { ...shortLived, unsentItems, sentItems, tombstones };
}

/**
 * Deletes a batch of old job items, each with its tombstone for the owner's devices: `unsent`
 * (skipped, failed, or a draft nobody acted on) last changed before `cutoff`, or `sent` (completed)
 * sent before it. Items in flight (processing) are never touched.
 */
async function sweepItems(store: Store, now: Date, which: 'unsent' | 'sent', cutoff: Date): Promise<number> {
  return store.tx(async (tx) => {
    const { jobItems } = tablesOf(tx);
    const old =
      which === 'sent'
        ? and(
            eq(jobItems.status, 'completed'),
            or(lt(jobItems.sentAt, cutoff), and(isNull(jobItems.sentAt), lt(jobItems.updatedAt, cutoff))),
          )
        : and(inArray(jobItems.status, ['skipped', 'failed', 'draft']), lt(jobItems.updatedAt, cutoff));
    const rows = await tx.select({ id: jobItems.id, userId: jobItems.userId }).from(jobItems).where(old).limit(ITEMS_PER_SWEEP);
    if (rows.length === 0) return 0;
    const gone = await tx
      .delete(jobItems)
      .where(
        and(
          inArray(
            jobItems.id,
            rows.map((row) => row.id),
          ),
          old,
        ),
      )
      .returning({ id: jobItems.id, userId: jobItems.userId });
    for (const row of gone) await recordChange(tx, row.userId, 'jobItem', row.id, now, true);
    return gone.length;
  });
}

/** Deletes tombstones older than `cutoff`, raising the floor to the newest deleted position. */
async function sweepTombstones(store: Store, now: Date, cutoff: Date): Promise<number> {
  return store.tx(async (tx) => {
    const { changeLog } = tablesOf(tx);
    const old = and(eq(changeLog.deleted, true), lt(changeLog.changedAt, cutoff));
    const newest = await first(
      tx
        .select({ seq: max(changeLog.seq) })
        .from(changeLog)
        .where(old),
    );
    if (newest?.seq === null || newest?.seq === undefined) return 0;
    const deleted = changedRows(await tx.delete(changeLog).where(and(old, lte(changeLog.seq, newest.seq))));
    await raiseFloor(tx, Number(newest.seq), now);
    return deleted;
  });
}

async function raiseFloor(tx: Tx, seq: number, now: Date): Promise<void> {
  const { retentionMarks } = tablesOf(tx);
  await tx
    .insert(retentionMarks)
    .values({ key: CHANGE_LOG_FLOOR, value: seq, updatedAt: now })
    .onConflictDoUpdate({
      target: retentionMarks.key,
      set: {
        value: sql`case when excluded.value > ${retentionMarks.value} then excluded.value else ${retentionMarks.value} end`,
        updatedAt: now,
      },
    });
}

/** The newest change-log position retention has deleted a tombstone at (0: none yet). */
export async function changeLogFloor(db: Tx): Promise<number> {
  const { retentionMarks } = tablesOf(db);
  const row = await first(
    db.select({ value: retentionMarks.value }).from(retentionMarks).where(eq(retentionMarks.key, CHANGE_LOG_FLOOR)).limit(1),
  );
  return row?.value ?? 0;
}
