import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { figuresResponseSchema, historyResponseSchema, pullResponseSchema, syncStartResponseSchema } from '@shared/schemas/sync';
import { tablesOf } from '../../store/schema/index';
import { recordChange } from '../../store/change-log';
import { CHANGE_LOG_FLOOR } from '../../store/expiry';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let ada: { token: string; user: { id: string } };
beforeEach(async () => {
  t = makeTestApp();
  ada = await t.signup('ada@gmail.com');
});
afterEach(() => t.close());

const pull = async (since: string, limit?: number, token = ada.token) => {
  const query = new URLSearchParams({ since, ...(limit ? { limit: String(limit) } : {}) });
  const res = await t.call('GET', `/api/sync/pull?${query}`, undefined, t.auth(token));
  expect(res.status).toBe(200);
  return pullResponseSchema.parse(res.json);
};
const createAgent = async (title: string) =>
  (await t.call('POST', '/api/automations', { title, platform: 'freelancer' }, t.auth(ada.token))).json.id as string;

describe('GET /api/sync/pull', () => {
  it('answers everything from the start: the profile, agents, and the current plan limits', async () => {
    const id = await createAgent('Logo design');
    const page = await pull('0');
    expect(page.changes.map((c) => [c.entity, c.id, c.deleted])).toEqual([
      ['profile', ada.user.id, false],
      ['agent', id, false],
    ]);
    expect(page.changes[1]?.data).toMatchObject({ title: 'Logo design', platform: 'freelancer' });
    expect(page.planLimits).toMatchObject({ plan: 'basic', trial: true, agents: 4 });
    expect(page.hasMore).toBe(false);
    expect(await pull(page.nextCursor)).toMatchObject({ changes: [], hasMore: false, nextCursor: page.nextCursor });
  });

  it('pages in commit order and says when there is more', async () => {
    for (const title of ['One', 'Two', 'Three']) await createAgent(title);
    const first = await pull('0', 2);
    expect(first.changes).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await pull(first.nextCursor, 2);
    expect(second.changes.map((c) => (c.data as { title: string }).title)).toEqual(['Two', 'Three']);
    expect(second.hasMore).toBe(false);
  });

  it('answers each record once in its latest state, and a delete as a tombstone', async () => {
    const id = await createAgent('Copywriting');
    const cursor = (await pull('0')).nextCursor;
    await t.call('PUT', `/api/automations/${id}`, { title: 'Copywriting v2' }, t.auth(ada.token));
    await t.call('PUT', `/api/automations/status/${id}`, { status: 'active' }, t.auth(ada.token));
    const changed = await pull(cursor);
    expect(changed.changes).toHaveLength(1);
    expect(changed.changes[0]).toMatchObject({
      entity: 'agent',
      id,
      deleted: false,
      data: { title: 'Copywriting v2', status: 'active', version: 3 },
    });

    await t.call('DELETE', `/api/automations/${id}`, undefined, t.auth(ada.token));
    const afterDelete = await pull(changed.nextCursor);
    expect(afterDelete.changes).toEqual([expect.objectContaining({ entity: 'agent', id, deleted: true, data: null })]);
    // A device that never saw the agent learns only of the tombstone.
    const fresh = await pull('0');
    expect(fresh.changes.filter((c) => c.entity === 'agent')).toEqual([expect.objectContaining({ id, deleted: true })]);
  });

  it("includes job items and profile edits, never another user's changes", async () => {
    const { jobItems } = tablesOf(t.db);
    const id = await createAgent('Data entry');
    const now = t.clock.now();
    await t.db.insert(jobItems).values({
      id: 'job-1',
      userId: ada.user.id,
      agentId: id,
      platform: 'freelancer',
      externalId: '777',
      title: 'Type 200 invoices',
      status: 'completed',
      createdAt: now,
      updatedAt: now,
    });
    await recordChange(t.db, ada.user.id, 'jobItem', 'job-1', now);
    await t.call('PUT', `/api/users/${ada.user.id}`, { firstName: 'Ada' }, t.auth(ada.token));

    const grace = await t.signup('grace@yahoo.com');
    await t.call('POST', '/api/automations', { title: 'Grace only', platform: 'upwork' }, t.auth(grace.token));

    const page = await pull('0');
    expect(page.changes.map((c) => c.entity)).toEqual(['agent', 'jobItem', 'profile']);
    expect(page.changes[1]?.data).toMatchObject({ title: 'Type 200 invoices', agentId: id });
    expect(page.changes[2]?.data).toMatchObject({ firstName: 'Ada' });
    const graces = await pull('0', undefined, grace.token);
    expect(graces.changes.map((c) => c.entity)).toEqual(['profile', 'agent']);
    expect(JSON.stringify(graces)).not.toContain('Data entry');
  });

  it('refuses a malformed cursor and an anonymous caller', async () => {
    const bad = await t.call('GET', '/api/sync/pull?since=abc', undefined, t.auth(ada.token));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('cursor');
    expect((await t.call('GET', '/api/sync/pull?since=0')).status).toBe(401);
  });

  it("keeps one user's tombstone when another user reuses the deleted id", async () => {
    const id = crypto.randomUUID();
    await t.call('POST', '/api/automations', { id, title: 'Ada agent', platform: 'upwork' }, t.auth(ada.token));
    const cursor = (await pull('0')).nextCursor;
    await t.call('DELETE', `/api/automations/${id}`, undefined, t.auth(ada.token));
    // Eve learns the id and creates an agent under it: Ada's devices must still learn of the delete.
    const eve = await t.signup('eve@gmail.com');
    await t.call('POST', '/api/automations', { id, title: 'Eve agent', platform: 'upwork' }, t.auth(eve.token));
    const adaChanges = await pull(cursor);
    expect(adaChanges.changes).toEqual([expect.objectContaining({ entity: 'agent', id, deleted: true, data: null })]);
    const eveChanges = await pull('0', undefined, eve.token);
    expect(eveChanges.changes.find((c) => c.id === id)).toMatchObject({ deleted: false, data: { title: 'Eve agent' } });
  });
});

describe("a new device's first sync: GET /api/sync/start, /sync/history and /sync/figures", () => {
  /** A job item of Ada's, created `minutesAgo` before now, with its change logged. */
  const addItem = async (id: string, agentId: string, minutesAgo: number, fields: Record<string, unknown> = {}) => {
    const { jobItems } = tablesOf(t.db);
    const at = new Date(t.clock.now().getTime() - minutesAgo * 60_000);
    await t.db.insert(jobItems).values({
      id,
      userId: ada.user.id,
      agentId,
      platform: 'freelancer',
      externalId: id,
      title: `Job ${id}`,
      status: 'draft',
      createdAt: at,
      updatedAt: at,
      ...fields,
    });
    await recordChange(t.db, ada.user.id, 'jobItem', id, at);
  };
  const get = async (path: string, token = ada.token) => {
    const res = await t.call('GET', `/api/sync/${path}`, undefined, t.auth(token));
    expect(res.status, path).toBe(200);
    return res.json;
  };

  it('answers the small tables and the position to pull from; the history, newest first, holds what was logged up to it', async () => {
    const agentId = await createAgent('Data entry');
    for (let i = 1; i <= 5; i++) await addItem(`job-${i}`, agentId, 60 - i);
    const started = syncStartResponseSchema.parse(await get('start'));
    expect(started.agents.map((a) => a.title)).toEqual(['Data entry']);
    expect(started.profile.id).toBe(ada.user.id);
    expect(started.planLimits).toMatchObject({ plan: 'basic' });
    expect(started.jobItems).toBe(5);
    // Pulling from its cursor brings nothing it already holds.
    expect((await pull(started.cursor)).changes).toEqual([]);

    // After the start: one item changes, one is deleted, one is added. The history leaves them to the pull.
    const { jobItems } = tablesOf(t.db);
    await t.db.delete(jobItems).where(eq(jobItems.id, 'job-2'));
    await recordChange(t.db, ada.user.id, 'jobItem', 'job-2', t.clock.now(), true);
    await recordChange(t.db, ada.user.id, 'jobItem', 'job-4', t.clock.now());
    await addItem('job-6', agentId, 0);

    const first = historyResponseSchema.parse(await get(`history?upTo=${started.cursor}&limit=2`));
    expect(first.jobItems.map((i) => i.id)).toEqual(['job-5', 'job-3']);
    expect(first.hasMore).toBe(true);
    const second = historyResponseSchema.parse(await get(`history?upTo=${started.cursor}&limit=2&before=${first.nextBefore}`));
    expect(second.jobItems.map((i) => i.id)).toEqual(['job-1']);
    expect(second.hasMore).toBe(false);
    const later = await pull(started.cursor);
    expect(later.changes.map((c) => [c.id, c.deleted])).toEqual([
      ['job-2', true],
      ['job-4', false],
      ['job-6', false],
    ]);
  });

  it("answers a cursor that pulls on without starting over, when retention has moved the floor past the user's last change", async () => {
    const agentId = await createAgent('Data entry');
    await addItem('job-1', agentId, 5);
    const { retentionMarks } = tablesOf(t.db);
    // Another user's later changes, then a sweep that deleted tombstones up to a floor above all of Ada's.
    const grace = await t.signup('grace@yahoo.com');
    const floor = Number((await pull('0', undefined, grace.token)).nextCursor) + 1;
    await t.db.insert(retentionMarks).values({ key: CHANGE_LOG_FLOOR, value: floor, updatedAt: t.clock.now() });
    const started = syncStartResponseSchema.parse(await get('start'));
    const after = await pull(started.cursor);
    expect(after.reset).toBeUndefined();
    expect(after.changes).toEqual([]);
    const page = historyResponseSchema.parse(await get(`history?upTo=${started.cursor}`));
    expect(page.jobItems.map((i) => i.id)).toEqual(['job-1']);
  });

  it("never answers another user's items, and refuses a malformed position", async () => {
    const agentId = await createAgent('Data entry');
    await addItem('job-1', agentId, 5);
    const grace = await t.signup('grace@yahoo.com');
    const graces = syncStartResponseSchema.parse(await get('start', grace.token));
    expect(graces.jobItems).toBe(0);
    const adas = syncStartResponseSchema.parse(await get('start'));
    expect(historyResponseSchema.parse(await get(`history?upTo=${adas.cursor}`, grace.token)).jobItems).toEqual([]);
    expect((await t.call('GET', '/api/sync/history?upTo=x', undefined, t.auth(ada.token))).status).toBe(400);
    expect((await t.call('GET', `/api/sync/history?upTo=1&before=x`, undefined, t.auth(ada.token))).status).toBe(400);
    expect((await t.call('GET', '/api/sync/start')).status).toBe(401);
  });

  it("counts the user's items by what the dashboard reads, the month's sends apart", async () => {
    const agentId = await createAgent('Data entry');
    const now = t.clock.now();
    const lastMonth = new Date(now.getTime() - 40 * 24 * 3600_000);
    await addItem('sent-now', agentId, 10, { status: 'completed', sentAt: now, proposalRequirements: 'Hello', outcome: 'replied' });
    await addItem('sent-old', agentId, 20, { status: 'completed', sentAt: lastMonth, proposalRequirements: 'Hello' });
    await addItem('draft-1', agentId, 30, { proposalRequirements: 'Hi' });
    await addItem('draft-2', agentId, 31, { proposalRequirements: 'Hi' });
    // The same kind of item, one without a letter (still being written): counted apart.
    await addItem('draft-3', agentId, 32, { proposalRequirements: null });
    const grace = await t.signup('grace@yahoo.com');
    const month = new Date(now.getTime() - 24 * 3600_000).toISOString();
    const end = new Date(now.getTime() + 24 * 3600_000).toISOString();
    const answer = figuresResponseSchema.parse(await get(`figures?monthStart=${month}&monthEnd=${end}`));
    expect(answer.total).toBe(5);
    const find = (status: string, sentThisMonth: boolean, letter = true) =>
      answer.groups.find((g) => g.status === status && g.sentThisMonth === sentThisMonth && g.letter === letter);
    expect(find('completed', true)).toMatchObject({ count: 1, outcome: 'replied', letter: true, agentId });
    expect(find('completed', false)).toMatchObject({ count: 1, outcome: null });
    expect(find('draft', false)).toMatchObject({ count: 2, letter: true });
    expect(find('draft', false, false)).toMatchObject({ count: 1, letter: false });
    expect(answer.groups.filter((g) => g.status === 'draft')).toHaveLength(2);
    expect(figuresResponseSchema.parse(await get(`figures?monthStart=${month}&monthEnd=${end}`, grace.token))).toEqual({
      groups: [],
      total: 0,
    });
  });
});
