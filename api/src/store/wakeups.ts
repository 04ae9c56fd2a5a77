import crypto from 'node:crypto';
import { asc, gt, max } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import { first, type Store } from './store';
import { tablesOf } from './schema/index';
import type { Logger } from '../kernel/logger';

/** What became due: agents to run (one was activated or changed), or proposals to send (one was approved). */
export type WakeTopic = 'agents' | 'sends';
export type WakeListener = (topic: WakeTopic) => void;

/**
 * Tells the runner, in this process and in every other one on the database, that work is due now
 * rather than at its next tick. Signals may be coalesced or arrive more than once: a listener looks
 * at the database for what is due, so a wake-up is a hint, never the work itself. On SQLite this is
 * a table polled once a second (`tableWakeups`); a PostgreSQL store can implement the same interface
 * with LISTEN/NOTIFY.
 */
export interface Wakeups {
  signal(topic: WakeTopic): void;
  /** Calls `listener` on every signal from any process; answers a function that stops it. */
  listen(listener: WakeListener): () => void;
  /** Stops polling (shutdown, before the database closes). */
  close(): void;
}

/**
 * One process only (tests, and anything built without a shared database). Listeners are told on the
 * next turn of the event loop (`setImmediate`), not in a microtask: a signal given inside a write
 * transaction reaches them once it has committed, never while it is open. A transaction of the
 * SQLite store awaits only microtasks (no outside I/O happens inside one), so it ends first.
 */
export function localWakeups(): Wakeups {
  const listeners = new Set<WakeListener>();
  return {
    signal: (topic) => {
      setImmediate(() => {
        for (const listener of listeners) listener(topic);
      });
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
}

/**
 * Wake-ups across processes on one SQLite file: a signal is a row (and is told to this process's
 * own listeners at once); a process with listeners reads the rows added since its last look every
 * `pollMs`, one query on the primary key, and tells its listeners of the others' rows. Rows older
 * than an hour are swept (store/expiry.ts). The row is written in a store transaction of its own
 * (or the one under way, when a signal is given inside one: it then commits with the change).
 */
export function tableWakeups(store: Store, clock: Clock, log: Logger, options: { pollMs?: number } = {}): Wakeups {
  const { wakeups } = tablesOf(store.db);
  const source = crypto.randomUUID();
  const local = localWakeups();
  let listening = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The last row looked at; undefined until the first look (which only notes where the table ends). */
  let seen: number | undefined;
  let looking = false;

  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      if (seen === undefined) {
        seen = (await first(store.db.select({ last: max(wakeups.id) }).from(wakeups)))?.last ?? 0;
        return;
      }
      const rows = await store.db
        .select({ id: wakeups.id, topic: wakeups.topic, source: wakeups.source })
        .from(wakeups)
        .where(gt(wakeups.id, seen))
        .orderBy(asc(wakeups.id));
      if (rows.length === 0) return;
      seen = rows[rows.length - 1]!.id;
      const topics = new Set(rows.filter((row) => row.source !== source).map((row) => row.topic));
      for (const topic of topics) local.signal(topic);
    } catch (error) {
      log.warn('could not read wake-ups', { error });
    } finally {
      looking = false;
    }
  };
  const stopPolling = () => {
    clearInterval(timer);
    timer = undefined;
  };

  return {
    signal(topic) {
      store
        .tx(async (tx) => {
          const { wakeups } = tablesOf(tx);
          await tx.insert(wakeups).values({ topic, source, createdAt: clock.now() });
        })
        // The change itself is committed; the other processes find it at their next tick.
        .catch((error: unknown) => log.warn('could not record a wake-up', { topic, error }));
      local.signal(topic);
    },
    listen(listener) {
      const stop = local.listen(listener);
      listening++;
      if (!timer) {
        seen = undefined;
        void look();
        timer = setInterval(() => void look(), options.pollMs ?? 1000);
        timer.unref();
      }
      return () => {
        stop();
        if (--listening === 0) stopPolling();
      };
    },
    close() {
      stopPolling();
      local.close();
    },
  };
}
