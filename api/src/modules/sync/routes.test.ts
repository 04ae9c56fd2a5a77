import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pullResponseSchema } from '@shared/schemas/sync';
import { tablesOf } from '../../store/schema/index';
import { recordChange } from '../../store/change-log';
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
