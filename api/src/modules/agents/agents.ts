import crypto from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { AGENT_DEFAULTS, agentMessages, agentRangeIssues, type Agent, type AgentFields, type AgentStatus } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import type { Clock } from '../../kernel/clock';
import type { Db, Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import { first, type Store } from '../../store/store';
import { tablesOf, type AgentRow } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import { recordActivity } from '../activity/activity';
import { recordChange, wasDeleted } from '../../store/change-log';
import { updateSynced } from '../../store/synced-writes';
import { conflictingFields, type Bases } from '../../store/field-versions';
import { heldAsDraft, queuedAt, refundLetter, skipped, writeJobItem, type JobItemFields } from '../proposals/job-item-writes';
import { toJobItemDto } from '../proposals/job-item-dto';
import { planLimitsFor } from '../billing/plan-limits';

export const agentNotFound = () => notFound('Automation not found');

/** The columns an agent's answer is made of (not its field versions, nor its lease). */
type AgentDtoColumns = Pick<
  AgentRow,
  | 'id'
  | 'userId'
  | 'status'
  | 'fields'
  | 'createdAt'
  | 'updatedAt'
  | 'lastRun'
  | 'nextRunAt'
  | 'emailsSent'
  | 'jobsFound'
  | 'version'
  | 'runState'
>;

export function toAgentDto(row: AgentDtoColumns): Agent {
  // One object built in place: this runs for every agent of every list and pull.
  const agent = Object.assign({}, AGENT_DEFAULTS, row.fields) as Agent;
  agent.name ||= agent.title;
  agent.id = row.id;
  agent.userId = row.userId;
  agent.status = row.status;
  agent.active = row.status === 'active';
  agent.createdAt = row.createdAt.toISOString();
  agent.updatedAt = row.updatedAt.toISOString();
  agent.lastRun = row.lastRun?.toISOString() ?? null;
  agent.nextRunAt = row.nextRunAt?.toISOString() ?? null;
  agent.emailsSent = row.emailsSent;
  agent.jobsFound = row.jobsFound;
  agent.version = row.version;
  agent.run = row.runState ?? null;
  return agent;
}

/**
 * Holds (or cancels) the proposals an agent queued by itself, in the caller's transaction; the
 * ones being sent right now are past stopping, and those the user approved stay queued.
 */
async function settleQueued(tx: Tx, agent: AgentRow, now: Date, fields: JobItemFields): Promise<void> {
  const { jobItems } = tablesOf(tx);
  const queued = await tx
    .select()
    .from(jobItems)
    .where(
      and(eq(jobItems.agentId, agent.id), eq(jobItems.status, 'processing'), eq(jobItems.stage, 'queued'), isNull(jobItems.approvedAt)),
    );
  for (const item of queued) {
    if (
      !(await writeJobItem(tx, item, fields, now, {
        guard: eq(jobItems.stage, 'queued'),
        activity: fields.status === 'skipped' ? 'proposal_cancelled' : 'proposal_held',
        data: { by: 'agent' },
      }))
    )
      continue;
    if (fields.status === 'skipped') await refundLetter(tx, item);
  }
}

/**
 * A pause holds the agent's queued proposals as drafts that remember the plan (`heldByPause`, and the
 * time each was to go out): they wait for the user, do not count against the day's cap, and go out
 * again when the agent is resumed.
 */
const heldByPause = (): JobItemFields => {
  const { sendAfter: _keptTime, ...held } = heldAsDraft();
  return { ...held, heldByPause: true };
};

/** Proposals a resume queues again go out no closer together than the runner's own runs (schedule.ts's MIN_RUN_GAP_MS). */
const RESUME_GAP_MS = 10 * 60_000;

/**
 * Queues again, in the caller's transaction, what a pause of the agent held (the drafts the user has
 * not decided on since), each at its planned time or, when that has passed, one after another from
 * now; answers how many.
 */
async function requeueHeld(tx: Tx, agent: AgentRow, now: Date): Promise<number> {
  const { jobItems } = tablesOf(tx);
  const held = await tx
    .select()
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agent.id), eq(jobItems.status, 'draft'), eq(jobItems.heldByPause, true)))
    .orderBy(asc(jobItems.sendAfter), sql`${jobItems.matchScore} desc nulls last`);
  let next = now.getTime();
  let queued = 0;
  for (const item of held) {
    const at = Math.max(item.sendAfter?.getTime() ?? 0, next);
    const fields = { ...queuedAt(new Date(at)), heldByPause: false };
    const done = await writeJobItem(tx, item, fields, now, {
      guard: and(eq(jobItems.status, 'draft'), eq(jobItems.heldByPause, true)),
      activity: 'proposal_requeued',
      data: { by: 'agent' },
    });
    if (!done) continue;
    queued++;
    next = at + RESUME_GAP_MS;
  }
  return queued;
}

/** The drafts a pause held become ordinary drafts (the agent now sends nothing on its own): the user decides on each. */
async function releaseHeld(tx: Tx, agent: AgentRow, now: Date): Promise<void> {
  const { jobItems } = tablesOf(tx);
  const held = await tx
    .select()
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agent.id), eq(jobItems.heldByPause, true)));
  for (const item of held)
    await writeJobItem(tx, item, { heldByPause: false, sendAfter: null }, now, { guard: eq(jobItems.heldByPause, true) });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const invalid = (path: string, message: string) =>
  new AppError(ErrorCode.validation, `${message} (${path})`, { issues: [{ path, message }] });

/**
 * Job agents of one user. Every call is scoped to that user: another user's agent is "not found".
 * A write reads what it checks in the transaction it writes in.
 */
export class AgentService {
  /** `wake`: told when an agent is active after a change, so a runner looks at it now (store/wakeups.ts). */
  constructor(private readonly deps: { store: Store; clock: Clock; wake?: () => void }) {}

  /** The list is the hot read (every screen and sync start): prepared once per connection. */
  async list(userId: string): Promise<Agent[]> {
    const rows = await preparedOnce(listQueries, this.deps.store.db, prepareList).all({ userId });
    return rows.map(toAgentDto);
  }

  async get(userId: string, id: string): Promise<Agent> {
    return toAgentDto(await this.row(this.deps.store.db, userId, id));
  }

  /** Creates an agent; a client-made id that already exists for this user answers that agent (a replay). */
  create(
    userId: string,
    input: Partial<AgentFields> & Pick<AgentFields, 'title' | 'platform'> & { id?: string },
  ): Promise<{ created: boolean; agent: Agent }> {
    const { store, clock } = this.deps;
    const { id: givenId, ...given } = input;
    const id = givenId ?? crypto.randomUUID();
    return store.tx(async (tx) => {
      const { agents } = tablesOf(tx);
      const existing = await first(tx.select().from(agents).where(eq(agents.id, id)).limit(1));
      if (existing?.userId === userId) return { created: false, agent: toAgentDto(existing) };
      // An id held by another user and one of the caller's own deleted ids answer alike: the answer
      // must not tell whether someone else has an agent with this id.
      if (existing || (await wasDeleted(tx, userId, 'agent', id))) throw new AppError(ErrorCode.conflict, agentMessages.idUnusable);
      const limits = await this.limits(tx, userId);
      const owned = (await first(tx.select({ n: count() }).from(agents).where(eq(agents.userId, userId))))?.n ?? 0;
      if (owned >= limits.agents) {
        throw new AppError(ErrorCode.planLimit, agentMessages.agentCap.replace('{n}', String(limits.agents)), { limit: limits.agents });
      }
      const fields: AgentFields = { ...AGENT_DEFAULTS, name: '', ...given };
      fields.emailsPerDay = given.emailsPerDay ?? Math.min(AGENT_DEFAULTS.emailsPerDay, limits.proposalsPerDay);
      this.check(fields, limits.proposalsPerDay);
      const now = clock.now();
      const [row] = await tx
        .insert(agents)
        .values({
          id,
          userId,
          status: 'paused',
          fields,
          fieldVersions: Object.fromEntries([...Object.keys(fields), 'status'].map((key) => [key, 1])),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordChange(tx, userId, 'agent', id, now);
      return { created: true, agent: toAgentDto(row!) };
    });
  }

  /**
   * Merges a patch. With a base version (the write's, or a field's own), a field the server changed
   * after it and that the patch sets to another value is a conflict (409 with the current agent);
   * other fields merge.
   */
  async update(userId: string, id: string, patch: Partial<AgentFields> & { status?: AgentStatus }, bases: Bases = {}): Promise<Agent> {
    const { store, clock } = this.deps;
    const agent = await store.tx(async (tx) => {
      const row = await this.row(tx, userId, id);
      const current: Record<string, unknown> = { ...AGENT_DEFAULTS, ...row.fields, status: row.status };
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      const conflicts = conflictingFields({ patch, current, fieldVersions: row.fieldVersions, ...bases });
      if (conflicts.length > 0) {
        throw new AppError(ErrorCode.conflict, `This agent was changed elsewhere since you edited it: ${conflicts.join(', ')}`, {
          conflictFields: conflicts,
          current: toAgentDto(row),
        });
      }
      const changed = entries.filter(([key, value]) => !same(current[key], value));
      if (changed.length === 0) return { agent: toAgentDto(row), changed: false };

      const { status, ...fieldChanges } = Object.fromEntries(changed) as Partial<AgentFields> & { status?: AgentStatus };
      const limits = await this.limits(tx, userId);
      const fields = { ...row.fields, ...fieldChanges } as AgentFields;
      if (fieldChanges.emailsPerDay !== undefined) this.check(fields, limits.proposalsPerDay);
      else this.check(fields, Number.POSITIVE_INFINITY);
      if (status === 'active') await this.checkActiveCap(tx, userId, id, limits.agents);

      const version = row.version + 1;
      const now = clock.now();
      const [updated] = await updateSynced(
        tx,
        'agents',
        {
          fields,
          status: status ?? row.status,
          fieldVersions: { ...row.fieldVersions, ...Object.fromEntries(changed.map(([key]) => [key, version])) },
          version,
        },
        (agents) => and(eq(agents.id, id), eq(agents.userId, userId)),
        now,
      );
      if (status) await recordActivity(tx, userId, status === 'active' ? 'agent_activated' : 'agent_paused', now, { agentId: id });
      // Stop means stop: what the agent queued by itself waits for the user again. Switched to review,
      // it waits for good; paused, it remembers its plan and goes out again on resume.
      if (fieldChanges.sendMode === 'review') {
        await settleQueued(tx, row, now, heldAsDraft());
        await releaseHeld(tx, row, now);
      } else if (status === 'paused') await settleQueued(tx, row, now, heldByPause());
      if (status === 'active' && fields.sendMode === 'auto') await requeueHeld(tx, row, now);
      return { agent: toAgentDto(updated ?? row), changed: true };
    });
    // Activated, or its schedule or criteria changed while active: it may be due now (once committed).
    const { wake } = this.deps;
    if (agent.changed && agent.agent.status === 'active' && wake) store.afterCommit(wake);
    return agent.agent;
  }

  setStatus(userId: string, id: string, status: AgentStatus, bases: Bases = {}): Promise<Agent> {
    return this.update(userId, id, { status }, bases);
  }

  /** Deletes for good; deleting an agent already deleted by this user succeeds (a replay). */
  delete(userId: string, id: string): Promise<void> {
    const { store, clock } = this.deps;
    return store.tx(async (tx) => {
      const { agents } = tablesOf(tx);
      const row = await first(
        tx
          .select()
          .from(agents)
          .where(and(eq(agents.id, id), eq(agents.userId, userId)))
          .limit(1),
      );
      if (!row) {
        if (await wasDeleted(tx, userId, 'agent', id)) return;
        throw agentNotFound();
      }
      const now = clock.now();
      // Its queued proposals never go out; those the user approved still do.
      await settleQueued(tx, row, now, skipped());
      await tx.delete(agents).where(eq(agents.id, id));
      await recordChange(tx, userId, 'agent', id, now, true);
      await recordActivity(tx, userId, 'agent_deleted', now, { agentId: id, data: { name: toAgentDto(row).name } });
    });
  }

  async jobs(userId: string, agentId: string): Promise<JobItem[]> {
    const { jobItems } = tablesOf(this.deps.store.db);
    const { db } = this.deps.store;
    await this.row(db, userId, agentId);
    const rows = await db
      .select()
      .from(jobItems)
      .where(and(eq(jobItems.userId, userId), eq(jobItems.agentId, agentId)))
      .orderBy(desc(jobItems.createdAt));
    return rows.map(toJobItemDto);
  }

  private async row(db: Db, userId: string, id: string): Promise<AgentRow> {
    const { agents } = tablesOf(db);
    const row = await first(
      db
        .select()
        .from(agents)
        .where(and(eq(agents.id, id), eq(agents.userId, userId)))
        .limit(1),
    );
    if (!row) throw agentNotFound();
    return row;
  }

  private async limits(db: Db, userId: string) {
    const { users } = tablesOf(db);
    const user = await first(db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1));
    if (!user) throw notFound('User not found');
    return await planLimitsFor(db, user, this.deps.clock.now());
  }

  private check(fields: AgentFields, proposalsPerDay: number) {
    if (fields.emailsPerDay > proposalsPerDay) {
      throw invalid('emailsPerDay', agentMessages.emailsPerDayMax.replace('{n}', String(proposalsPerDay)));
    }
    const [issue] = agentRangeIssues(fields);
    if (issue) throw invalid(issue.path, issue.message);
  }

  private async checkActiveCap(db: Db, userId: string, id: string, cap: number) {
    const { agents } = tablesOf(db);
    const rows = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.userId, userId), eq(agents.status, 'active')));
    const active = rows.filter((row) => row.id !== id).length;
    if (active >= cap) {
      throw new AppError(ErrorCode.planLimit, agentMessages.agentCap.replace('{n}', String(cap)), { limit: cap });
    }
  }
}

const listQueries = new WeakMap<object, ReturnType<typeof prepareList>>();
const prepareList = (db: Tx) => {
  const { agents } = tablesOf(db);
  // Only what the answer shows: the field versions (as long as the fields) are not parsed for nothing.
  return db
    .select({
      id: agents.id,
      userId: agents.userId,
      status: agents.status,
      fields: agents.fields,
      createdAt: agents.createdAt,
      updatedAt: agents.updatedAt,
      lastRun: agents.lastRun,
      nextRunAt: agents.nextRunAt,
      emailsSent: agents.emailsSent,
      jobsFound: agents.jobsFound,
      version: agents.version,
      runState: agents.runState,
    })
    .from(agents)
    .where(eq(agents.userId, sql.placeholder('userId')))
    .orderBy(desc(agents.createdAt))
    .prepare();
};

/**
 * Freezes the user's agents, in the caller's transaction (an account in its grace period before
 * deletion): each active one paused, and every proposal queued to go out held as a draft, approved
 * ones too: nothing goes out in the name of someone who asked to leave. Answers the agents paused.
 */
export async function freezeAgents(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const { agents, jobItems } = tablesOf(tx);
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.userId, userId), eq(agents.status, 'active')));
  for (const { id } of active) await updateSynced(tx, 'agents', { status: 'paused' }, (agents) => eq(agents.id, id), now);
  const queued = await tx
    .select()
    .from(jobItems)
    .where(and(eq(jobItems.userId, userId), eq(jobItems.status, 'processing'), eq(jobItems.stage, 'queued')));
  for (const item of queued)
    await writeJobItem(tx, item, heldAsDraft(), now, {
      guard: eq(jobItems.stage, 'queued'),
      activity: 'proposal_held',
      data: { by: 'account' },
    });
  return active.map(({ id }) => id);
}

/** Starts again the agents `freezeAgents` paused (a deletion cancelled), those still there and still paused. */
export async function thawAgents(tx: Tx, userId: string, ids: readonly string[], now: Date): Promise<void> {
  for (const id of ids)
    await updateSynced(
      tx,
      'agents',
      { status: 'active' },
      (agents) => and(eq(agents.id, id), eq(agents.userId, userId), eq(agents.status, 'paused')),
      now,
    );
}
