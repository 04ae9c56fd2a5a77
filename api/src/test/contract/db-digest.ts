import crypto from 'node:crypto';
import type { Db } from '../../db/client';

/*
 * Fingerprints of the database, to tell whether a request changed anything: per table for the
 * whole database (the fuzzer: a refused request must change nothing), or one user's rows (the
 * authorization matrix: another user's request must never change them).
 */

/** A column whose change a refused request makes on purpose, with the reason. */
export interface Exclusion {
  table: string;
  /** Undefined: the whole table. */
  column?: string;
  reason: string;
}

const tablesOf = (db: Db): string[] =>
  (db.$client.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name").all() as Array<{ name: string }>).map(
    (row) => row.name,
  );

const columnsOf = (db: Db, table: string): string[] => (db.$client.prepare(`pragma table_info("${table}")`).all() as Array<{ name: string }>).map((row) => row.name);

const hash = (rows: unknown[]) => crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');

/** Per table, a hash of every row (excluded tables and columns left out). */
export function databaseDigest(db: Db, exclusions: readonly Exclusion[] = []): Map<string, string> {
  const digest = new Map<string, string>();
  for (const table of tablesOf(db)) {
    if (exclusions.some((e) => e.table === table && !e.column)) continue;
    const skip = new Set(exclusions.filter((e) => e.table === table && e.column).map((e) => e.column));
    const columns = columnsOf(db, table).filter((column) => !skip.has(column));
    const rows = db.$client.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}" order by rowid`).raw().all();
    digest.set(table, hash(rows));
  }
  return digest;
}

/** Per table, a hash of one user's rows: the users row itself and every row carrying their user_id. */
export function userDigest(db: Db, userId: string): Map<string, string> {
  const digest = new Map<string, string>();
  digest.set('users', hash(db.$client.prepare('select * from users where id = ?').raw().all(userId)));
  for (const table of tablesOf(db)) {
    if (!columnsOf(db, table).includes('user_id')) continue;
    digest.set(table, hash(db.$client.prepare(`select * from "${table}" where user_id = ? order by rowid`).raw().all(userId)));
  }
  return digest;
}

/** The tables whose fingerprint differs between two digests. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
