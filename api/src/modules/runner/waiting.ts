import { and, count, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { PlanLimits } from '@shared/schemas/sync';
import { reasonShowsFlags } from '@shared/scoring';
import type { Agent } from '@shared/schemas/agent';
import type { Db, Tx } from '../../store/sqlite/client';
import { holdChangeOrder } from '../../store/change-order';
import { tablesOf } from '../../store/schema/index';
import { localDayBounds, validTimeZone } from '../../kernel/zoned-time';
import { queuedAt, writeJobItem } from '../proposals/job-item-writes';
import { capLeft, usageToday } from './caps';
import type { PipelineDeps } from './deps';

/** A draft written while the agent's share was spent, as the refill weighs it. */
export interface WaitingDraft {
  id: string;
  matchScore: number;
}

/** The guard of a waiting draft no one has touched since: still a draft, outside the cap. */
const stillWaiting = (jobItems: ReturnType<typeof tablesOf>['jobItems']) =>
  and(eq(jobItems.status, 'draft'), isNull(jobItems.stage), eq(jobItems.waitingShare, true), eq(jobItems.heldByPause, false));

/** A waiting draft the agent may send on its own: also not changed by the user (an edited letter is theirs to send). */
const agentMaySend = (jobItems: ReturnType<typeof tablesOf>['jobItems']) => and(stillWaiting(jobItems), eq(jobItems.userEdited, false));

/**
 * The drafts of today (the user's local day) an auto agent wrote while its share was spent and may
 * send on its own, best first: not flagged, written by the AI with nothing for the user to check,
 * not to be sent by hand, not edited by the user. The others wait for the user's tap.
 */
export async function sendableWaiting(db: Tx, agentId: string, now: Date, timeZone: string): Promise<WaitingDraft[]> {
  const { jobItems } = tablesOf(db);
  const { start, end } = localDayBounds(now, validTimeZone(timeZone));
  const rows = await db
    .select({
      id: jobItems.id,
      matchScore: jobItems.matchScore,
      matchReason: jobItems.matchReason,
      writer: jobItems.writer,
      manualSend: jobItems.manualSend,
      review: jobItems.letterReview,
    })
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agentId), agentMaySend(jobItems), gte(jobItems.createdAt, start), lt(jobItems.createdAt, end)))
    .orderBy(desc(jobItems.matchScore), jobItems.createdAt);
  return rows
    .filter(
      // Neither a flagged draft nor one with the learned reading's doubts (a review agent's, before a switch to auto).
      (row) => !reasonShowsFlags(row.matchReason) && row.writer === 'ai' && !row.manualSend && (row.review?.problems.length ?? 0) === 0,
    )
    .map((row) => ({ id: row.id, matchScore: row.matchScore ?? 0 }));
}

/**
 * Sends the given waiting drafts (best first) as the agent's share refills: each is queued at its
 * slot (`firstSlot`, then one `gapMs` apart), in one transaction that reads the day's cap again (it
 * counts them from now on, caps.ts) and passes over a draft the user changed meanwhile. The sender
 * then sends each under its own claim, as any queued proposal. Answers how many were queued.
 */
export async function queueWaiting(
  deps: Pick<PipelineDeps, 'store' | 'clock'>,
  agent: Agent,
  drafts: readonly WaitingDraft[],
  user: { limits: PlanLimits; timeZone: string | null },
  firstSlot: number,
  gapMs: number,
): Promise<number> {
  if (drafts.length === 0) return 0;
  const { store, clock } = deps;
  const now = clock.now();
  const timeZone = validTimeZone(user.timeZone);
  return store.tx(
    async (tx) => {
      await holdChangeOrder(tx as Db, agent.userId);
      const usage = await usageToday(tx, agent.userId, agent.platform, agent.id, now, timeZone);
      const room = Math.min(drafts.length, capLeft(usage, agent.platform, user.limits), agent.emailsPerDay - usage.byAgent);
      const { jobItems } = tablesOf(tx);
      let queued = 0;
      for (const draft of drafts) {
        if (queued >= room) break;
        const item = { id: draft.id, userId: agent.userId, agentId: agent.id };
        const done = await writeJobItem(tx, item, queuedAt(new Date(firstSlot + queued * gapMs)), now, {
          guard: agentMaySend(jobItems),
          activity: 'proposal_requeued',
          data: { by: 'agent', waited: true },
        });
        if (done) queued++;
      }
      return queued;
    },
    { inTurn: agent.userId },
  );
}

/** How many of today's drafts of this agent wait for its share (or the user's tap sooner): the agent page's waiting line. An edited one is the user's alone. */
export async function countWaiting(db: Tx, agentId: string, now: Date, timeZone: string): Promise<number> {
  const { jobItems } = tablesOf(db);
  const { start, end } = localDayBounds(now, validTimeZone(timeZone));
  const [row] = await db
    .select({ n: count() })
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agentId), agentMaySend(jobItems), gte(jobItems.createdAt, start), lt(jobItems.createdAt, end)));
  return row?.n ?? 0;
}
