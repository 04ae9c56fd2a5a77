import { AsyncResource } from 'node:async_hooks';
import type Database from 'better-sqlite3';

/** One transaction asked of the queue: its work, run in the caller's async context, and its answer. */
interface Waiting {
  run: () => Promise<MemberResult<unknown>>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What one member of a commit did: its answer, what to run once it is committed, and whether it failed. */
interface Done {
  waiting: Waiting;
  ok: boolean;
  value?: unknown;
  error?: unknown;
  effects: Array<() => void>;
}

/** What a member's work answers to the queue (the effects it registered run only after the commit). */
export interface MemberResult<T> {
  value: T;
  effects: Array<() => void>;
}

/** At most this many transactions share one commit, so the first of them waits a bounded time. */
const MOST_PER_COMMIT = 64;

/**
 * This process's transactions on one SQLite connection, one at a time in the order asked, with
 * group commit: those that queued while a commit was being built share the next one. Each runs in a
 * savepoint of its own, so one that fails rolls back alone and the others still commit; each caller
 * hears of its transaction, and its effects run, only once the commit holding it is durable (as
 * durable as the connection's `synchronous` makes it). A commit costs the same whatever it holds, and
 * on a WAL database a page several transactions change is written once, so when many are waiting
 * (the runner's lanes, requests in flight) the commits and the checkpoints behind them shrink.
 *
 * Nothing is seen earlier than it would be one at a time: a transaction reads what those before it
 * in the commit wrote, as it would have read them committed, and readers on other connections see all
 * of a commit or none of it. If SQLite itself ends the transaction (an I/O error, a full disk),
 * the member it happened in fails, and the others that had run are run again in the next commit,
 * as a PostgreSQL transaction is run again after a serialization failure.
 */
export function groupCommit(connection: Database.Database) {
  const queue: Waiting[] = [];
  let draining: Promise<void> | null = null;
  // Prepared once: they run for every transaction. Members follow one another, never nest, so one name serves.
  const statements = new Map<string, Database.Statement>();
  const exec = (statement: string) => {
    let prepared = statements.get(statement);
    if (!prepared) statements.set(statement, (prepared = connection.prepare(statement)));
    prepared.run();
  };

  /** Runs the members of one commit; answers those that are to be run again (SQLite ended the transaction). */
  async function commitTogether(members: Waiting[]): Promise<Waiting[]> {
    try {
      exec('BEGIN IMMEDIATE');
    } catch (error) {
      for (const member of members) member.reject(error);
      return [];
    }
    const done: Done[] = [];
    for (const [index, waiting] of members.entries()) {
      exec('SAVEPOINT member');
      try {
        const { value, effects } = await waiting.run();
        exec('RELEASE member');
        done.push({ waiting, ok: true, value, effects });
      } catch (error) {
        if (connection.inTransaction) {
          exec('ROLLBACK TO member');
          exec('RELEASE member');
          done.push({ waiting, ok: false, error, effects: [] });
          continue;
        }
        // SQLite ended the whole transaction: what the others before it wrote is gone, and they run again.
        waiting.reject(error);
        for (const d of done) if (!d.ok) d.waiting.reject(d.error);
        return [...done.filter((d) => d.ok).map((d) => d.waiting), ...members.slice(index + 1)];
      }
    }
    try {
      exec('COMMIT');
    } catch (error) {
      if (connection.inTransaction) exec('ROLLBACK');
      for (const d of done) d.waiting.reject(d.ok ? error : d.error);
      return [];
    }
    for (const d of done) {
      if (!d.ok) {
        d.waiting.reject(d.error);
        continue;
      }
      for (const effect of d.effects) effect();
      d.waiting.resolve(d.value);
    }
    return [];
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const again = await commitTogether(queue.splice(0, MOST_PER_COMMIT));
        queue.unshift(...again);
      }
    } finally {
      draining = null;
    }
  }

  return {
    /**
     * Queues `work` as a transaction of its own; `work` answers its value and the effects to run
     * after the commit. It runs in the caller's async context, like a `then` of the caller.
     */
    run<T>(work: () => Promise<MemberResult<T>>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const caller = new AsyncResource('bidpilot.transaction');
        queue.push({ run: () => caller.runInAsyncScope(work), resolve: resolve as (value: unknown) => void, reject });
        // Begun on the next microtask, never inside the caller's call: others asked for in the same turn join it.
        draining ??= Promise.resolve().then(drain);
      });
    },
    /** Resolves once nothing is queued or being committed. */
    async idle(): Promise<void> {
      while (draining) await draining;
    },
  };
}
