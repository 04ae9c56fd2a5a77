import { spawnSync } from 'node:child_process';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { PgDb } from '../db/postgres';
import { postgresStore, type PostgresStore } from '../db/postgres-store';
import { pgTables } from '../db/schema-pg';
import { postgresBinDir } from './postgres-server';

let made = 0;

/**
 * A fresh, migrated database on the `api-pg` project's server (a copy of its template), with the
 * store on it. Synchronous, like the SQLite test app it stands in for: the copy is one CREATE
 * DATABASE through psql, and postgres.js connects on the first query.
 */
export function freshPostgresStore(): PostgresStore {
  return freshPostgresDatabase().store;
}

/**
 * As `freshPostgresStore`, with the database's name; `copyOf` names a database of this server to copy
 * instead of the migrated template (nothing may be connected to it: close its store first).
 */
export function freshPostgresDatabase(copyOf?: string): { store: PostgresStore; database: string } {
  const { url, template: migrated } = inject('postgres');
  const template = copyOf ?? migrated;
  const name = `t_${process.pid}_${++made}_${Date.now().toString(36)}`;
  const server = new URL(url);
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const created = spawnSync(
    `${bin}/psql`,
    ['-h', server.hostname, '-p', server.port, '-U', decodeURIComponent(server.username), '-d', 'postgres', '-c', `CREATE DATABASE "${name}" TEMPLATE "${template}"`],
    { encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`CREATE DATABASE failed: ${created.stderr}`);
  server.pathname = `/${name}`;
  const client = postgres(server.toString(), { max: 4, onnotice: () => undefined });
  return { store: postgresStore(drizzle(client, { schema: pgTables }) as PgDb), database: name };
}
