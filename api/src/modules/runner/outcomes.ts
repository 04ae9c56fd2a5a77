import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { MarketplaceError } from '../marketplaces/errors';
import type { MarketplaceSession, Platform, ProposalFate } from '../marketplaces/types';
import type { ConversationMessage, JobItemOutcomeValue } from '@shared/schemas/job-item';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import type { JobItemFields } from '../proposals/job-item-writes';
import { isUserMark, recordOutcome } from '../proposals/outcomes';
import { firstLine, outcomeFromFate } from './outcome-rules';
import { nextCheckDelay, outcomeTimes, type OutcomeTimes } from './outcome-schedule';
import type { PipelineDeps } from './deps';
import { proposalPath } from '@shared/app-routes';

export type OutcomeDeps = Pick<PipelineDeps, 'store' | 'clock' | 'log' | 'marketplaces' | 'session' | 'notifier'>;

export interface OutcomePollOptions {
  /** This process, in the checks' leases. */
  owner: string;
  /** Proposals checked per tick (the marketplaces' rate limits are per minute). */
  batch?: number;
  /** How long a claimed check is this process's; a crashed one's lease runs out. */
  leaseMs?: number;
  times?: Partial<OutcomeTimes>;
  /** For the checks' spread; tests pin it. */
  random?: () => number;
  /** When each marketplace may be asked again after a 429 (kept by the runner between ticks). */
  pausedUntil?: Map<Platform, number>;
}

export interface OutcomePollResult {
  checked: number;
  /** Proposals whose outcome or reply changed. */
  changed: number;
  replied: number;
  /** Marketplaces that answered 429 this time. */
  rateLimited: Platform[];
}

/**
 * Claims up to `limit` sent proposals whose fate is due to be read, with a lease, in one
 * transaction (several runner processes may share the database): never read yet and sent at
 * least the first wait ago, or polling with the next check due.
 */
export function claimDueChecks(
  deps: Pick<OutcomeDeps, 'store'>,
  owner: string,
  now: Date,
  times: OutcomeTimes,
  leaseMs: number,
  limit: number,
): Promise<JobItemRow[]> {
  const { jobItems } = tablesOf(deps.store.db);
  const free = or(isNull(jobItems.outcomeLeaseUntil), lt(jobItems.outcomeLeaseUntil, now));
  const due = or(
    and(isNull(jobItems.outcomeTracking), lte(jobItems.sentAt, new Date(now.getTime() - times.firstCheckMs))),
    and(eq(jobItems.outcomeTracking, 'polling'), lte(jobItems.outcomeCheckAt, now)),
  );
  return deps.store.tx(async (tx) => {
    const { jobItems } = tablesOf(tx);
    const ids = (
      await tx
        .select({ id: jobItems.id })
        .from(jobItems)
        .where(and(eq(jobItems.status, 'completed'), due, free))
        .orderBy(asc(sql`coalesce(${jobItems.outcomeCheckAt}, ${jobItems.sentAt})`))
        .limit(limit)
    ).map((row) => row.id);
    if (ids.length === 0) return [];
    return tx
      .update(jobItems)
      .set({ outcomeLeaseOwner: owner, outcomeLeaseUntil: new Date(now.getTime() + leaseMs) })
      .where(and(inArray(jobItems.id, ids), free))
      .returning();
  });
}

type Settle = { kind: 'again'; at: Date; counted: boolean } | { kind: 'stop'; tracking: 'expired' | 'unavailable' };

/**
 * Reads the fate of the sent proposals that are due, a batch per tick: per user and marketplace,
 * one call of the adapter for all of them. What changed is written through `recordOutcome` (the
 * path the user's own marks take); a first client reply sends the "Client replied" notice. Checks
 * go on with a growing wait until the outcome is final or 30 days have passed. A 429 pauses that
 * marketplace until its Retry-After: the claimed checks wait until then, uncounted.
 */
export async function pollOutcomes(deps: OutcomeDeps, options: OutcomePollOptions): Promise<OutcomePollResult> {
  const times = outcomeTimes(options.times);
  const random = options.random ?? Math.random;
  const paused = options.pausedUntil ?? new Map<Platform, number>();
  const now = deps.clock.now();
  const claimed = await claimDueChecks(deps, options.owner, now, times, options.leaseMs ?? 5 * 60_000, options.batch ?? 30);
  const result: OutcomePollResult = { checked: 0, changed: 0, replied: 0, rateLimited: [] };
  const groups = new Map<string, JobItemRow[]>();
  for (const row of claimed) groups.set(`${row.userId}|${row.platform}`, [...(groups.get(`${row.userId}|${row.platform}`) ?? []), row]);

  for (const rows of groups.values()) {
    const platform = rows[0]!.platform;
    const live: JobItemRow[] = [];
    for (const row of rows) {
      if (now.getTime() - (row.sentAt ?? now).getTime() < times.maxAgeMs) live.push(row);
      else await settle(deps, options.owner, row, { kind: 'stop', tracking: 'expired' });
    }
    if (live.length === 0) continue;
    const pausedAt = paused.get(platform) ?? 0;
    if (pausedAt > now.getTime()) {
      for (const row of live)
        await settle(deps, options.owner, row, { kind: 'again', at: new Date(pausedAt + Math.round(random() * 30_000)), counted: false });
      continue;
    }
    const again = (row: JobItemRow): Extract<Settle, { kind: 'again' }> => ({
      kind: 'again',
      at: new Date(now.getTime() + nextCheckDelay(row.outcomeChecks, times, random)),
      counted: true,
    });
    const adapter = deps.marketplaces[platform].adapter;
    if (!adapter.proposalFates) {
      for (const row of live) await settle(deps, options.owner, row, { kind: 'stop', tracking: 'unavailable' });
      continue;
    }
    try {
      const session = await deps.session(live[0]!.userId, platform);
      if (!session) {
        // Not connected (any more): the user's own marks stand; look again later, they may reconnect.
        for (const row of live) await settle(deps, options.owner, row, again(row));
        continue;
      }
      const ids = await proposalIds(deps, session, live);
      const fates = new Map(
        (
          await adapter.proposalFates(
            session,
            [...ids].map(([row, id]) => ({ jobExternalId: row.externalId, proposalExternalId: id })),
          )
        ).map((fate) => [fate.proposalExternalId, fate]),
      );
      for (const row of live) {
        const id = ids.get(row);
        const fate = id ? fates.get(id) : undefined;
        result.checked++;
        if (!fate) {
          await settle(deps, options.owner, row, again(row));
          continue;
        }
        const applied = await apply(deps, options.owner, row, fate, id!, again(row), now);
        if (applied.changed) result.changed++;
        if (applied.replied) result.replied++;
      }
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'rate_limited') {
        const until = now.getTime() + (error.details.retryAfterMs ?? 60_000);
        paused.set(platform, until);
        result.rateLimited.push(platform);
        deps.log.warn('outcome checks rate limited', { platform, retryAfterMs: error.details.retryAfterMs });
        for (const row of live)
          await settle(deps, options.owner, row, { kind: 'again', at: new Date(until + Math.round(random() * 30_000)), counted: false });
      } else if (error instanceof MarketplaceError && error.kind === 'forbidden') {
        // The connection may not read proposals: the user's own marks are all there is.
        for (const row of live) await settle(deps, options.owner, row, { kind: 'stop', tracking: 'unavailable' });
      } else {
        deps.log.warn('outcome check failed', { platform, error });
        for (const row of live) await settle(deps, options.owner, row, again(row));
      }
    }
  }
  return result;
}

/**
 * The marketplace's proposal id of each item: the one recorded at sending, else (an Upwork
 * proposal the user sent by hand) the one the marketplace shows for the job, if any yet.
 */
async function proposalIds(deps: OutcomeDeps, session: MarketplaceSession, rows: JobItemRow[]): Promise<Map<JobItemRow, string>> {
  const ids = new Map<JobItemRow, string>();
  for (const row of rows) {
    if (row.proposalExternalId) ids.set(row, row.proposalExternalId);
    else {
      const found = await deps.marketplaces[row.platform].adapter.findProposal(session, row.externalId);
      if (found) ids.set(row, found.externalId);
    }
  }
  return ids;
}

async function apply(
  deps: OutcomeDeps,
  owner: string,
  row: JobItemRow,
  fate: ProposalFate,
  proposalId: string,
  next: Extract<Settle, { kind: 'again' }>,
  now: Date,
): Promise<{ changed: boolean; replied: boolean }> {
  const { jobItems } = tablesOf(deps.store.db);
  const polled = isUserMark(row) ? null : (row.outcome as JobItemOutcomeValue | null);
  const { outcome, final } = outcomeFromFate(polled, fate);
  const reply = row.repliedAt === null && fate.clientMessage ? fate.clientMessage : null;
  const tracking = final ? 'done' : 'polling';
  const visible: JobItemFields = {};
  if (reply) visible.clientReply = firstLine(reply.text, 500);
  // The whole conversation as it stands now (a later message, the freelancer's answers): kept when the
  // connection may read messages, else what was read before stays.
  if (fate.messagesReadable && !sameConversation(row.conversation ?? [], fate.conversation)) visible.conversation = fate.conversation;
  if (fate.raw !== row.marketStatus) visible.marketStatus = fate.raw;
  if (tracking !== row.outcomeTracking) visible.outcomeTracking = tracking;
  if (proposalId !== row.proposalExternalId) visible.proposalExternalId = proposalId;
  const bookkeeping: JobItemFields = {
    outcomeCheckAt: final ? null : next.at,
    outcomeChecks: row.outcomeChecks + 1,
    outcomeLeaseOwner: null,
    outcomeLeaseUntil: null,
  };
  const outcomeChanges = !isUserMark(row) && outcome !== row.outcome;
  const guard = eq(jobItems.outcomeLeaseOwner, owner);
  if (!outcomeChanges && !reply && Object.keys(visible).length === 0) {
    // Nothing the user would see: no new version, no sync traffic.
    await deps.store.tx(async (tx) => {
      const { jobItems } = tablesOf(tx);
      await tx
        .update(jobItems)
        .set(bookkeeping)
        .where(and(eq(jobItems.id, row.id), guard));
    });
    return { changed: false, replied: false };
  }
  const repliedAt = reply
    ? new Date(reply.at && !Number.isNaN(Date.parse(reply.at)) && Date.parse(reply.at) <= now.getTime() ? reply.at : now.toISOString())
    : undefined;
  const signals = await deps.store.tx(async (tx) => {
    const recorded = await recordOutcome(
      tx,
      row,
      { outcome, source: 'marketplace', repliedAt, fields: { ...visible, ...bookkeeping }, guard },
      now,
    );
    if (recorded !== null && reply) {
      await deps.notifier.notify(row.userId, 'client_replied', {
        title: row.title,
        body: firstLine(reply.text),
        url: proposalPath(row.agentId, row.id),
        jobItemId: row.id,
      });
    }
    return recorded;
  });
  if (signals === null) return { changed: false, replied: false };
  return { changed: true, replied: reply !== null };
}

function sameConversation(a: readonly ConversationMessage[], b: readonly ConversationMessage[]): boolean {
  // Field by field: PostgreSQL's jsonb gives the keys back in its own order.
  const same = (x: ConversationMessage, y: ConversationMessage | undefined) =>
    y !== undefined && x.id === y.id && x.from === y.from && x.at === y.at && x.text === y.text;
  return a.length === b.length && a.every((message, i) => same(message, b[i]));
}

/** Ends a check without reading anything new: next time, or stop (expired, unavailable). */
async function settle(deps: OutcomeDeps, owner: string, row: JobItemRow, how: Settle): Promise<void> {
  const { jobItems } = tablesOf(deps.store.db);
  const release = { outcomeLeaseOwner: null, outcomeLeaseUntil: null };
  const guard = and(eq(jobItems.id, row.id), eq(jobItems.outcomeLeaseOwner, owner));
  const fields: JobItemFields =
    how.kind === 'again'
      ? { ...release, outcomeCheckAt: how.at, ...(how.counted ? { outcomeChecks: row.outcomeChecks + 1 } : {}) }
      : { ...release, outcomeCheckAt: null, outcomeTracking: how.tracking };
  // A first check that learned nothing still starts the polling (the app shows it).
  if (how.kind === 'again' && row.outcomeTracking === null) fields.outcomeTracking = 'polling';
  if (fields.outcomeTracking === undefined || fields.outcomeTracking === row.outcomeTracking) {
    await deps.store.tx(async (tx) => {
      const { jobItems } = tablesOf(tx);
      await tx.update(jobItems).set(fields).where(guard);
    });
    return;
  }
  const now = deps.clock.now();
  await deps.store.tx((tx) => {
    const { jobItems } = tablesOf(tx);
    return recordOutcome(
      tx,
      row,
      { outcome: row.outcome as JobItemOutcomeValue | null, source: 'marketplace', fields, guard: eq(jobItems.outcomeLeaseOwner, owner) },
      now,
    );
  });
}
