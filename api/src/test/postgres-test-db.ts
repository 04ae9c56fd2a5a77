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
 * The URL of a fresh, migrated database on the `api-pg` project's server (a copy of its template):
 * for a test that opens the product's store itself, as a server given DATABASE_URL does.
 * Synchronous: the copy is one CREATE DATABASE through psql.
 */
export function freshPostgresUrl(): string {
  const { url, template } = inject('postgres');
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
  return server.toString();
}

/**
 * A fresh, migrated database (`freshPostgresUrl`) with the store on it. Synchronous, like the SQLite
 * test app it stands in for: postgres.js connects on the first query.
 */
export function freshPostgresStore(): PostgresStore {
  const client = postgres(freshPostgresUrl(), { max: 4, onnotice: () => undefined });
  return postgresStore(drizzle(client, { schema: pgTables }) as PgDb);
}
