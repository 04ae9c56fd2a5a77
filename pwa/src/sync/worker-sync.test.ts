import { describe, expect, it, vi } from 'vitest';
import { createAgentRepository } from '../data/agents-repository';
import { createSessionMirror } from '../data/session-mirror';
import { testDb } from '../data/testing/fake-db';
import { runWorkerSync } from './worker-sync';

const noLock = { run: <T>(task: () => Promise<T>) => task() };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user = { id: 'u1' } as never;

describe('runWorkerSync (Background Sync in the service worker)', () => {
  it('does nothing when signed out or when the outbox is empty', async () => {
    const db = await testDb('u1');
    const fetchMock = vi.fn<typeof fetch>();
    expect(await runWorkerSync({ db, fetch: fetchMock, lock: noLock })).toBeNull();
    await createSessionMirror(db).save(user);
    expect(await runWorkerSync({ db, fetch: fetchMock, lock: noLock })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pushes with the session cookie (no token in IndexedDB), then pulls', async () => {
    const db = await testDb('u1');
    await createSessionMirror(db).save(user);
    const agent = await createAgentRepository({ db, userId: 'u1' }).createAgent({ title: 'Offline made', platform: 'upwork' });
    const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
      if (String(url).startsWith('/api/sync/pull')) {
        return json(200, { protocolVersion: 1, changes: [], nextCursor: '5', hasMore: false, planLimits: { plan: 'free' } });
      }
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(201, { success: true, id: agent.id, data: { ...agent, ...body, version: 1 } });
    });

    const result = await runWorkerSync({ db, fetch: fetchMock, lock: noLock });

    expect(result?.push.acknowledged).toBe(1);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('same-origin');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.syncState.get('main'))?.cursor).toBe('5');
  });

  it('throws when the network fails, so the browser retries', async () => {
    const db = await testDb('u1');
    await createSessionMirror(db).save(user);
    await createAgentRepository({ db, userId: 'u1' }).createAgent({ title: 'Waiting', platform: 'upwork' });
    const fetchMock = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(runWorkerSync({ db, fetch: fetchMock, lock: noLock })).rejects.toMatchObject({ code: 'offline' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('skips data that belongs to another user', async () => {
    const db = await testDb('someone-else');
    await createSessionMirror(db).save(user);
    await createAgentRepository({ db, userId: 'someone-else' }).createAgent({ title: 'Not mine', platform: 'upwork' });
    expect(await runWorkerSync({ db, fetch: vi.fn<typeof fetch>(), lock: noLock })).toBeNull();
  });
});
