import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS, SANDBOX_PG_SCHEMA } from '../migrations';
import * as sandboxSqlite from '../sandbox-schema/sqlite';
import * as sandboxPg from '../sandbox-schema/pg';
import { sandboxTablesFor } from '../sandbox-schema/index';
import * as sqlite from './sqlite';
import * as pg from './pg';
import { tablesFor } from './index';

/** A table as both dialects can say it: columns with nullability, keys, indexes, references. */
function shapeOf(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  const names = (columns: ReadonlyArray<{ name: string }>) => columns.map((c) => c.name);
  return {
    name: config.name,
    columns: config.columns
      .map((c) => ({ name: c.name, notNull: c.notNull, primary: c.primary, hasDefault: c.hasDefault }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((pk) => names(pk.columns)),
    indexes: config.indexes
      .map((ix) => ({
        name: ix.config.name,
        unique: ix.config.unique,
        columns: names(ix.config.columns as Array<{ name: string }>),
        partial: Boolean(ix.config.where),
      }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return {
          columns: names(ref.columns),
          table: getTableName(ref.foreignTable),
          to: names(ref.foreignColumns),
          onDelete: fk.onDelete ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

const latestSnapshot = (dir: string) => {
  const snapshots = fs
    .readdirSync(path.join(dir, 'meta'))
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
  return JSON.parse(fs.readFileSync(path.join(dir, 'meta', snapshots.at(-1)!), 'utf8')) as never;
};

const tablesOf = <T>(module: object, Table: new (...args: never[]) => T) =>
  Object.entries(module as Record<string, unknown>).filter((e): e is [string, T] => is(e[1], Table as never));

/**
 * The two sets of tables, each with its own migrations: the product's (`schema/`) and the sandbox's
 * (`sandbox-schema/`, in the `sandbox` schema on PostgreSQL and its own file on SQLite).
 */
const SETS = [
  { name: 'product', dir: 'schema', sqlite, pg, tablesFor, migrations: PRODUCT_MIGRATIONS, pgSchema: undefined },
  {
    name: 'sandbox',
    dir: 'sandbox-schema',
    sqlite: sandboxSqlite,
    pg: sandboxPg,
    tablesFor: sandboxTablesFor,
    migrations: SANDBOX_MIGRATIONS,
    pgSchema: SANDBOX_PG_SCHEMA,
  },
] as const;

for (const set of SETS) {
  const sqliteTables = tablesOf(set.sqlite, SQLiteTable);
  const pgExports = tablesOf(set.pg, PgTable);

  describe(`the ${set.name}'s tables as a caller asks for them (${set.dir}/index.ts)`, () => {
    it("are every table of the schema under the same names, SQLite's own or their PostgreSQL twins, both in one process", () => {
      const engines = [
        { dialect: 'sqlite', own: set.sqlite, Table: SQLiteTable },
        { dialect: 'postgres', own: set.pg, Table: PgTable },
      ] as const;
      for (const { dialect, own, Table } of engines) {
        const given = Object.entries(set.tablesFor(dialect));
        expect(given.map(([name]) => name).sort(), dialect).toEqual(sqliteTables.map(([name]) => name).sort());
        for (const [name, table] of given) {
          expect(is(table, Table), `${dialect} ${name}`).toBe(true);
          expect(table, `${dialect} ${name}`).toBe((own as Record<string, unknown>)[name]);
        }
      }
    });
  });

  describe(`the ${set.name}'s PostgreSQL schema`, () => {
    it('has every SQLite table, under the same export name', () => {
      expect(pgExports.map(([key]) => key).sort()).toEqual(sqliteTables.map(([key]) => key).sort());
    });

    it('describes the same tables: columns, nullability, defaults, keys, indexes and references', () => {
      for (const [key, table] of sqliteTables) {
        const twin = (set.pg as unknown as Record<string, PgTable>)[key]!;
        const a = shapeOf(sqliteConfig(table));
        const b = shapeOf(pgConfig(twin));
        expect(b, key).toEqual(a);
        expect(Object.keys(getTableColumns(twin)), key).toEqual(Object.keys(getTableColumns(table)));
      }
    });

    it(`keeps its tables in ${set.pgSchema ? `the \`${set.pgSchema}\` schema` : 'the default schema'}`, () => {
      for (const [key, table] of pgExports) expect(pgConfig(table).schema, key).toBe(set.pgSchema);
    });
  });

  describe(`the ${set.name}'s migrations`, () => {
    it(`for SQLite are generated from the schema as it is (npm run db:generate)`, async () => {
      const current = await generateSQLiteDrizzleJson(set.sqlite as Record<string, unknown>);
      expect(await generateSQLiteMigration(latestSnapshot(set.migrations.sqliteFolder), current)).toEqual([]);
    });

    it(`for PostgreSQL are generated from the schema as it is (npm run db:generate)`, async () => {
      const current = generateDrizzleJson(set.pg as Record<string, unknown>);
      expect(await generateMigration(latestSnapshot(set.migrations.pgFolder), current)).toEqual([]);
    });
  });
}

describe('the PostgreSQL schema', () => {
  it('keeps JavaScript shapes: dates, booleans, JSON and numbers', () => {
    const columns = getTableColumns(pg.users);
    expect(columns.createdAt.dataType).toBe('date');
    expect(columns.upworkProfileComplete.dataType).toBe('boolean');
    expect(columns.skills.dataType).toBe('json');
    expect(getTableColumns(pg.changeLog).seq.dataType).toBe('number');
    expect(getTableColumns(sandboxPg.sandboxPaystackRecords).data.dataType).toBe('json');
  });
});

describe('the product and the sandbox', () => {
  it("share no table: the sandbox twins' records are never in the product's schema", () => {
    const names = (module: object) => tablesOf(module, SQLiteTable).map(([, table]) => sqliteConfig(table).name);
    const product = new Set(names(sqlite));
    expect(names(sandboxSqlite).filter((name) => product.has(name))).toEqual([]);
    expect(names(sandboxSqlite)).toHaveLength(7);
  });
});
