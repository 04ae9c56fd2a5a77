import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDb, type BidpilotDb } from '../db';
import { INITIAL_SYNC_STATE } from '../sync-state-table';

/** A fresh in-memory database (its own IndexedDB factory), signed in as `userId`. */
export async function testDb(userId = 'u1', factory: IDBFactory = new IDBFactory()): Promise<BidpilotDb> {
  const db = openDb('bidpilot-test', { indexedDB: factory, IDBKeyRange });
  await db.syncState.put({ ...INITIAL_SYNC_STATE, userId });
  return db;
}

/** A second connection to the same in-memory database (another tab). */
export function sameDb(factory: IDBFactory): BidpilotDb {
  return openDb('bidpilot-test', { indexedDB: factory, IDBKeyRange });
}
