import { spawnSync } from 'node:child_process';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { PgDb } from '../store/postgres/postgres';
import { postgresStore, type PostgresStore } from '../store/postgres/postgres-store';
import { pgTables } from '../store/schema/pg';
import { postgresBinDir } from './postgres-server';

let made = 0;

/**
 * A fresh, migrated database on the `api-pg` project's server (a copy of its template), with the
 * store on it; its name is what `postgresTestStore` opens again. Synchronous, like the SQLite test
 * app it stands in for: the copy is one CREATE DATABASE through psql, and postgres.js connects on the
 * first query.
 */
export function freshPostgresStore(): { store: PostgresStore; database: string } {
  const database = migratedTestDatabase();
  return { store: postgresTestStore(database), database };
}

/** A fresh copy of the migrated template; answers its name. */
export function migratedTestDatabase(): string {
  return createTestDatabase(inject('postgres').template);
}

/** Creates a database on the `api-pg` project's server, a copy of `template` (empty without one); answers its name. */
export function createTestDatabase(template?: string): string {
  const database = `t_${process.pid}_${++made}_${Date.now().toString(36)}`;
  const server = new URL(inject('postgres').url);
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const statement = `CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ''}`;
  const created = spawnSync(
    `${bin}/psql`,
    ['-h', server.hostname, '-p', server.port, '-U', decodeURIComponent(server.username), '-d', 'postgres', '-c', statement],
    { encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`CREATE DATABASE failed: ${created.stderr}`);
  return database;
}

/**
 * A store (its own pool: another process, as far as the database can tell) on a test database: the
 * product's, or with `searchPath` the sandbox's (store/sandbox-store.ts: its sessions name the
 * `sandbox` schema first).
 */
export function postgresTestStore(database: string, options: { searchPath?: string } = {}): PostgresStore {
  const connection = options.searchPath ? { search_path: options.searchPath } : {};
  return postgresStore(
    drizzle(postgres(postgresTestUrl(database), { max: 4, onnotice: () => undefined, connection }), { schema: pgTables }) as PgDb,
  );
}

/** The URL of a database on the `api-pg` project's server, for a child process's DATABASE_URL. */
export function postgresTestUrl(database: string): string {
  const server = new URL(inject('postgres').url);
  server.pathname = `/${database}`;
  return server.toString();
}

/** The URL of a fresh, migrated database, for a test that opens the store itself as a server given DATABASE_URL does. */
export function freshPostgresUrl(): string {
  return postgresTestUrl(migratedTestDatabase());
}
