import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * Checkpoints of busy SQLite files, run on a thread of their own.
 *
 * In WAL mode a commit appends pages to the -wal file, and a checkpoint copies them back into the
 * database and syncs both files. SQLite runs one inside the commit that takes the WAL past 1,000
 * pages: that commit (and the event loop with it) waits for the syncs, about 18 ms here, and the
 * runner bench spent a third of its commit time in them. A file that has seen COMMITS_BEFORE_WATCH
 * commits is handed to one worker thread per process, which opens its own connection to it and
 * runs a PASSIVE checkpoint every NUDGE_EVERY commits; readers and the writer go on meanwhile, as
 * SQLite's WAL mode lets them. The writer keeps checkpointing itself past SAFETY_PAGES, should the
 * thread fall behind; a file that never gets busy never starts the thread (tests open hundreds).
 * Durability is the same: `synchronous = NORMAL` syncs at checkpoints, whichever connection runs them.
 */

/** Commits a store makes before its file is watched. */
const COMMITS_BEFORE_WATCH = 100;
/** Commits between two checkpoints asked of the thread. */
const NUDGE_EVERY = 32;
/** WAL pages past which the writer checkpoints in its own commit (SQLite's default is 1,000). */
const SAFETY_PAGES = 10_000;
const SQLITE_DEFAULT_PAGES = 1_000;

type ToWorker = { kind: 'watch'; id: number; file: string } | { kind: 'checkpoint'; id: number } | { kind: 'unwatch'; id: number };
type FromWorker = { kind: 'unwatched'; id: number };

// The thread's code: CommonJS, given the driver's resolved path (a bundle has no node_modules of its own).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
parentPort.on('message', (message) => {
  if (message.kind === 'watch') {
    const db = new Database(message.file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    open.set(message.id, db);
  } else if (message.kind === 'checkpoint') {
    const db = open.get(message.id);
    try {
      if (db) db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or gone: the next nudge (or the writer itself) checkpoints.
    }
  } else if (message.kind === 'unwatch') {
    open.get(message.id)?.close();
    open.delete(message.id);
    parentPort.postMessage({ kind: 'unwatched', id: message.id });
  }
});
`;

interface Watched {
  connection: Database.Database;
  unwatched?: () => void;
}

let worker: Worker | null = null;
let broken = false;
const watched = new Map<number, Watched>();
let ids = 0;
/** Stores waiting for the thread to close their connection. */
let stopping = 0;

function thread(): Worker | null {
  if (worker || broken) return worker;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver } });
  // It never keeps the process alive, and it dies with it (kill -9 included).
  worker.unref();
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'unwatched') watched.get(message.id)?.unwatched?.();
  });
  const giveUp = () => {
    // The writers checkpoint themselves again, as SQLite does by default.
    broken = true;
    worker = null;
    for (const [id, entry] of watched) {
      if (entry.connection.open) entry.connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
      entry.unwatched?.();
      watched.delete(id);
    }
  };
  worker.on('error', giveUp);
  worker.on('exit', giveUp);
  return worker;
}

const send = (message: ToWorker) => thread()?.postMessage(message);

/** Background checkpoints for one store's writer connection on `file`. */
export function backgroundCheckpoints(file: string, connection: Database.Database) {
  const id = ++ids;
  let commits = 0;
  return {
    /** Counts a commit; watches the file once it is busy, and asks for a checkpoint every NUDGE_EVERY. */
    committed(): void {
      commits++;
      if (commits < COMMITS_BEFORE_WATCH || commits % NUDGE_EVERY !== 0) return;
      if (!watched.has(id)) {
        if (!thread()) return;
        watched.set(id, { connection });
        send({ kind: 'watch', id, file });
        connection.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
      }
      send({ kind: 'checkpoint', id });
    },
    /** Closes the thread's connection to the file (before the writer closes, so the writer's close can remove the WAL). */
    stopNow(): void {
      if (watched.delete(id)) send({ kind: 'unwatch', id });
    },
    /** `stopNow`, once the thread has closed its connection. */
    async stop(): Promise<void> {
      const entry = watched.get(id);
      if (!entry || !worker) return;
      const done = new Promise<void>((resolve) => (entry.unwatched = resolve));
      // Held open until the thread answers: a process shutting down waits for it.
      if (stopping++ === 0) worker.ref();
      send({ kind: 'unwatch', id });
      await done;
      watched.delete(id);
      if (--stopping === 0) worker?.unref();
    },
  };
}
