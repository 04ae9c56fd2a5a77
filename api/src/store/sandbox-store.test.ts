import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../kernel/config';
import { createTestDatabase, postgresTestUrl } from '../testing/postgres-test-db';
import { testDialect } from '../testing/test-dialect';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS, type Migrations } from './migrations';
import { openStore } from './open-store';
import { closePostgres, openPostgres } from './postgres/postgres';
import { storeState } from './readiness';
import * as sandboxTables from './sandbox-schema/sqlite';
import { needsSandboxStore, openSandboxStore, sandboxDatabaseFile } from './sandbox-store';
import { closeDatabase, openDatabase } from './sqlite/client';
import type { SqliteStore } from './sqlite/sqlite-store';
import { isPostgresStore, type Store } from './store';

/** The sandbox's seven tables, by their names in the database. */
const SANDBOX_TABLES = Object.values(sandboxTables)
  .map((table) => getTableConfig(table).name)
  .sort();

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-sandbox-store-'));
  dirs.push(dir);
  return dir;
};

/** A fresh install's settings: a data folder, and on PostgreSQL an empty database of its own. */
const freshInstall = () => ({
  dataDir: dataDir(),
  databaseUrl: testDialect() === 'postgres' ? postgresTestUrl(createTestDatabase()) : undefined,
});

const opened = async (store: Promise<Store>) => {
  const done = await store;
  stores.push(done);
  return done;
};

/** The tables a store's database holds, by schema on PostgreSQL (`public`, `drizzle`, `sandbox`), or `main` for a SQLite file. */
async function tablesOf(store: Store): Promise<Record<string, string[]>> {
  const rows = isPostgresStore(store)
    ? await store.pg.$client<Array<{ schema: string; name: string }>>`
        select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`
    : ((store as SqliteStore).writer.$client
        .prepare("select 'main' as schema, name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as Array<{ schema: string; name: string }>);
  const bySchema: Record<string, string[]> = {};
  for (const row of rows) (bySchema[row.schema] ??= []).push(row.name);
  for (const names of Object.values(bySchema)) names.sort();
  return bySchema;
}

/** A copy of `migrations` that stops before the product's migration that moved the sandbox's tables out. */
function migrationsBeforeTheSandboxMoved(migrations: Migrations): Migrations {
  const cut = (folder: string) => {
    const copy = path.join(dataDir(), path.basename(folder));
    fs.cpSync(folder, copy, { recursive: true });
    const journalFile = path.join(copy, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const moved = journal.entries.findIndex((entry) => entry.tag.endsWith('_sandbox_apart'));
    expect(moved, `${folder} has the migration that drops the sandbox's tables`).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, moved);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    return copy;
  };
  return { ...migrations, sqliteFolder: cut(migrations.sqliteFolder), pgFolder: cut(migrations.pgFolder) };
}

describe(`the sandbox store, apart from the product's database (${testDialect()} in this run)`, () => {
  it("on a fresh install: the product's database holds none of the sandbox's tables; the sandbox store holds them all, with its own migrations", async () => {
    const install = freshInstall();
    const product = await opened(openStore(install));
    const sandbox = await opened(openSandboxStore(install));

    const productTables = await tablesOf(product);
    const sandboxTablesHeld = await tablesOf(sandbox);
    if (testDialect() === 'postgres') {
      // One database: the product's tables in `public` (its journal in `drizzle`), the sandbox's in `sandbox` with its own journal.
      expect(productTables.public!.filter((name) => SANDBOX_TABLES.includes(name))).toEqual([]);
      expect(productTables.drizzle).toEqual(['__drizzle_migrations']);
      expect(productTables.sandbox).toEqual([...SANDBOX_TABLES, '__drizzle_migrations'].sort());
      expect(sandboxTablesHeld).toEqual(productTables);
    } else {
      // Two files in the data folder, each with its own journal.
      expect(productTables.main!.filter((name) => SANDBOX_TABLES.includes(name))).toEqual([]);
      expect(productTables.main).toContain('users');
      expect(sandboxTablesHeld).toEqual({ main: [...SANDBOX_TABLES, '__drizzle_migrations'].sort() });
      expect(fs.existsSync(sandboxDatabaseFile(install.dataDir))).toBe(true);
      expect(fs.statSync(sandboxDatabaseFile(install.dataDir)).mode & 0o777).toBe(0o600);
    }
    expect(await storeState(product)).toBe('ok');
    expect(await storeState(sandbox, SANDBOX_MIGRATIONS)).toBe('ok');
  });

  it("on an upgraded install: the product's migration drops the sandbox's tables it held, and the sandbox store starts empty", async () => {
    const install = freshInstall();
    const before = migrationsBeforeTheSandboxMoved(PRODUCT_MIGRATIONS);
    // The install as the previous version left it: the sandbox's tables in the product's database, a mail in its mailbox.
    if (install.databaseUrl) {
      const old = await openPostgres(install.databaseUrl, { max: 1, migrations: before });
      await old.$client`insert into sandbox_mail ("to", "from", subject, text, html, created_at) values ('ada@gmail.com', 'x', 'Your code', '123456', '', now())`;
      await closePostgres(old);
    } else {
      const file = path.join(install.dataDir, 'bidpilot.sqlite');
      const old = openDatabase(file, before);
      old.$client
        .prepare(
          "insert into sandbox_mail (\"to\", \"from\", subject, text, html, created_at) values ('ada@gmail.com', 'x', 'Your code', '123456', '', 0)",
        )
        .run();
      expect(
        (
          old.$client.prepare("select count(*) as n from sqlite_master where name like 'sandbox_%' and type = 'table'").get() as {
            n: number;
          }
        ).n,
      ).toBe(SANDBOX_TABLES.length);
      closeDatabase(old);
    }

    const product = await opened(openStore(install));
    const sandbox = await opened(openSandboxStore(install));
    const tables = await tablesOf(product);
    const productSide = testDialect() === 'postgres' ? tables.public! : tables.main!;
    expect(productSide.filter((name) => name.startsWith('sandbox_'))).toEqual([]);
    expect(await storeState(product)).toBe('ok');
    // Not carried over (README, "Upgrading"): the sandbox's data was throwaway.
    const mails = isPostgresStore(sandbox)
      ? await sandbox.pg.$client<Array<{ n: number }>>`select count(*)::int as n from sandbox.sandbox_mail`
      : [(sandbox as SqliteStore).writer.$client.prepare('select count(*) as n from sandbox_mail').get() as { n: number }];
    expect(mails[0]!.n).toBe(0);
  });
});

describe('which processes open the sandbox store', () => {
  const everyServiceConfigured = {
    SMTP_URL: 'smtp://mail.example:587',
    FREELANCER_API_URL: 'https://www.freelancer.com/api',
    FREELANCER_CLIENT_ID: 'id',
    FREELANCER_CLIENT_SECRET: 'secret',
    UPWORK_GRAPHQL_URL: 'https://api.upwork.com/graphql',
    UPWORK_CLIENT_ID: 'id',
    UPWORK_CLIENT_SECRET: 'secret',
    PAYSTACK_SECRET_KEY: 'sk_test_configured',
    OPENAI_API_KEY: 'sk-configured',
    TELEGRAM_BOT_TOKEN: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
    TELEGRAM_BOT_USERNAME: 'bidpilot_bot',
  };

  it('one serving a sandbox twin that keeps records (or the sandbox mailbox); none with every outside service configured', () => {
    expect(needsSandboxStore(loadConfig({}))).toBe(true);
    expect(needsSandboxStore(loadConfig({ ...everyServiceConfigured, SMTP_URL: '' }))).toBe(true);
    expect(needsSandboxStore(loadConfig({ ...everyServiceConfigured, PAYSTACK_SECRET_KEY: '' }))).toBe(true);
    expect(needsSandboxStore(loadConfig(everyServiceConfigured))).toBe(false);
    // The offline writer keeps nothing.
    expect(needsSandboxStore(loadConfig({ ...everyServiceConfigured, OPENAI_API_KEY: '' }))).toBe(false);
  });
});
