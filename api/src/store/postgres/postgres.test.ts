import { eq, getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres, type PostgresServer } from '../../testing/postgres-server';
import { closePostgres, openPostgres, type PgDb } from './postgres';
import { pgTables, users } from '../schema/pg';

// CI installs PostgreSQL (.ci/run); a developer machine without it skips these, saying so.
const available = postgresBinDir() !== null || process.env.CI === 'true';
if (!available) console.warn('postgres.test.ts skipped: PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN)');

describe.skipIf(!available)('the store on PostgreSQL', () => {
  let server: PostgresServer;
  const opened: PgDb[] = [];
  const open = async (url: string) => {
    const db = await openPostgres(url, { max: 4 });
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(opened.map((db) => closePostgres(db)));
    await server?.stop();
  });

  it('migrates a new database, also when two processes start on it at once', async () => {
    const url = await server.createDatabase('migrate_race');
    const [a, b] = await Promise.all([open(url), open(url)]);
    const applied = await a.$client<Array<{ n: number }>>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied[0]!.n).toBeGreaterThan(0);
    const tables = await b.$client<
      Array<{ table_name: string }>
    >`select table_name from information_schema.tables where table_schema = 'public'`;
    expect(tables.map((t) => t.table_name).sort()).toEqual(
      Object.values(pgTables)
        .map((t) => getTableConfig(t).name)
        .sort(),
    );
  });

  it('holds the columns the schema describes, with their nullability', async () => {
    const db = await open(await server.createDatabase('columns'));
    const rows = await db.$client<Array<{ table_name: string; column_name: string; is_nullable: string }>>`
      select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`;
    const inDatabase = rows.map((r) => `${r.table_name}.${r.column_name} ${r.is_nullable === 'NO' ? 'not null' : 'null'}`).sort();
    const described = Object.values(pgTables)
      .flatMap((t) => getTableConfig(t).columns.map((c) => `${getTableConfig(t).name}.${c.name} ${c.notNull ? 'not null' : 'null'}`))
      .sort();
    expect(inDatabase).toEqual(described);
  });

  it('gives rows back in the shapes domain code knows: dates, booleans, JSON, numbers', async () => {
    const db = await open(await server.createDatabase('shapes'));
    const now = new Date('2026-11-22T10:11:12.345Z');
    await db.insert(users).values({
      id: 'u1',
      email: 'ada@example.com',
      passwordHash: 'x',
      platformType: 'upwork',
      skills: ['React', 'Node.js'],
      upworkProfileComplete: true,
      referralCode: 'ADA123',
      createdAt: now,
      updatedAt: now,
    });
    const [row] = await db.select().from(users).where(eq(users.id, 'u1'));
    expect(row).toMatchObject({
      skills: ['React', 'Node.js'],
      portfolioLinks: [],
      upworkProfileComplete: true,
      freelancerProfileComplete: false,
      version: 1,
      language: 'en',
    });
    expect(row!.createdAt).toEqual(now);
    expect(Object.keys(row!).sort()).toEqual(Object.keys(getTableColumns(users)).sort());
  });
});
