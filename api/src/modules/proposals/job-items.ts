import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { MARKETPLACES, type Platform } from '@shared/marketplaces';
import { bidProblems, bidProblemText } from '@shared/bids';
import { MANUAL_SEND_NOTE, type JobItem, type JobItemOutcomeValue, type UpdateJobItemBody } from '@shared/schemas/job-item';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import type { ActivityKind } from '../activity/activity';
import { toJobItemDto } from './job-item-dto';
import { conflictingFields, type Bases } from '../../store/field-versions';
import { heldAsDraft, queuedAt, refundLetter, skipped, writeJobItem, type JobItemFields } from './job-item-writes';
import { consumeCoverLetter } from './cover-letter-quota';
import { clearDecisionSignal, recordMatchSignal } from './match-learning';
import { recordOutcome } from './outcomes';

const itemNotFound = () => notFound('Proposal not found');

/**
 * A letter longer than its marketplace takes would be refused at send (Freelancer.com 1,500
 * characters, Upwork 5,000): refused here instead, while the user can still shorten it.
 */
function withinMarketplaceLimit(platform: Platform, letter: string | null | undefined): void {
  const { letterMax, name } = MARKETPLACES[platform];
  const length = letter?.trim().length ?? 0;
  if (length > letterMax)
    throw new AppError(
      ErrorCode.validation,
      `${name} accepts at most ${letterMax.toLocaleString('en-US')} characters in a proposal; this letter has ${length.toLocaleString('en-US')}. Shorten it and try again.`,
      { issues: [{ path: 'proposalRequirements', message: `At most ${letterMax} characters on ${name}` }] },
    );
}

/** The bid the user set in the review, checked against the marketplace's rules for the job (400 naming the rule). */
function withinBidRules(row: JobItemRow, bid: ReviewedBid): void {
  const terms = { platform: row.platform, jobType: row.jobType, budgetMin: row.budgetMin, budgetMax: row.budgetMax };
  const problems = bidProblems(terms, { amount: bid.amount, periodDays: bid.periodDays });
  if (problems.length === 0) return;
  const issues = problems.map((problem) => ({
    path: problem.code.startsWith('amount') ? 'bidAmount' : 'bidPeriodDays',
    message: bidProblemText(problem, row.bidCurrency),
  }));
  throw new AppError(ErrorCode.validation, issues.map((issue) => issue.message).join('. '), { issues });
}

/** The bid as the user set it in the review (absent fields keep the proposal's own), and how long the approval may still be undone. */
export interface ReviewedBid {
  amount?: number;
  periodDays?: number;
  /** Seconds before it goes out, while the user may hold it again (the inbox's Undo). */
  undoSeconds?: number;
}

/** A proposal on its way out cannot be held or cancelled any more. */
const beingSent = () => new AppError(ErrorCode.conflict, 'This proposal is being sent right now and can no longer be stopped');

/**
 * The user's own decisions on proposals: approve, hold, cancel or discard, edit, mark the outcome.
 * Each decision reads the proposal in the store transaction it writes in, so what it checked (its
 * status, its stage, its letter's version) is what the write replaces: two decisions at once, or a
 * decision and the sender, never both act on the same state.
 */
export class JobItemService {
  constructor(private readonly deps: { store: Store; clock: Clock }) {}

  async get(userId: string, id: string): Promise<JobItem> {
    return toJobItemDto(await this.row(this.deps.store.db, userId, id));
  }

  /**
   * Approves a draft: it is queued to go out now (a replayed approval of a sent or queued item is a
   * no-op). A draft the marketplace does not let us submit is sent by the user on the marketplace.
   * With the version the user reviewed it on, a letter changed since then is a conflict: nothing
   * goes out that the user did not see (their own edited letter excepted, when it is the same).
   */
  approve(userId: string, id: string, letter?: string, bases: Bases = {}, bid: ReviewedBid = {}): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      if (row.status === 'processing' || row.status === 'completed') return toJobItemDto(row);
      if (row.status !== 'draft') throw new AppError(ErrorCode.conflict, 'Only a draft can be approved');
      if (row.manualSend) throw new AppError(ErrorCode.conflict, MANUAL_SEND_NOTE);
      withinMarketplaceLimit(row.platform, letter ?? row.proposalRequirements);
      withinBidRules(row, bid);
      const base = bases.baseVersions?.proposalRequirements ?? bases.baseVersion;
      const changedLetter = base !== undefined && (row.fieldVersions.proposalRequirements ?? 1) > base;
      if (changedLetter && (letter === undefined || letter !== row.proposalRequirements))
        throw this.conflict(row, ['proposalRequirements']);
      const approved = await this.write(
        tx,
        row,
        now,
        {
          ...queuedAt(new Date(now.getTime() + (bid.undoSeconds ?? 0) * 1000)),
          approvedAt: now,
          lastError: null,
          heldByPause: false,
          ...(letter ? { proposalRequirements: letter } : {}),
          ...(bid.amount !== undefined ? { bidAmount: bid.amount } : {}),
          ...(bid.periodDays !== undefined ? { bidPeriodDays: bid.periodDays } : {}),
        },
        'proposal_approved',
      );
      await recordMatchSignal(tx, row, letter && letter !== row.proposalRequirements ? 'edited' : 'approved', now);
      return approved;
    });
  }

  /** Stops a queued proposal: it becomes a draft the user can send or discard later. */
  hold(userId: string, id: string): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      const { jobItems } = tablesOf(tx);
      if (row.status === 'draft') return toJobItemDto(row);
      if (row.status !== 'processing' || row.stage === 'writing')
        throw new AppError(ErrorCode.conflict, 'Only a proposal waiting to be sent can be held');
      if (row.stage === 'sending') throw beingSent();
      return this.write(tx, row, now, heldAsDraft(), 'proposal_held', { by: 'user' }, eq(jobItems.stage, 'queued'));
    });
  }

  /**
   * Cancels a proposal that has not gone out (queued, or a draft) for good; its cover letter goes
   * back to today's quota.
   */
  cancel(userId: string, id: string): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      const { jobItems } = tablesOf(tx);
      if (row.status === 'skipped') return toJobItemDto(row);
      if (row.status === 'draft') return this.write(tx, row, now, skipped(), 'proposal_cancelled', {}, eq(jobItems.status, 'draft'));
      if (row.status !== 'processing' || row.stage === 'writing')
        throw new AppError(ErrorCode.conflict, 'Only a proposal waiting to be sent can be cancelled');
      if (row.stage === 'sending') throw beingSent();
      return this.write(tx, row, now, skipped(), 'proposal_cancelled', {}, eq(jobItems.stage, 'queued'));
    });
  }

  /**
   * Marks a draft the user sent by hand (Upwork without the proposals permission), with the letter
   * they copied to the marketplace when it differs from the stored one: what is kept (and what the
   * experiments and the learner credit) is the text the client received.
   */
  markSent(userId: string, id: string, letter?: string): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      if (row.status === 'completed') return toJobItemDto(row);
      if (row.status !== 'draft') throw new AppError(ErrorCode.conflict, 'Only a draft can be marked as sent');
      const edited = letter !== undefined && letter !== row.proposalRequirements;
      if (edited) withinMarketplaceLimit(row.platform, letter);
      const sent = await this.write(
        tx,
        row,
        now,
        {
          status: 'completed',
          stage: null,
          sentAt: now,
          appliedDate: now,
          lastError: null,
          heldByPause: false,
          ...(edited ? { proposalRequirements: letter } : {}),
        },
        'proposal_sent',
        { manual: true },
      );
      await recordMatchSignal(tx, row, edited ? 'edited' : 'approved', now);
      return sent;
    });
  }

  /** Discards a draft or a failed proposal; a letter it held goes back to the quota of its day. */
  discard(userId: string, id: string): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      if (row.status === 'skipped') return toJobItemDto(row);
      if (row.status !== 'draft' && row.status !== 'failed')
        throw new AppError(ErrorCode.conflict, 'Only a draft or a failed proposal can be discarded');
      const discarded = await this.write(tx, row, now, skipped(), 'proposal_discarded');
      if (row.status === 'draft') await recordMatchSignal(tx, row, 'discarded', now);
      return discarded;
    });
  }

  /**
   * Undoes a discard: the draft is back, and its letter counts again against the day's quota (when
   * the quota is spent, it stays discarded: 409 with the quota's message).
   */
  restore(userId: string, id: string): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      const { jobItems } = tablesOf(tx);
      if (row.status === 'draft') return toJobItemDto(row);
      if (row.status !== 'skipped' || row.proposalRequirements === null)
        throw new AppError(ErrorCode.conflict, 'Only a discarded draft can be restored');
      await consumeCoverLetter(tx, userId, now);
      if (
        !(await writeJobItem(tx, row, { status: 'draft', stage: null, sendAfter: null }, now, {
          guard: eq(jobItems.status, 'skipped'),
          activity: 'draft_waiting',
          data: { restored: true },
        }))
      ) {
        throw new AppError(ErrorCode.conflict, 'This proposal changed meanwhile');
      }
      await clearDecisionSignal(tx, row);
      return this.current(tx, row.id);
    });
  }

  update(userId: string, id: string, body: UpdateJobItemBody): Promise<JobItem> {
    return this.decide(userId, id, async (tx, row, now) => {
      const { baseVersion, baseVersions, ...patch } = body;
      if (patch.proposalRequirements !== undefined && row.status !== 'draft') {
        throw new AppError(ErrorCode.conflict, 'Only a draft letter can be edited');
      }
      if (patch.proposalRequirements !== undefined) withinMarketplaceLimit(row.platform, patch.proposalRequirements);
      const conflicts = conflictingFields({
        patch,
        current: row as unknown as Record<string, unknown>,
        fieldVersions: row.fieldVersions,
        baseVersion,
        baseVersions,
      });
      if (conflicts.length > 0) throw this.conflict(row, conflicts);
      const changed: Record<string, unknown> = Object.fromEntries(
        Object.entries(patch).filter(([key, value]) => row[key as keyof JobItemRow] !== value),
      );
      // A letter a pause held, edited by the user: it is theirs to approve now, not the agent's to resume.
      if ('proposalRequirements' in changed && row.heldByPause) Object.assign(changed, { heldByPause: false, sendAfter: null });
      // An edited letter is the user's: the agent never sends it on its own (a waiting draft's refill passes it over).
      if ('proposalRequirements' in changed) changed.userEdited = true;
      if (!('outcome' in changed)) {
        if (!Object.keys(changed).length) return toJobItemDto(row);
        const updated = await this.write(tx, row, now, changed);
        if ('proposalRequirements' in changed) await recordMatchSignal(tx, row, 'edited', now);
        return updated;
      }
      // The user's mark goes the one way every outcome goes (modules/proposals/outcomes.ts, which also teaches the matcher).
      const { outcome, ...others } = changed as unknown as JobItemFields & { outcome: JobItemOutcomeValue | null };
      await recordOutcome(tx, row, { outcome, source: 'manual', fields: others }, now);
      if ('proposalRequirements' in others) await recordMatchSignal(tx, row, 'edited', now);
      return this.current(tx, row.id);
    });
  }

  /** 409: fields changed since the version the user saw, with the proposal as it is now. */
  private conflict(row: JobItemRow, fields: string[]): AppError {
    return new AppError(ErrorCode.conflict, `This proposal changed since you opened it: ${fields.join(', ')}`, {
      conflictFields: fields,
      current: toJobItemDto(row),
    });
  }

  /** Runs a decision in one store transaction on the user's proposal as it is in it (404: not theirs, or gone). */
  private decide(userId: string, id: string, decision: (tx: Tx, row: JobItemRow, now: Date) => Promise<JobItem>): Promise<JobItem> {
    return this.deps.store.tx(async (tx) => decision(tx, await this.row(tx, userId, id), this.deps.clock.now()));
  }

  private async row(db: Tx, userId: string, id: string): Promise<JobItemRow> {
    const { jobItems } = tablesOf(db);
    const row = await first(
      db
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.id, id), eq(jobItems.userId, userId)))
        .limit(1),
    );
    if (!row) throw itemNotFound();
    return row;
  }

  private async current(tx: Tx, id: string): Promise<JobItem> {
    const { jobItems } = tablesOf(tx);
    return toJobItemDto((await first(tx.select().from(jobItems).where(eq(jobItems.id, id)).limit(1)))!);
  }

  /**
   * Writes the decision with its activity line; `guard` makes it lose to a sender that claimed the
   * item meanwhile (409, nothing changed).
   */
  private async write(
    tx: Tx,
    row: JobItemRow,
    now: Date,
    fields: JobItemFields,
    activity?: ActivityKind,
    data: Record<string, unknown> = {},
    guard?: ReturnType<typeof eq>,
  ): Promise<JobItem> {
    if (!(await writeJobItem(tx, row, fields, now, { guard, activity, data }))) throw beingSent();
    if (fields.status === 'skipped') await refundLetter(tx, row);
    return this.current(tx, row.id);
  }
}
