import { AGENT_DEFAULTS, type Agent, type AgentFields } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import type { PlanLimits, SyncChange } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import { sameValue } from '@shared/sync/field-merge';
import { ApiError, ClientErrorCode } from '../../lib/api';
import { SYNC_PROTOCOL_VERSION } from '../protocol';
import type { SyncRequest, SyncResponse, SyncTransport } from '../transport';

interface StoredAgent {
  agent: Agent;
  fieldVersions: Record<string, number>;
}

interface Stored {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

const same = sameValue;

/** A field's base in a write's body: its own (`baseVersions`) or the write's (`baseVersion`). */
function baseOf(body: Record<string, unknown>, field: string): number | undefined {
  const own = (body.baseVersions as Record<string, number> | undefined)?.[field];
  return typeof own === 'number' ? own : typeof body.baseVersion === 'number' ? body.baseVersion : undefined;
}

type Fault = 'offline' | 'lose-answer' | 500 | 429;

/**
 * The server's write and pull protocol, in memory, for the engine's tests: idempotency keys
 * (a replay answers the stored first answer, 4xx but 429 stored too), versions and per-field
 * versions with the 409 rule, the change log with tombstones and paging, plan limits.
 * Faults can be queued: no answer, a lost answer (applied, then the connection drops), 5xx, 429.
 */
export class FakeServer implements SyncTransport {
  readonly agents = new Map<string, StoredAgent>();
  readonly keys = new Map<string, Stored>();
  readonly log: Array<{ seq: number; entity: SyncChange['entity']; id: string; deleted: boolean }> = [];
  /** Every request that reached the server (not the ones failed by a fault before it). */
  readonly received: SyncRequest[] = [];
  /** How many times a write was really applied (not replayed). */
  applied = 0;
  /** Faults for the next requests, in order (null: answer normally). */
  faults: Array<Fault | null> = [];
  /** Simulated latency (ms of real time) to let concurrent callers interleave. */
  latencyMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  limits: PlanLimits = {
    plan: 'free',
    trial: false,
    trialEndsAt: null,
    agents: 3,
    proposalsPerDay: 10,
    maxUpworkProposals: 10,
    maxFreelancerBids: 10,
  };
  private seq = 0;
  private clock = Date.parse('2026-01-01T00:00:00Z');

  constructor(readonly userId = 'u1') {}

  private now() {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private record(entity: SyncChange['entity'], id: string, deleted = false) {
    const index = this.log.findIndex((entry) => entry.entity === entity && entry.id === id);
    if (index >= 0) this.log.splice(index, 1);
    this.log.push({ seq: ++this.seq, entity, id, deleted });
  }

  /** Seeds an agent as if made on another device. */
  seedAgent(fields: Partial<AgentFields> & { id: string; title?: string }): Agent {
    const { id, ...rest } = fields;
    const cap = this.limits.agents;
    this.limits = { ...this.limits, agents: Number.MAX_SAFE_INTEGER };
    try {
      return this.create({ title: 'Seeded agent', platform: 'upwork', ...rest }, id).agent;
    } finally {
      this.limits = { ...this.limits, agents: cap };
    }
  }

  /** Another device's edit. */
  editElsewhere(id: string, patch: Partial<AgentFields> & { status?: 'active' | 'paused' }): Agent {
    return this.update(id, patch, {});
  }

  deleteElsewhere(id: string) {
    this.agents.delete(id);
    this.record('agent', id, true);
  }

  /** The newest tombstone position retention deleted (the server's store/expiry.ts). */
  floor = 0;

  /** Retention deletes every tombstone, as the server's does past its time: a device behind them pulls everything again. */
  pruneTombstones() {
    for (const entry of this.log.filter((e) => e.deleted)) {
      this.floor = Math.max(this.floor, entry.seq);
      this.log.splice(this.log.indexOf(entry), 1);
    }
  }

  profile: User | null = null;
  profileFieldVersions: Record<string, number> = {};
  setProfile(user: User) {
    this.profile = user;
    this.record('profile', user.id);
  }

  /** PUT /users/{id}: merged per field against the base version (see api/src/modules/accounts/users.ts). */
  private editProfile(id: string, body: Record<string, unknown>): User {
    const user = this.profile;
    if (!user || user.id !== id) throw new ApiError({ status: 404, code: 'not_found', message: 'User not found' });
    const { baseVersion: _b, baseVersions: _bs, ...patch } = body;
    const current = user as unknown as Record<string, unknown>;
    const conflicts = Object.entries(patch)
      .filter(([k, v]) => baseOf(body, k) !== undefined && (this.profileFieldVersions[k] ?? 1) > baseOf(body, k)! && !same(current[k], v))
      .map(([k]) => k);
    if (conflicts.length > 0)
      throw new ApiError({
        status: 409,
        code: 'conflict',
        message: 'changed elsewhere',
        details: { conflictFields: conflicts, current: structuredClone(user) },
      });
    const changed = Object.entries(patch).filter(([k, v]) => !same(current[k], v));
    if (changed.length === 0) return user;
    const next = { ...user, ...Object.fromEntries(changed), version: user.version + 1, updatedAt: this.now() } as User;
    for (const [k] of changed) this.profileFieldVersions[k] = next.version;
    this.setProfile(next);
    return next;
  }

  /** Another device edits the profile. */
  editProfileElsewhere(patch: Partial<User>): User {
    return this.editProfile(this.profile!.id, patch as Record<string, unknown>);
  }

  pushSettings: Record<string, boolean> = { proposalSent: true, draftWaiting: true, proposalFailed: true, clientReplied: true };
  pushSettingsVersion = 0;
  private pushFieldVersions: Record<string, number> = {};

  /** PUT /push/settings: merged per field against the base version (see api/src/modules/notices/push/push-service.ts). */
  editPushSettings(body: Record<string, unknown>): { data: Record<string, boolean>; version: number } {
    const { baseVersion: _b, baseVersions: _bs, ...patch } = body;
    const current = this.pushSettings as Record<string, unknown>;
    const conflicts = Object.entries(patch)
      .filter(([k, v]) => baseOf(body, k) !== undefined && (this.pushFieldVersions[k] ?? 0) > baseOf(body, k)! && current[k] !== v)
      .map(([k]) => k);
    if (conflicts.length > 0) {
      throw new ApiError({
        status: 409,
        code: 'conflict',
        message: 'changed elsewhere',
        details: { conflictFields: conflicts, current: { data: { ...this.pushSettings }, version: this.pushSettingsVersion } },
      });
    }
    const changed = Object.entries(patch).filter(([k, v]) => current[k] !== v);
    if (changed.length > 0) {
      this.pushSettingsVersion += 1;
      this.pushSettings = { ...this.pushSettings, ...(Object.fromEntries(changed) as Record<string, boolean>) };
      for (const [k] of changed) this.pushFieldVersions[k] = this.pushSettingsVersion;
    }
    return { data: { ...this.pushSettings }, version: this.pushSettingsVersion };
  }

  jobItems = new Map<string, unknown>();
  /** The version each job item's letter and outcome last changed at (absent: 1). */
  readonly jobItemFieldVersions = new Map<string, Record<string, number>>();
  addJobItem(item: { id: string } & Record<string, unknown>) {
    this.jobItems.set(item.id, item);
    this.record('jobItem', item.id);
  }

  /** A draft (or other job item) as the runner would write it, with every field of the schema. */
  seedJobItem(fields: Partial<JobItem> & { id: string }): JobItem {
    const at = this.now();
    const item: JobItem = {
      userId: this.userId,
      agentId: null,
      platform: 'freelancer',
      externalId: `ext-${fields.id}`,
      title: 'A job',
      clientName: null,
      status: 'draft',
      budget: null,
      appliedDate: null,
      experienceLevel: null,
      duration: null,
      applyUrl: null,
      lastError: null,
      proposalRequirements: 'Dear client, …',
      description: null,
      jobUrl: null,
      matchScore: 80,
      matchReason: null,
      riskFlags: [],
      letterReview: null,
      screeningAnswers: [],
      bidAmount: null,
      bidCurrency: null,
      bidPeriodDays: null,
      jobType: null,
      budgetMin: null,
      budgetMax: null,
      postedAt: null,
      bidCount: null,
      heldByPause: false,
      waitingShare: false,
      userEdited: false,
      writer: 'offline',
      sendAfter: null,
      sentAt: null,
      attempts: 0,
      stage: null,
      approvedAt: null,
      manualSend: false,
      client: null,
      proposalExternalId: null,
      outcome: null,
      outcomeSource: null,
      repliedAt: null,
      clientReply: null,
      conversation: [],
      marketStatus: null,
      outcomeTracking: null,
      promptTemplate: null,
      experimentId: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
      ...fields,
    };
    this.addJobItem(item as unknown as { id: string } & Record<string, unknown>);
    return item;
  }

  /** Retention (or the user on another device) deletes a job item: its tombstone is logged. */
  deleteJobItemElsewhere(id: string) {
    this.jobItems.delete(id);
    this.record('jobItem', id, true);
  }

  /** The runner (or another device) changes a job item. */
  editJobItemElsewhere(id: string, patch: Partial<JobItem>): JobItem {
    const item = this.jobItems.get(id) as JobItem | undefined;
    if (!item) throw new Error(`no job item ${id}`);
    return this.writeJobItem(item, patch);
  }

  private writeJobItem(item: JobItem, patch: Partial<JobItem>): JobItem {
    const next: JobItem = { ...item, ...patch, version: item.version + 1, updatedAt: this.now() };
    const versions = this.jobItemFieldVersions.get(item.id) ?? {};
    for (const field of ['proposalRequirements', 'outcome'] as const) if (field in patch) versions[field] = next.version;
    this.jobItemFieldVersions.set(item.id, versions);
    this.jobItems.set(item.id, next);
    this.record('jobItem', item.id);
    return next;
  }

  /** The server's rules for the decisions on a proposal (see api/src/modules/proposals/job-items.ts). */
  private decide(id: string, action: string, body: Record<string, unknown>): JobItem {
    const item = this.jobItems.get(id) as JobItem | undefined;
    if (!item) throw new ApiError({ status: 404, code: 'not_found', message: 'Proposal not found' });
    const conflict = (message: string, details?: Record<string, unknown>) =>
      new ApiError({ status: 409, code: 'conflict', message, details: details as never });
    const letter = typeof body.proposalRequirements === 'string' ? body.proposalRequirements : undefined;
    if (letter !== undefined && letter.trim() === '') {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        message: 'The cover letter is empty',
        details: { issues: [{ path: 'proposalRequirements', message: 'empty' }] },
      });
    }
    const versions = this.jobItemFieldVersions.get(id) ?? {};
    const changedSince = (field: string) => {
      const base = baseOf(body, field);
      return base !== undefined && (versions[field] ?? 1) > base;
    };
    const changed = (fields: string[]) =>
      conflict(`This proposal changed since you opened it: ${fields.join(', ')}`, {
        conflictFields: fields,
        current: structuredClone(item),
      });
    if (action === 'approve') {
      if (item.status === 'processing' || item.status === 'completed') return item;
      if (item.status !== 'draft') throw conflict('Only a draft can be approved');
      if (changedSince('proposalRequirements') && (letter === undefined || letter !== item.proposalRequirements))
        throw changed(['proposalRequirements']);
      const undo = typeof body.undoSeconds === 'number' ? body.undoSeconds : 0;
      return this.writeJobItem(item, {
        status: 'processing',
        lastError: null,
        sendAfter: new Date(this.clock + undo * 1000).toISOString(),
        ...(letter ? { proposalRequirements: letter } : {}),
        ...(typeof body.bidAmount === 'number' ? { bidAmount: body.bidAmount } : {}),
        ...(typeof body.bidPeriodDays === 'number' ? { bidPeriodDays: body.bidPeriodDays } : {}),
      });
    }
    if (action === 'mark-sent') {
      if (item.status === 'completed') return item;
      if (item.status !== 'draft') throw conflict('Only a draft can be marked as sent');
      const at = new Date(this.clock).toISOString();
      return this.writeJobItem(item, {
        status: 'completed',
        sentAt: at,
        appliedDate: at,
        lastError: null,
        ...(letter !== undefined ? { proposalRequirements: letter } : {}),
      });
    }
    if (action === 'discard') {
      if (item.status === 'skipped') return item;
      if (item.status !== 'draft' && item.status !== 'failed') throw conflict('Only a draft or a failed proposal can be discarded');
      return this.writeJobItem(item, { status: 'skipped', sendAfter: null });
    }
    // PUT: the letter (drafts only) or the outcome, merged per field against the version it was made on.
    if (letter !== undefined && item.status !== 'draft') throw conflict('Only a draft letter can be edited');
    const conflicts = [
      ...(letter !== undefined && letter !== item.proposalRequirements && changedSince('proposalRequirements')
        ? ['proposalRequirements']
        : []),
      ...(body.outcome !== undefined && body.outcome !== item.outcome && changedSince('outcome') ? ['outcome'] : []),
    ];
    if (conflicts.length > 0) throw changed(conflicts);
    const patch: Partial<JobItem> = {};
    if (letter !== undefined && letter !== item.proposalRequirements) patch.proposalRequirements = letter;
    if (body.outcome !== undefined && body.outcome !== item.outcome) patch.outcome = body.outcome as JobItem['outcome'];
    return Object.keys(patch).length > 0 ? this.writeJobItem(item, patch) : item;
  }

  private create(body: Record<string, unknown>, givenId?: string): { created: boolean; agent: Agent } {
    const { id: bodyId, ...given } = body;
    const id = givenId ?? (typeof bodyId === 'string' ? bodyId : crypto.randomUUID());
    const existing = this.agents.get(id);
    if (existing) return { created: false, agent: existing.agent };
    if (this.log.some((entry) => entry.id === id && entry.deleted))
      throw new ApiError({ status: 409, code: 'conflict', message: 'This agent was deleted' });
    if (this.agents.size >= this.limits.agents) {
      throw new ApiError({
        status: 403,
        code: 'plan_limit',
        message: `Your plan allows maximum ${this.limits.agents} job agents.`,
        details: { limit: this.limits.agents },
      });
    }
    this.validate(given);
    const at = this.now();
    const fields = { ...AGENT_DEFAULTS, name: '', ...given } as AgentFields;
    const agent: Agent = {
      ...fields,
      name: fields.name || fields.title,
      id,
      userId: this.userId,
      status: 'paused',
      active: false,
      createdAt: at,
      updatedAt: at,
      lastRun: null,
      nextRunAt: null,
      emailsSent: 0,
      jobsFound: 0,
      version: 1,
    };
    this.agents.set(id, { agent, fieldVersions: Object.fromEntries([...Object.keys(fields), 'status'].map((k) => [k, 1])) });
    this.record('agent', id);
    return { created: true, agent };
  }

  private validate(fields: Record<string, unknown>) {
    if (typeof fields.title === 'string' && fields.title.trim().length < 2) {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        message: 'Title must be at least 2 characters. (title)',
        details: { issues: [{ path: 'title', message: 'Title must be at least 2 characters.' }] },
      });
    }
    if (typeof fields.emailsPerDay === 'number' && fields.emailsPerDay > this.limits.proposalsPerDay) {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        message: `Your plan allows maximum ${this.limits.proposalsPerDay} proposals per day.`,
        details: { issues: [{ path: 'emailsPerDay', message: 'too many' }] },
      });
    }
  }

  private update(id: string, patch: Record<string, unknown>, bases: Record<string, unknown>): Agent {
    const stored = this.agents.get(id);
    if (!stored) throw new ApiError({ status: 404, code: 'not_found', message: 'Automation not found' });
    const current = stored.agent as unknown as Record<string, unknown>;
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const conflicts = entries
      .filter(([k, v]) => baseOf(bases, k) !== undefined && (stored.fieldVersions[k] ?? 1) > baseOf(bases, k)! && !same(current[k], v))
      .map(([k]) => k);
    if (conflicts.length > 0) {
      throw new ApiError({
        status: 409,
        code: 'conflict',
        message: `changed elsewhere: ${conflicts.join(', ')}`,
        details: { conflictFields: conflicts, current: structuredClone(stored.agent) },
      });
    }
    const changed = entries.filter(([k, v]) => !same(current[k], v));
    if (changed.length === 0) return stored.agent;
    this.validate(Object.fromEntries(changed));
    if (patch.status === 'active') {
      const active = [...this.agents.values()].filter((a) => a.agent.status === 'active' && a.agent.id !== id).length;
      if (active >= this.limits.agents)
        throw new ApiError({ status: 403, code: 'plan_limit', message: 'plan limit', details: { limit: this.limits.agents } });
    }
    const version = stored.agent.version + 1;
    const next = { ...stored.agent, ...Object.fromEntries(changed), version, updatedAt: this.now() } as Agent;
    next.active = next.status === 'active';
    next.name = next.name || next.title;
    stored.agent = next;
    for (const [k] of changed) stored.fieldVersions[k] = version;
    this.record('agent', id);
    return next;
  }

  private write(request: SyncRequest): { status: number; body: unknown } {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { baseVersion: _b, baseVersions: _bs, ...rest } = body;
    if (request.method === 'POST' && request.path === '/automations') {
      const { created, agent } = this.create(body);
      return { status: created ? 201 : 200, body: { success: true, id: agent.id, data: agent } };
    }
    const status = /^\/automations\/status\/([^/]+)$/.exec(request.path);
    if (request.method === 'PUT' && status) {
      return { status: 200, body: { success: true, data: this.update(decodeURIComponent(status[1]!), { status: rest.status }, body) } };
    }
    const decision = /^\/job-items\/([^/]+)(?:\/(approve|discard|mark-sent))?$/.exec(request.path);
    if (decision && ((request.method === 'POST' && decision[2]) || (request.method === 'PUT' && !decision[2]))) {
      return {
        status: 200,
        body: { success: true, data: structuredClone(this.decide(decodeURIComponent(decision[1]!), decision[2] ?? 'update', body)) },
      };
    }
    const user = /^\/users\/([^/]+)$/.exec(request.path);
    if (request.method === 'PUT' && user)
      return { status: 200, body: { data: structuredClone(this.editProfile(decodeURIComponent(user[1]!), body)) } };
    if (request.method === 'PUT' && request.path === '/push/settings') return { status: 200, body: this.editPushSettings(body) };
    const one = /^\/automations\/([^/]+)$/.exec(request.path);
    if (request.method === 'PUT' && one)
      return { status: 200, body: { success: true, data: this.update(decodeURIComponent(one[1]!), rest, body) } };
    if (request.method === 'DELETE' && one) {
      const id = decodeURIComponent(one[1]!);
      if (!this.agents.has(id)) {
        if (this.log.some((entry) => entry.id === id && entry.deleted)) return { status: 200, body: { success: true } };
        throw new ApiError({ status: 404, code: 'not_found', message: 'Automation not found' });
      }
      this.deleteElsewhere(id);
      return { status: 200, body: { success: true } };
    }
    throw new ApiError({ status: 404, code: 'not_found', message: `No route ${request.method} ${request.path}` });
  }

  private pull(path: string): SyncResponse {
    const url = new URL(path, 'http://x');
    // As the server reads a cursor (modules/sync/sync.ts): its position, and the floor it was checked against.
    const [given = 0, checked = 0] = (url.searchParams.get('since') ?? '0').split('.').map(Number);
    const reset = given > 0 && given < this.floor && checked < this.floor;
    const since = reset ? 0 : given;
    const limit = Number(url.searchParams.get('limit') ?? '500');
    const after = this.log.filter((entry) => entry.seq > since).sort((a, b) => a.seq - b.seq);
    const page = after.slice(0, limit);
    const changes = page.map((entry) => {
      if (entry.entity === 'agent') {
        const stored = this.agents.get(entry.id);
        return {
          entity: 'agent',
          id: entry.id,
          seq: entry.seq,
          deleted: entry.deleted || !stored,
          data: stored ? structuredClone(stored.agent) : null,
        };
      }
      if (entry.entity === 'jobItem') {
        const item = this.jobItems.get(entry.id);
        return { entity: 'jobItem', id: entry.id, seq: entry.seq, deleted: entry.deleted || !item, data: item ?? null };
      }
      return { entity: 'profile', id: entry.id, seq: entry.seq, deleted: false, data: this.profile };
    });
    const last = page[page.length - 1];
    return {
      status: 200,
      replayed: false,
      body: {
        protocolVersion: SYNC_PROTOCOL_VERSION,
        changes,
        nextCursor: this.floor > 0 ? `${last ? last.seq : since}.${this.floor}` : String(last ? last.seq : since),
        hasMore: after.length > limit,
        planLimits: this.limits,
        ...(reset ? { reset: true } : {}),
      },
    };
  }

  async send(request: SyncRequest): Promise<SyncResponse> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      const fault = this.faults.shift();
      if (fault === 'offline') throw new ApiError({ status: 0, code: ClientErrorCode.offline, message: 'Could not reach the server' });
      if (fault === 500) throw new ApiError({ status: 500, code: 'internal_error', message: 'boom' });
      if (fault === 429) throw new ApiError({ status: 429, code: 'rate_limited', message: 'slow down' });
      this.received.push(structuredClone(request));
      const response = this.answer(request);
      if (fault === 'lose-answer') throw new ApiError({ status: 0, code: ClientErrorCode.offline, message: 'Connection dropped' });
      if (response.status >= 400) {
        const body = response.body as { message: string; code: string; details?: Record<string, unknown> };
        throw new ApiError({ status: response.status, code: body.code as never, message: body.message, details: body.details as never });
      }
      return response;
    } finally {
      this.inFlight -= 1;
    }
  }

  /**
   * Whether `GET /sync/start` and `GET /sync/history` are answered (a new device's first sync, small
   * tables first: modules/sync/sync.ts); off, they are 404 as on a server before them.
   */
  firstSyncRoutes = false;

  /** `GET /sync/start`: the profile, the agents and the plan, as of the log's last position. */
  private start(): SyncResponse {
    if (!this.profile) throw new Error('FakeServer: setProfile before a first sync through /sync/start');
    const seq = this.log.reduce((top, entry) => Math.max(top, entry.seq), 0);
    const items = [...this.jobItems.values()];
    return {
      status: 200,
      replayed: false,
      body: {
        protocolVersion: SYNC_PROTOCOL_VERSION,
        cursor: this.floor > 0 ? `${seq}.${this.floor}` : String(seq),
        profile: structuredClone(this.profile),
        agents: [...this.agents.values()].map((stored) => structuredClone(stored.agent)),
        planLimits: this.limits,
        jobItems: items.length,
      },
    };
  }

  /** `GET /sync/history`: the job items last logged at or before `upTo`, newest first by (createdAt, id). */
  private history(path: string): SyncResponse {
    const url = new URL(path, 'http://x');
    const upTo = Number((url.searchParams.get('upTo') ?? '0').split('.')[0]);
    const limit = Number(url.searchParams.get('limit') ?? '500');
    const before = url.searchParams.get('before');
    const key = (item: JobItem) => `${String(Date.parse(item.createdAt)).padStart(15, '0')}:${item.id}`;
    const beforeKey = before ? `${before.slice(0, before.indexOf(':')).padStart(15, '0')}${before.slice(before.indexOf(':'))}` : null;
    const logged = new Map(this.log.filter((entry) => entry.entity === 'jobItem').map((entry) => [entry.id, entry.seq]));
    const items = ([...this.jobItems.values()] as JobItem[])
      .filter((item) => (logged.get(item.id) ?? Infinity) <= upTo && (!beforeKey || key(item) < beforeKey))
      .sort((a, b) => (key(a) < key(b) ? 1 : -1));
    const page = items.slice(0, limit);
    const last = page[page.length - 1];
    return {
      status: 200,
      replayed: false,
      body: {
        protocolVersion: SYNC_PROTOCOL_VERSION,
        jobItems: structuredClone(page),
        nextBefore: last ? `${Date.parse(last.createdAt)}:${last.id}` : null,
        hasMore: items.length > limit,
      },
    };
  }

  private answer(request: SyncRequest): SyncResponse {
    if (request.method === 'GET' && request.path.startsWith('/sync/pull')) return this.pull(request.path);
    if (this.firstSyncRoutes && request.method === 'GET' && request.path === '/sync/start') return this.start();
    if (this.firstSyncRoutes && request.method === 'GET' && request.path.startsWith('/sync/history?')) return this.history(request.path);
    const key = request.idempotencyKey;
    if (key) {
      const stored = this.keys.get(key);
      if (stored) {
        if (stored.method !== request.method || stored.path !== request.path) {
          return { status: 422, replayed: false, body: { code: 'idempotency_mismatch', message: 'mismatch' } };
        }
        return { status: stored.status, body: structuredClone(stored.body), replayed: true };
      }
    }
    let result: { status: number; body: unknown };
    try {
      result = this.write(request);
      this.applied += 1;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) throw error;
      result = { status: error.status, body: { message: error.message, code: error.code, details: error.details } };
    }
    if (key) this.keys.set(key, { method: request.method, path: request.path, ...structuredClone(result) });
    return { ...result, replayed: false };
  }
}
