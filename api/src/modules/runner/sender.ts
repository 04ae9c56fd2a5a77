import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { MANUAL_SEND_NOTE } from '@shared/schemas/job-item';
import { reasonShowsFlags } from '@shared/scoring';
import { skipLocked } from '../../store/postgres/skip-locked';
import { first, type Store } from '../../store/store';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import { MarketplaceError } from '../marketplaces/errors';
import type { Marketplaces, MarketplaceSession, PlacedProposal, Platform } from '../marketplaces/types';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import type { Metrics } from '../../kernel/metrics';
import { toAgentDto } from '../agents/agents';
import { recordChange } from '../../store/change-log';
import { CLAIM_CLEARED, heldAsDraft, jobItemClaims, queuedAt, writeJobItem, type JobItemFields } from '../proposals/job-item-writes';
import { planLimitsFor } from '../billing/plan-limits';
import { mayAlsoSendToday } from './caps';
import { claimTimes, type ClaimTimes } from './claim-times';
import { newClaimToken } from '../../store/claims';
import { proposalPath } from '@shared/app-routes';
import type { NotifierPort } from './ports';
import { localDayBounds, validTimeZone } from '../../kernel/zoned-time';

export interface SenderDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  marketplaces: Marketplaces;
  session: (userId: string, platform: Platform) => Promise<MarketplaceSession | null>;
  notifier: NotifierPort;
  claims?: Partial<ClaimTimes>;
  /** For the retry jitter; tests pin it. */
  random?: () => number;
  /** True once the process shuts down: no further proposal is claimed (runner.ts). */
  stopping?: () => boolean;
  /** Sends counted by marketplace and outcome. */
  metrics?: Metrics;
}

/** One log line and one count per send that reached an outcome. */
function reported(deps: SenderDeps, item: JobItemRow, outcome: Exclude<SendOutcome, 'skipped'>, reason?: string): SendOutcome {
  deps.metrics?.sends.inc({ platform: item.platform, outcome });
  deps.log.info('proposal send', {
    jobItemId: item.id,
    agentId: item.agentId,
    userId: item.userId,
    platform: item.platform,
    outcome,
    attempts: item.attempts + 1,
    ...(reason ? { reason } : {}),
  });
  return outcome;
}

/** Tries before a transient failure (5xx, timeout) fails the item for good. */
export const MAX_SEND_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;

export type SendOutcome = 'sent' | 'failed' | 'held' | 'skipped';

const platformName = (platform: Platform) => (platform === 'upwork' ? 'Upwork' : 'Freelancer.com');

/** Users whose proposals go out at the same time (each user's go one at a time). */
const USERS_AT_ONCE = 8;

/**
 * Sends the queued proposals that are due (auto-send pacing, or approved drafts), each under a claim.
 * Different users' proposals go out at the same time, up to USERS_AT_ONCE (one at a time, a tick
 * spent a marketplace's answer time per proposal); one user's go one after another in the order
 * read, best match first, since each claim checks the user's daily cap.
 */
export async function sendDue(deps: SenderDeps, limit = 25, onlyId?: string): Promise<{ sent: number; failed: number; held: number }> {
  const { jobItems } = tablesOf(deps.store.db);
  const due = await deps.store.db
    .select({ id: jobItems.id, userId: jobItems.userId })
    .from(jobItems)
    .where(
      and(
        eq(jobItems.status, 'processing'),
        eq(jobItems.stage, 'queued'),
        lte(jobItems.sendAfter, deps.clock.now()),
        ...(onlyId ? [eq(jobItems.id, onlyId)] : []),
      ),
    )
    // Proposals due at the same moment (drafts approved together) go best match first, then by job:
    // without it their order was the engine's (SQLite's insertion order, PostgreSQL's whatever it
    // read first), and so was which of them the daily cap holds back. NULLS LAST: both engines agree.
    .orderBy(asc(jobItems.sendAfter), sql`${jobItems.matchScore} desc nulls last`, asc(jobItems.platform), asc(jobItems.externalId))
    .limit(limit);
  const byUser = new Map<string, string[]>();
  for (const { id, userId } of due) {
    const queue = byUser.get(userId);
    if (queue) queue.push(id);
    else byUser.set(userId, [id]);
  }
  const users = [...byUser.entries()];
  const result = { sent: 0, failed: 0, held: 0 };
  const sender = async () => {
    for (let next = users.shift(); next; next = users.shift()) {
      const [userId, queue] = next;
      for (const id of queue) {
        if (deps.stopping?.()) return;
        const outcome = await sendOne(deps, id, userId);
        if (outcome !== 'skipped') result[outcome]++;
      }
    }
  };
  // Every sender ends before this answers (a failure included), so a shutdown waiting for it waits for them all.
  const ended = await Promise.allSettled(Array.from({ length: Math.min(USERS_AT_ONCE, users.length) }, sender));
  const failure = ended.find((end): end is PromiseRejectedResult => end.status === 'rejected');
  if (failure) throw failure.reason;
  return result;
}

type Claim = { kind: 'claimed'; item: JobItemRow; token: string } | { kind: 'held' } | { kind: 'skipped' };

/**
 * Claims a queued proposal for sending, in one store transaction with the checks that it may still
 * go out, all read in it: still queued and due (not held, cancelled or claimed by another sender),
 * unless the user approved it: no red flag and a model's letter (either is held as a draft) and its agent still
 * active and auto-sending; and the plan's daily cap not
 * yet reached. The claim is committed before the marketplace is asked anything. On PostgreSQL the
 * proposal's row is locked as it is read (`FOR UPDATE SKIP LOCKED`); the cap, a count over the
 * user's proposals, stays guarded by the transaction's SERIALIZABLE isolation. `userId`, when the
 * caller knows whose proposal it is, puts the claim in turn with that user's other transactions of
 * this process (the runner's reservations count against the same cap).
 */
export function claimForSend(deps: SenderDeps, itemId: string, userId?: string): Promise<Claim> {
  const { store, clock } = deps;
  const now = clock.now();
  return store.tx(
    async (tx): Promise<Claim> => {
      const { agents, jobItems, users } = tablesOf(tx);
      const itemQuery = tx.select().from(jobItems).where(eq(jobItems.id, itemId)).limit(1);
      // PostgreSQL: a proposal another sender is claiming right now is passed over, not waited for.
      const item = await first(store.dialect === 'postgres' ? skipLocked(itemQuery) : itemQuery);
      if (!item || item.status !== 'processing' || item.stage !== 'queued' || !item.sendAfter || item.sendAfter > now)
        return { kind: 'skipped' };
      // A job with red flags or the learned reading's doubts, or a letter the offline writer wrote (one
      // queued before an upgrade, say), goes out only by the user's own approval, never on an agent's say.
      const needsTap = reasonShowsFlags(item.matchReason) ? 'flagged' : item.writer !== 'ai' ? 'offline_writer' : null;
      if (!item.approvedAt && needsTap) {
        await writeJobItem(tx, item, heldAsDraft(), now, { activity: 'proposal_held', data: { reason: needsTap } });
        return { kind: 'held' };
      }
      if (!item.approvedAt) {
        const agentRow = item.agentId ? await first(tx.select().from(agents).where(eq(agents.id, item.agentId)).limit(1)) : undefined;
        const agent = agentRow ? toAgentDto(agentRow) : undefined;
        if (!agent || agent.status !== 'active' || agent.sendMode !== 'auto') {
          // Paused while auto-sending: held with its plan, to go out again when the agent resumes.
          const paused = agent?.status === 'paused' && agent.sendMode === 'auto';
          const held = paused ? { ...heldAsDraft(), sendAfter: item.sendAfter, heldByPause: true } : heldAsDraft();
          await writeJobItem(tx, item, held, now, {
            activity: 'proposal_held',
            data: { reason: agent ? 'agent_paused' : 'agent_deleted' },
          });
          return { kind: 'held' };
        }
      }
      const user = await first(
        tx
          .select({ id: users.id, createdAt: users.createdAt, timeZone: users.timeZone })
          .from(users)
          .where(eq(users.id, item.userId))
          .limit(1),
      );
      if (!user) return { kind: 'skipped' };
      const timeZone = validTimeZone(user.timeZone);
      if (!(await mayAlsoSendToday(tx, user.id, item.platform, await planLimitsFor(tx, user, now), now, timeZone))) {
        await writeJobItem(tx, item, queuedAt(localDayBounds(now, timeZone).end), now);
        return { kind: 'held' };
      }
      const token = newClaimToken();
      const claimed = await writeJobItem(
        tx,
        item,
        { stage: 'sending', ...jobItemClaims.taken(tx, token, now, claimTimes(deps.claims).sendMs) },
        now,
        { guard: and(eq(jobItems.stage, 'queued'), eq(jobItems.status, 'processing')) },
      );
      return claimed ? { kind: 'claimed', item, token } : { kind: 'skipped' };
    },
    { inTurn: userId },
  );
}

/**
 * Sends one queued proposal exactly once: claims it, asks the marketplace first when an earlier
 * POST may have landed (a crash, an unclear answer), posts it, and records the outcome with the
 * claim token, so a sender that lost its claim changes nothing. An answer that leaves it unclear
 * whether the bid exists (a refusal of any wording, a 5xx, a timeout, an unreadable body) is
 * settled by looking at the marketplace, never by guessing from the message.
 */
export async function sendOne(deps: SenderDeps, itemId: string, userId?: string): Promise<SendOutcome> {
  const claim = await claimForSend(deps, itemId, userId);
  if (claim.kind !== 'claimed') return claim.kind;
  const { item, token } = claim;
  const adapter = deps.marketplaces[item.platform].adapter;
  let session: MarketplaceSession | null;
  try {
    session = await deps.session(item.userId, item.platform);
  } catch (error) {
    // Nothing was posted this time: wait and try again.
    return settle(deps, item, token, retryLater(deps, item, error), 'held');
  }
  if (!session) {
    const note = `Connect your ${platformName(item.platform)} account to send this proposal, then approve it again.`;
    return settle(deps, item, token, heldAsDraft(note), 'held', 'proposal_held');
  }

  if (item.attempts > 0) {
    // An earlier POST may have landed before its answer was recorded: look before posting again.
    let existing: PlacedProposal | null;
    try {
      existing = await adapter.findProposal(session, item.externalId);
    } catch (error) {
      return settle(deps, item, token, retryLater(deps, item, error), 'held');
    }
    if (existing) return complete(deps, item, token, existing);
  }

  // Only the marketplace's answer is judged as a refusal; recording what it placed is not (a
  // failure there leaves the claim to run out, and the next sender looks before posting).
  let placed: PlacedProposal;
  try {
    placed = await adapter.placeProposal(session, {
      job: {
        externalId: item.externalId,
        type: item.jobType ?? 'fixed',
        minBudget: item.budgetMin,
        maxBudget: item.budgetMax,
        currency: item.bidCurrency ?? 'USD',
      },
      amount: item.bidAmount ?? 1,
      periodDays: item.bidPeriodDays ?? 7,
      coverLetter: item.proposalRequirements ?? '',
      screeningAnswers: item.screeningAnswers ?? [],
    });
  } catch (error) {
    return afterRefusal(deps, item, token, session, error);
  }
  return complete(deps, item, token, placed);
}

async function afterRefusal(
  deps: SenderDeps,
  item: JobItemRow,
  token: string,
  session: MarketplaceSession,
  error: unknown,
): Promise<SendOutcome> {
  if (error instanceof MarketplaceError) {
    // Answers that say for certain nothing was placed.
    if (item.platform === 'upwork' && error.kind === 'forbidden') {
      return settle(deps, item, token, { ...heldAsDraft(MANUAL_SEND_NOTE), manualSend: true }, 'held');
    }
    if (error.kind === 'unauthorized') return settle(deps, item, token, heldAsDraft(error.message), 'held', 'proposal_held');
    if (error.kind === 'rate_limited') return settle(deps, item, token, retryLater(deps, item, error), 'held');
  }
  let existing: PlacedProposal | null;
  try {
    existing = await deps.marketplaces[item.platform].adapter.findProposal(session, item.externalId);
  } catch (lookError) {
    deps.log.warn('could not check a proposal after a failed send', { jobItemId: item.id, error: lookError });
    return settle(deps, item, token, retryLater(deps, item, error), 'held');
  }
  if (existing) return complete(deps, item, token, existing);
  const transient = error instanceof MarketplaceError ? error.transient : false;
  if (transient && item.attempts + 1 < MAX_SEND_ATTEMPTS) return settle(deps, item, token, retryLater(deps, item, error), 'held');
  const reason = error instanceof Error ? error.message : String(error);
  return settle(
    deps,
    item,
    token,
    { status: 'failed', stage: null, sendAfter: null, lastError: reason, ...CLAIM_CLEARED },
    'failed',
    'proposal_failed',
    { reason },
    () =>
      deps.notifier.notify(item.userId, 'proposal_failed', {
        title: item.title,
        body: reason,
        url: proposalPath(item.agentId, item.id),
        jobItemId: item.id,
      }),
  );
}

/** Queued again after a backoff (or the service's Retry-After); the next try looks before posting. */
function retryLater(deps: SenderDeps, item: JobItemRow, error: unknown): JobItemFields {
  const hinted = error instanceof MarketplaceError ? error.details.retryAfterMs : undefined;
  const random = deps.random ?? Math.random;
  const wait = hinted ?? RETRY_BASE_MS * 2 ** Math.min(item.attempts, 6) * (0.5 + random() / 2);
  return { ...queuedAt(new Date(deps.clock.now().getTime() + wait)), lastError: error instanceof Error ? error.message : String(error) };
}

/**
 * Records a send's outcome, only while this sender still holds the claim (its own transaction, after
 * the marketplace answered); `notice` is recorded in that transaction when it is.
 */
async function settle(
  deps: SenderDeps,
  item: JobItemRow,
  token: string,
  fields: JobItemFields,
  outcome: Exclude<SendOutcome, 'skipped'>,
  activity?: 'proposal_failed' | 'proposal_held',
  data?: Record<string, unknown>,
  notice?: () => Promise<unknown>,
): Promise<SendOutcome> {
  const now = deps.clock.now();
  const done = await deps.store.tx(
    async (tx) => {
      if (!(await writeJobItem(tx, item, fields, now, { guard: jobItemClaims.heldBy(tx, token), activity, data }))) return false;
      await notice?.();
      return true;
    },
    { inTurn: item.userId },
  );
  if (!done) deps.log.warn('a send claim was lost before its outcome was recorded', { jobItemId: item.id });
  return done ? reported(deps, item, outcome, typeof fields.lastError === 'string' ? fields.lastError : undefined) : 'skipped';
}

/** Records a placed proposal, only while this sender still holds the claim (its own transaction, after the marketplace answered). */
async function complete(deps: SenderDeps, item: JobItemRow, token: string, placed: PlacedProposal): Promise<SendOutcome> {
  const now = deps.clock.now();
  const done = await deps.store.tx(
    async (tx) => {
      const { agents } = tablesOf(tx);
      const fields: JobItemFields = {
        status: 'completed',
        stage: null,
        sentAt: now,
        appliedDate: now,
        lastError: null,
        proposalExternalId: placed.externalId,
        ...CLAIM_CLEARED,
      };
      if (!(await writeJobItem(tx, item, fields, now, { guard: jobItemClaims.heldBy(tx, token), activity: 'proposal_sent' }))) return false;
      if (item.agentId) {
        await tx
          .update(agents)
          .set({ emailsSent: sql`${agents.emailsSent} + 1`, updatedAt: now })
          .where(eq(agents.id, item.agentId));
        await recordChange(tx, item.userId, 'agent', item.agentId, now);
      }
      await deps.notifier.notify(item.userId, 'proposal_sent', {
        title: item.title,
        body: (item.proposalRequirements ?? '').slice(0, 140),
        url: proposalPath(item.agentId, item.id),
        jobItemId: item.id,
      });
      return true;
    },
    { inTurn: item.userId },
  );
  if (!done) {
    deps.log.warn('a send claim was lost before its outcome was recorded', { jobItemId: item.id });
    return 'skipped';
  }
  return reported(deps, item, 'sent');
}
