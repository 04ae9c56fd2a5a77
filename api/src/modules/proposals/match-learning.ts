import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { LearningSummary } from '@shared/schemas/matching';
import { decodeMatchReason, fitPersonalModel, type PersonalModel, type SignalKind } from '@shared/scoring';
import type { JobItem } from '@shared/schemas/job-item';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf, type JobItemRow } from '../../store/schema/index';

/**
 * The user's decisions on scored jobs, kept as learning signals, and the per-user model fitted on
 * them (shared/src/matching/learner.ts). Fitting takes milliseconds; the model is cached until the
 * user's signals change. Every query is scoped to one user.
 */

const DECISIONS: ReadonlySet<SignalKind> = new Set(['approved', 'edited', 'discarded']);
/** The most recent signals a model is fitted on. */
const FIT_LIMIT = 1000;

/** The signal an outcome mark gives: a reply or an interview, a hire, a loss; null clears it. */
export function outcomeSignal(outcome: JobItem['outcome']): SignalKind | null {
  switch (outcome) {
    case 'replied':
    case 'interview':
      return 'replied';
    case 'hired':
      return 'won';
    case 'lost':
      return 'lost';
    default:
      return null;
  }
}

/**
 * Records what the user decided on a job item (or what came of it), replacing an earlier signal of
 * the same kind of slot. An approval after an edit stays an edit. Items scored before the features
 * were kept (an English reason) teach nothing and are skipped.
 */
export async function recordMatchSignal(
  tx: Tx,
  item: Pick<JobItemRow, 'id' | 'userId' | 'matchReason'>,
  kind: SignalKind,
  now: Date,
): Promise<void> {
  const { matchSignals } = tablesOf(tx);
  const { features } = decodeMatchReason(item.matchReason);
  if (!features) return;
  const slot = DECISIONS.has(kind) ? 'decision' : 'outcome';
  await tx
    .insert(matchSignals)
    .values({ userId: item.userId, jobItemId: item.id, slot, kind, features, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [matchSignals.userId, matchSignals.jobItemId, matchSignals.slot],
      set: {
        kind: kind === 'approved' ? sql`case when ${matchSignals.kind} = 'edited' then 'edited' else 'approved' end` : kind,
        features,
        updatedAt: now,
      },
    });
}

/** Forgets the outcome of a job item (its mark was taken back), in the caller's store transaction. */
export function clearOutcomeSignal(tx: Tx, item: Pick<JobItemRow, 'id' | 'userId'>): Promise<void> {
  return clearSignal(tx, item, 'outcome');
}

/** Forgets the decision on a job item (a discard was undone), in the caller's store transaction. */
export function clearDecisionSignal(tx: Tx, item: Pick<JobItemRow, 'id' | 'userId'>): Promise<void> {
  return clearSignal(tx, item, 'decision');
}

async function clearSignal(tx: Tx, item: Pick<JobItemRow, 'id' | 'userId'>, slot: 'decision' | 'outcome'): Promise<void> {
  const { matchSignals } = tablesOf(tx);
  await tx
    .delete(matchSignals)
    .where(and(eq(matchSignals.userId, item.userId), eq(matchSignals.jobItemId, item.id), eq(matchSignals.slot, slot)));
}

export class MatchLearning {
  private readonly cache = new Map<string, { key: string; model: PersonalModel | null }>();

  constructor(private readonly deps: { store: Store; clock: Clock }) {}

  async summary(userId: string): Promise<LearningSummary> {
    const { matchSignals } = tablesOf(this.deps.store.db);
    const rows = await this.deps.store.db
      .select({ kind: matchSignals.kind, n: count(), last: max(matchSignals.updatedAt) })
      .from(matchSignals)
      .where(eq(matchSignals.userId, userId))
      .groupBy(matchSignals.kind);
    const by = (kind: SignalKind) => rows.find((r) => r.kind === kind)?.n ?? 0;
    const last = rows.reduce<number | null>((latest, r) => {
      const at = r.last === null ? null : new Date(r.last as unknown as number | Date).getTime();
      return at !== null && (latest === null || at > latest) ? at : latest;
    }, null);
    return {
      signals: rows.reduce((sum, r) => sum + r.n, 0),
      approved: by('approved'),
      edited: by('edited'),
      discarded: by('discarded'),
      replied: by('replied'),
      won: by('won'),
      lost: by('lost'),
      updatedAt: last === null ? null : new Date(last).toISOString(),
    };
  }

  /** Forgets everything learnt: the score is the plain match score again. */
  async reset(userId: string): Promise<LearningSummary> {
    await this.deps.store.tx(async (tx) => {
      const { matchSignals } = tablesOf(tx);
      await tx.delete(matchSignals).where(eq(matchSignals.userId, userId));
    });
    this.cache.delete(userId);
    return this.summary(userId);
  }

  /** The user's model, fitted on their latest signals; null without any. */
  async model(userId: string): Promise<PersonalModel | null> {
    const { matchSignals } = tablesOf(this.deps.store.db);
    const { db } = this.deps.store;
    const stamp = await first(
      db
        .select({ n: count(), last: max(matchSignals.updatedAt), top: max(matchSignals.id) })
        .from(matchSignals)
        .where(eq(matchSignals.userId, userId)),
    );
    const key = `${stamp?.n ?? 0}:${String(stamp?.last ?? '')}:${stamp?.top ?? 0}`;
    const cached = this.cache.get(userId);
    if (cached?.key === key) return cached.model;
    const rows =
      (stamp?.n ?? 0) === 0
        ? []
        : await db
            .select({ kind: matchSignals.kind, features: matchSignals.features })
            .from(matchSignals)
            .where(eq(matchSignals.userId, userId))
            .orderBy(desc(matchSignals.updatedAt))
            .limit(FIT_LIMIT);
    const model = fitPersonalModel(rows);
    if (this.cache.size >= 5000) this.cache.clear();
    this.cache.set(userId, { key, model });
    return model;
  }
}
