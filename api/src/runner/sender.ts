import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents, jobItems, type JobItemRow } from '../db/schema';
import { MarketplaceError } from '../adapters/marketplace/errors';
import type { Marketplaces, MarketplaceSession, Platform } from '../adapters/marketplace/types';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { recordActivity } from '../services/activity';
import { recordChange } from '../services/change-log';
import { MANUAL_SEND_NOTE } from '@shared/schemas/job-item';
import type { NotifierPort } from './ports';

export interface SenderDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  marketplaces: Marketplaces;
  session: (userId: string, platform: Platform) => Promise<MarketplaceSession | null>;
  notifier: NotifierPort;
}

/** Tries before a transient failure (429, 5xx, timeout) fails the item for good. */
export const MAX_SEND_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;


/** Sends the queued proposals that are due (auto-send pacing, or approved drafts). */
export async function sendDue(deps: SenderDeps, limit = 25, onlyId?: string): Promise<{ sent: number; failed: number; held: number }> {
  const now = deps.clock.now();
  const due = deps.db
    .select()
    .from(jobItems)
    .where(
      and(
        eq(jobItems.status, 'processing'),
        isNotNull(jobItems.proposalRequirements),
        lte(jobItems.sendAfter, now),
        ...(onlyId ? [eq(jobItems.id, onlyId)] : []),
      ),
    )
    .orderBy(asc(jobItems.sendAfter))
    .limit(limit)
    .all();
  const result = { sent: 0, failed: 0, held: 0 };
  for (const item of due) {
    const outcome = await sendOne(deps, item);
    result[outcome]++;
  }
  return result;
}

/**
 * Sends one item. The attempt is counted before the call, so after a crash the next try knows the
 * proposal may already be out: the marketplace's own one-bid-per-project rule then answers
 * "duplicate", which means it was sent.
 */
export async function sendOne(deps: SenderDeps, item: JobItemRow): Promise<'sent' | 'failed' | 'held'> {
  const { db, clock } = deps;
  const startedAt = clock.now();
  db.update(jobItems).set({ attempts: sql`${jobItems.attempts} + 1` }).where(eq(jobItems.id, item.id)).run();
  const retrying = item.attempts > 0;
  try {
    const session = await deps.session(item.userId, item.platform);
    if (!session) throw new MarketplaceError(item.platform, 'unauthorized', `Connect your ${item.platform === 'upwork' ? 'Upwork' : 'Freelancer.com'} account to send proposals`);
    await deps.marketplaces[item.platform].adapter.placeProposal(session, {
      job: { externalId: item.externalId, type: 'fixed', minBudget: null, maxBudget: null, currency: item.bidCurrency ?? 'USD' },
      amount: item.bidAmount ?? 1,
      periodDays: item.bidPeriodDays ?? 7,
      coverLetter: item.proposalRequirements ?? '',
    });
    return markSent(deps, item);
  } catch (error) {
    if (error instanceof MarketplaceError) {
      if (retrying && /DUPLICATE/i.test(error.details.code ?? '')) return markSent(deps, item);
      if (item.platform === 'upwork' && error.kind === 'forbidden') {
        update(deps, item, { status: 'draft', sendAfter: null, lastError: MANUAL_SEND_NOTE });
        return 'held';
      }
      if (error.transient && item.attempts + 1 < MAX_SEND_ATTEMPTS) {
        const wait = error.details.retryAfterMs ?? RETRY_BASE_MS * 2 ** item.attempts * (0.5 + Math.random() / 2);
        update(deps, item, { sendAfter: new Date(startedAt.getTime() + wait), lastError: error.message });
        return 'held';
      }
    }
    const reason = error instanceof Error ? error.message : String(error);
    update(deps, item, { status: 'failed', lastError: reason }, 'proposal_failed');
    void deps.notifier.notify(item.userId, 'proposal_failed', { title: item.title, body: reason, url: `/dashboard/automations/${item.agentId ?? ''}`, jobItemId: item.id });
    return 'failed';
  }
}

function markSent(deps: SenderDeps, item: JobItemRow): 'sent' {
  const now = deps.clock.now();
  update(deps, item, { status: 'completed', sentAt: now, appliedDate: now, lastError: null }, 'proposal_sent', (tx) => {
    if (item.agentId) {
      tx.update(agents).set({ emailsSent: sql`${agents.emailsSent} + 1`, updatedAt: now }).where(eq(agents.id, item.agentId)).run();
      recordChange(tx, item.userId, 'agent', item.agentId, now);
    }
  });
  void deps.notifier.notify(item.userId, 'proposal_sent', {
    title: item.title,
    body: (item.proposalRequirements ?? '').slice(0, 140),
    url: `/dashboard/automations/${item.agentId ?? ''}`,
    jobItemId: item.id,
  });
  return 'sent';
}

function update(
  deps: SenderDeps,
  item: JobItemRow,
  fields: Partial<typeof jobItems.$inferInsert>,
  activity?: 'proposal_sent' | 'proposal_failed',
  extra?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => void,
) {
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    tx.update(jobItems)
      .set({ ...fields, updatedAt: now, version: sql`${jobItems.version} + 1` })
      .where(eq(jobItems.id, item.id))
      .run();
    recordChange(tx, item.userId, 'jobItem', item.id, now);
    if (activity) recordActivity(tx, item.userId, activity, now, { agentId: item.agentId, jobItemId: item.id, data: fields.lastError ? { reason: fields.lastError } : {} });
    extra?.(tx);
  });
}
