import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { clearUserData } from './clear';
import { openDb, SCHEMA_V2, SCHEMA_V5 } from './db';
import { createSessionMirror } from './session-mirror';

describe('BidpilotDb', () => {
  it('upgrades version 1 to 5 keeping the session without its token, and adding the sync tables, kept drafts, the cache and the letters being edited', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie('bidpilot', { indexedDB, IDBKeyRange });
    v1.version(1).stores({ session: 'key' });
    await v1.table('session').put({ key: 'current', token: 'tok', user: null, savedAt: 1 });
    v1.close();

    const db = openDb('bidpilot', { indexedDB, IDBKeyRange });
    await db.open();

    expect(db.verno).toBe(5);
    // The session is kept; the bearer token older versions stored is gone from IndexedDB.
    expect(await createSessionMirror(db).load()).toEqual({ user: null });
    expect(JSON.stringify(await db.session.toArray())).not.toContain('tok');
    expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(SCHEMA_V5).sort());
    expect(await db.syncState.get('main')).toMatchObject({ cursor: '0', userId: null });
    expect(db.jobItems.schema.indexes.map((i) => i.name)).toEqual(expect.arrayContaining(['[agentId+createdAt]', 'status']));
    expect(db.outbox.schema.primKey).toMatchObject({ name: 'seq', auto: true });
  });

  it('clears the user data but not the session', async () => {
    const db = openDb('bidpilot', { indexedDB: new IDBFactory(), IDBKeyRange });
    await createSessionMirror(db).save(null);
    await db.notices.add({
      kind: 'rejected',
      entity: 'agent',
      entityId: 'a',
      entityName: 'A',
      op: 'update',
      code: 'x',
      message: 'y',
      lost: [],
      createdAt: 1,
    });
    await db.syncState.put({ key: 'main', cursor: '9', userId: 'u1', lastSyncedAt: 1, lastError: null });
    await db.cache.put({ key: 'subscription', value: null, savedAt: 1 });
    await db.letterDrafts.put({ id: 'j1', letter: 'An edit', bidAmount: null, bidPeriodDays: null, baseVersion: 1, savedAt: 1 });

    await clearUserData(db);

    expect(await db.notices.count()).toBe(0);
    expect(await db.cache.count()).toBe(0);
    expect(await db.letterDrafts.count()).toBe(0);
    expect(await db.syncState.count()).toBe(0);
    expect(await db.session.count()).toBe(1);
  });

  it('upgrades version 2 to 3 keeping the synced data and the outbox', async () => {
    const indexedDB = new IDBFactory();
    const v2 = new Dexie('bidpilot', { indexedDB, IDBKeyRange });
    v2.version(1).stores({ session: 'key' });
    v2.version(2).stores(SCHEMA_V2);
    await v2
      .table('outbox')
      .add({ id: 'k1', entity: 'agent', entityId: 'a1', op: 'update', payload: { location: 'Lagos' }, baseVersion: 3 });
    v2.close();

    const db = openDb('bidpilot', { indexedDB, IDBKeyRange });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ seq: 1, id: 'k1', baseVersion: 3 })]);
    expect(await db.keptDrafts.count()).toBe(0);
    expect(db.verno).toBe(5);
  });
});
