import type { SQL } from 'drizzle-orm';
import { outcomeFlags } from '@shared/experiments/outcome-flags';
import type { JobItemOutcomeValue } from '@shared/schemas/job-item';
import type { Tx } from '../../store/sqlite/client';
import type { JobItemRow } from '../../store/schema/index';
import { recordActivity } from '../activity/activity';
import { writeJobItem, type JobItemFields } from './job-item-writes';
import { clearOutcomeSignal, outcomeSignal, recordMatchSignal } from './match-learning';

export type OutcomeSource = 'manual' | 'marketplace';

/** What an outcome change tells: the client replied, the proposal won, or it was lost. */
export type OutcomeSignal = 'replied' | 'won' | 'lost';

export interface OutcomeChange {
  /** The outcome to set (null clears it). */
  outcome: JobItemOutcomeValue | null;
  source: OutcomeSource;
  /** When the marketplace first showed a client message (marketplace only). */
  repliedAt?: Date;
  /** Other fields written in the same update (the reply's first line, the marketplace's status, …). */
  fields?: JobItemFields;
  /** Narrows the update (the outcome checker's lease): nothing changes when it does not match. */
  guard?: SQL;
}

const ACTIVITY = { replied: 'client_replied', won: 'proposal_won', lost: 'proposal_lost' } as const;

/**
 * Whether the item's outcome is the user's own mark: marked by hand, or an outcome without a source
 * (marked before outcomes were read from the marketplaces; those always record their source).
 */
export const isUserMark = (row: Pick<JobItemRow, 'outcome' | 'outcomeSource'>): boolean =>
  row.outcomeSource === 'manual' || (row.outcomeSource === null && row.outcome !== null);

/**
 * Sets a proposal's outcome in the caller's store transaction: the one path for the user's own marks and
 * for what the marketplaces show, so everything that learns from outcomes hears both the same way.
 * A mark the user set is an override: the marketplace never replaces it (its other fields, such as
 * the client's reply, are still recorded). Clearing the mark hands the outcome back to the
 * marketplace. Answers what the change newly tells (`replied`, `won`, `lost`), or null when the
 * guard did not match and nothing changed.
 *
 * Listeners of outcomes belong here: the dashboard's activity line and the per-user ranking model.
 */
export async function recordOutcome(tx: Tx, row: JobItemRow, change: OutcomeChange, now: Date): Promise<OutcomeSignal[] | null> {
  const fields: JobItemFields = { ...change.fields };
  if (change.repliedAt && row.repliedAt === null) fields.repliedAt = change.repliedAt;
  let outcome = row.outcome as JobItemOutcomeValue | null;
  let source = row.outcomeSource;
  if (change.source === 'manual') {
    outcome = change.outcome;
    source = change.outcome === null ? null : 'manual';
  } else if (!isUserMark(row)) {
    outcome = change.outcome;
    source = change.outcome === null ? row.outcomeSource : 'marketplace';
  }
  if (outcome !== row.outcome) fields.outcome = outcome;
  if (source !== row.outcomeSource) fields.outcomeSource = source;

  const before = outcomeFlags({
    status: row.status,
    outcome: row.outcome as JobItemOutcomeValue | null,
    outcomeSource: row.outcomeSource,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  });
  const repliedAt = (fields.repliedAt as Date | undefined) ?? row.repliedAt;
  const after = outcomeFlags({ status: row.status, outcome, outcomeSource: source, repliedAt: repliedAt?.toISOString() ?? null });
  const signals: OutcomeSignal[] = [];
  if (after.replied && !before.replied) signals.push('replied');
  if (after.won && !before.won) signals.push('won');
  if (outcome === 'lost' && row.outcome !== 'lost') signals.push('lost');

  if (Object.keys(fields).length === 0) return [];
  if (!(await writeJobItem(tx, row, fields, now, { guard: change.guard }))) return null;
  // The per-user matcher learns from every outcome, marked or read (modules/proposals/match-learning.ts).
  if (fields.outcome !== undefined) {
    const learned = outcomeSignal(outcome);
    if (learned) await recordMatchSignal(tx, row, learned, now);
    else await clearOutcomeSignal(tx, row);
  }
  // What the marketplace told is worth a line in the activity feed; the user knows what they marked.
  if (change.source === 'marketplace') {
    for (const signal of signals)
      await recordActivity(tx, row.userId, ACTIVITY[signal], now, {
        agentId: row.agentId,
        jobItemId: row.id,
        data: { title: row.title, platform: row.platform },
      });
  }
  return signals;
}
