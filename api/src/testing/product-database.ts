import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { testDialect } from './test-dialect';

/** A query's parameter: a time as a Date (milliseconds in SQLite, a timestamp in PostgreSQL). */
type Param = string | number | Date | null;

/**
 * The database product processes started by a test or a bench share (`ProductProcess`), looked at
 * straight from outside them: the SQLite file in their data folder, or a PostgreSQL database.
 */
export interface ProductDatabase {
  /** What a product process needs besides DATA_DIR to use it (SQLite's file is in DATA_DIR). */
  readonly env: Record<string, string>;
  /**
   * Rows of SQL both engines speak, `$1`-style parameters (a time as a Date); times in answers are
   * milliseconds, as SQLite keeps them. Alias camelCase columns in double quotes and cast counts
   * (`CAST(count(*) AS integer)`: PostgreSQL's are bigints).
   */
  query<T>(text: string, params?: Param[]): Promise<T[]>;
  /**
   * A private copy of the product's data, for a round that must start from the same data: the data
   * folder `from` (its secrets, and SQLite's file) copied to `to`, and on PostgreSQL the database.
   * No process may be using it meanwhile.
   */
  copy(from: string, to: string): Promise<ProductDatabase>;
  close(): Promise<void>;
}

const SQLITE_FILE = 'bidpilot.sqlite';

/** The SQLite file the product keeps in `dataDir`, read beside running processes (WAL). */
export function sqliteProductDatabase(dataDir: string): ProductDatabase {
  return {
    env: {},
    async query<T>(text: string, params: Param[] = []) {
      const db = new Database(path.join(dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(text.replace(/\$(\d+)/g, '?$1')).all(...params.map((p) => (p instanceof Date ? p.getTime() : p))) as T[];
      } finally {
        db.close();
      }
    },
    async copy(from: string, to: string) {
      fs.cpSync(from, to, { recursive: true });
      return sqliteProductDatabase(to);
    },
    async close() {},
  };
}

/**
 * Makes databases on the PostgreSQL server at `serverUrl` (its `postgres` database): an empty one, or
 * a copy of `template` (CREATE DATABASE … TEMPLATE, with no one connected to the template); answers
 * the new database's URL.
 */
export function postgresDatabases(serverUrl: string): (template?: string) => Promise<string> {
  let made = 0;
  return async (template) => {
    const name = `product_${process.pid}_${++made}_${Date.now().toString(36)}`;
    const sql = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    try {
      await sql.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    } finally {
      await sql.end({ timeout: 5 });
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
}

/** A PostgreSQL database at `url` on a server where `create` makes databases (`postgresDatabases`). */
export function postgresProductDatabase(url: string, create: (template?: string) => Promise<string>): ProductDatabase {
  let sql: postgres.Sql | undefined;
  const connection = () => (sql ??= postgres(url, { max: 1, onnotice: () => undefined }));
  const millis = (row: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = value.getTime();
    return row;
  };
  return {
    env: { DATABASE_URL: url },
    async query<T>(text: string, params: Param[] = []) {
      const rows = await connection().unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return rows.map((row) => millis(row as Record<string, unknown>)) as T[];
    },
    async copy(from: string, to: string) {
      fs.cpSync(from, to, { recursive: true });
      await this.close();
      return postgresProductDatabase(await create(decodeURIComponent(new URL(url).pathname.slice(1))), create);
    },
    async close() {
      await sql?.end({ timeout: 5 });
      sql = undefined;
    },
  };
}

/**
 * The database for product processes a test starts on `dataDir`: its SQLite file, or in the
 * `api-pg` project (DATABASE_URL set), a fresh, empty database on the project's server, which the
 * processes migrate when they start.
 */
export async function testProductDatabase(dataDir: string): Promise<ProductDatabase> {
  if (testDialect() !== 'postgres') return sqliteProductDatabase(dataDir);
  const { inject } = await import('vitest');
  const create = postgresDatabases(inject('postgres').url);
  return postgresProductDatabase(await create(), create);
}
