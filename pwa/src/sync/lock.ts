import type { BidpilotDb } from '../data/db';

/** Runs one sync at a time across every tab and the service worker of this origin. */
export interface SyncLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export const SYNC_LOCK_NAME = 'bidpilot-sync';

/** The minimal part of the Web Locks API used here (page and worker alike). */
export interface LockRequester {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks: a second sync waits for the first to finish (in any tab or the service worker). */
export function webLock(locks: LockRequester, name: string = SYNC_LOCK_NAME): SyncLock {
  return { run: (task) => locks.request(name, task) };
}

export interface LeaseOptions {
  db: BidpilotDb;
  /** This tab's (or worker's) id. */
  owner: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a lease holds if its owner dies mid-sync. */
  ttlMs?: number;
  pollMs?: number;
  /** Gives up waiting after this long (the task is then not run). */
  waitMs?: number;
}

export const LOCK_BUSY = 'Another tab is syncing';

/**
 * The fallback where Web Locks are missing: a lease row in IndexedDB, taken in a read-write
 * transaction (which IndexedDB serialises), given back at the end, expiring if its owner dies.
 */
export function leaseLock(options: LeaseOptions): SyncLock {
  const { db, owner } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const ttlMs = options.ttlMs ?? 120_000;
  const pollMs = options.pollMs ?? 250;
  const waitMs = options.waitMs ?? 60_000;

  const take = () =>
    db.transaction('rw', db.syncState, async () => {
      const state = await db.syncState.get('main');
      if (!state) return true; // no user data here: nothing to guard
      const at = now();
      if (state.leaseOwner && state.leaseOwner !== owner && (state.leaseUntil ?? 0) > at) return false;
      await db.syncState.put({ ...state, leaseOwner: owner, leaseUntil: at + ttlMs });
      return true;
    });

  const give = () =>
    db.transaction('rw', db.syncState, async () => {
      const state = await db.syncState.get('main');
      if (state?.leaseOwner === owner) await db.syncState.put({ ...state, leaseOwner: null, leaseUntil: 0 });
    });

  return {
    async run(task) {
      const started = now();
      while (!(await take())) {
        if (now() - started >= waitMs) throw new Error(LOCK_BUSY);
        await sleep(pollMs);
      }
      try {
        return await task();
      } finally {
        await give();
      }
    },
  };
}

/** Web Locks when the runtime has them, else the IndexedDB lease. */
export function defaultLock(db: BidpilotDb, owner: string): SyncLock {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  if (!locks) return leaseLock({ db, owner });
  return webLock({ request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> });
}
