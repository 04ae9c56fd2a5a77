import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import type { JobItem, UpdateJobItemBody } from '@shared/schemas/job-item';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { jobItems, type JobItemRow } from '../db/schema';
import { AppError, notFound } from '../errors';
import { toJobItemDto } from './agents';
import { recordActivity } from './activity';
import { recordChange } from './change-log';
import { clearOutcomeSignal, outcomeSignal, recordMatchSignal } from './match-learning';

const itemNotFound = () => notFound('Proposal not found');

/** The user's own decisions on proposals: approve or discard a draft, edit it, mark the outcome. */
export class JobItemService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  get(userId: string, id: string): JobItem {
    return toJobItemDto(this.row(userId, id));
  }

  /** Approves a draft: it is queued to send now (a replayed approval of a sent item is a no-op). */
  approve(userId: string, id: string, letter?: string): JobItem {
    const row = this.row(userId, id);
    if (row.status === 'processing' || row.status === 'completed') return toJobItemDto(row);
    if (row.status !== 'draft') throw new AppError(ErrorCode.conflict, 'Only a draft can be approved');
    const approved = this.write(row, { status: 'processing', sendAfter: this.deps.clock.now(), lastError: null, ...(letter ? { proposalRequirements: letter } : {}) });
    recordMatchSignal(this.deps.db, row, letter && letter !== row.proposalRequirements ? 'edited' : 'approved', this.deps.clock.now());
    return approved;
  }

  /** Marks a draft the user sent by hand (Upwork without the proposals permission). */
  markSent(userId: string, id: string): JobItem {
    const row = this.row(userId, id);
    if (row.status === 'completed') return toJobItemDto(row);
    if (row.status !== 'draft') throw new AppError(ErrorCode.conflict, 'Only a draft can be marked as sent');
    const now = this.deps.clock.now();
    const sent = this.write(row, { status: 'completed', sentAt: now, appliedDate: now, lastError: null }, 'proposal_sent');
    recordMatchSignal(this.deps.db, row, 'approved', now);
    return sent;
  }

  discard(userId: string, id: string): JobItem {
    const row = this.row(userId, id);
    if (row.status === 'skipped') return toJobItemDto(row);
    if (row.status !== 'draft' && row.status !== 'failed') throw new AppError(ErrorCode.conflict, 'Only a draft or a failed proposal can be discarded');
    const discarded = this.write(row, { status: 'skipped', sendAfter: null });
    if (row.status === 'draft') recordMatchSignal(this.deps.db, row, 'discarded', this.deps.clock.now());
    return discarded;
  }

  update(userId: string, id: string, body: UpdateJobItemBody): JobItem {
    const row = this.row(userId, id);
    const { baseVersion, ...patch } = body;
    if (patch.proposalRequirements !== undefined && row.status !== 'draft') {
      throw new AppError(ErrorCode.conflict, 'Only a draft letter can be edited');
    }
    if (baseVersion !== undefined && baseVersion < row.version && patch.proposalRequirements !== undefined && patch.proposalRequirements !== row.proposalRequirements) {
      throw new AppError(ErrorCode.conflict, 'This proposal changed since you opened it', { conflictFields: ['proposalRequirements'], current: toJobItemDto(row) });
    }
    const changed = Object.fromEntries(Object.entries(patch).filter(([key, value]) => row[key as keyof JobItemRow] !== value));
    if (!Object.keys(changed).length) return toJobItemDto(row);
    const updated = this.write(row, changed);
    const now = this.deps.clock.now();
    if ('proposalRequirements' in changed) recordMatchSignal(this.deps.db, row, 'edited', now);
    if ('outcome' in changed) {
      const kind = outcomeSignal(changed.outcome as JobItem['outcome']);
      if (kind) recordMatchSignal(this.deps.db, row, kind, now);
      else clearOutcomeSignal(this.deps.db, row);
    }
    return updated;
  }

  private row(userId: string, id: string): JobItemRow {
    const row = this.deps.db.select().from(jobItems).where(and(eq(jobItems.id, id), eq(jobItems.userId, userId))).get();
    if (!row) throw itemNotFound();
    return row;
  }

  private write(row: JobItemRow, fields: Partial<typeof jobItems.$inferInsert>, activity?: 'proposal_sent'): JobItem {
    const now = this.deps.clock.now();
    return this.deps.db.transaction((tx) => {
      const updated = tx
        .update(jobItems)
        .set({ ...fields, updatedAt: now, version: sql`${jobItems.version} + 1` })
        .where(eq(jobItems.id, row.id))
        .returning()
        .get();
      recordChange(tx, row.userId, 'jobItem', row.id, now);
      if (activity) recordActivity(tx, row.userId, activity, now, { agentId: row.agentId, jobItemId: row.id, data: { manual: true } });
      return toJobItemDto(updated ?? row);
    });
  }
}
