import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../sqlite/client';
import { loadedDialect } from '../dialect';
import { PG_MIGRATIONS_DIR } from '../postgres/postgres';
import * as sqlite from './sqlite';
import * as pg from './pg';
import * as domain from './index';

const sqliteTables = Object.entries(sqlite as Record<string, unknown>).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));
const pgExports = Object.entries(pg as Record<string, unknown>).filter((e): e is [string, PgTable] => is(e[1], PgTable));

/** A table as both dialects can say it: columns with nullability, keys, indexes, references. */
function shapeOf(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  const names = (columns: ReadonlyArray<{ name: string }>) => columns.map((c) => c.name);
  return {
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, notNull: c.notNull, primary: c.primary, hasDefault: c.hasDefault })).sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((pk) => names(pk.columns)),
    indexes: config.indexes
      .map((ix) => ({ name: ix.config.name, unique: ix.config.unique, columns: names(ix.config.columns as Array<{ name: string }>), partial: Boolean(ix.config.where) }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return { columns: names(ref.columns), table: getTableName(ref.foreignTable), to: names(ref.foreignColumns), onDelete: fk.onDelete ?? 'no action' };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

const latestSnapshot = (dir: string) => {
  const snapshots = fs.readdirSync(path.join(dir, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort();
  return JSON.parse(fs.readFileSync(path.join(dir, 'meta', snapshots.at(-1)!), 'utf8')) as never;
};

describe('the tables domain code imports (schema/index.ts)', () => {
  it(`are every table of the schema, under the same names, each the loaded dialect's own (${loadedDialect} in this run)`, () => {
    const own = (loadedDialect === 'postgres' ? pg : sqlite) as Record<string, unknown>;
    const Table = loadedDialect === 'postgres' ? PgTable : SQLiteTable;
    const exported = Object.entries(domain as Record<string, unknown>).filter(([, table]) => is(table, Table));
    expect(exported.map(([name]) => name).sort()).toEqual(sqliteTables.map(([name]) => name).sort());
    for (const [name, table] of exported) expect(table, name).toBe(own[name]);
    // Each goes through the dialect's choice (a table re-exported as is would stay SQLite's on PostgreSQL).
    const source = fs.readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    for (const [name] of exported) expect(source, name).toContain(`export const ${name} = pick('${name}', sqlite.${name});`);
  });
});

describe('the PostgreSQL schema', () => {
  it('has every SQLite table, under the same export name', () => {
    expect(pgExports.map(([key]) => key).sort()).toEqual(sqliteTables.map(([key]) => key).sort());
  });

  it('describes the same tables: columns, nullability, defaults, keys, indexes and references', () => {
    for (const [key, table] of sqliteTables) {
      const twin = (pg as unknown as Record<string, PgTable>)[key]!;
      const a = shapeOf(sqliteConfig(table));
      const b = shapeOf(pgConfig(twin));
      expect(b, key).toEqual(a);
      expect(Object.keys(getTableColumns(twin)), key).toEqual(Object.keys(getTableColumns(table)));
    }
  });

  it('keeps JavaScript shapes: dates, booleans, JSON and numbers', () => {
    const columns = getTableColumns(pg.users);
    expect(columns.createdAt.dataType).toBe('date');
    expect(columns.upworkProfileComplete.dataType).toBe('boolean');
    expect(columns.skills.dataType).toBe('json');
    expect(getTableColumns(pg.changeLog).seq.dataType).toBe('number');
  });
});

describe('the migrations', () => {
  it('for SQLite are generated from the schema as it is (npm run db:generate)', async () => {
    const current = await generateSQLiteDrizzleJson(sqlite as Record<string, unknown>);
    expect(await generateSQLiteMigration(latestSnapshot(MIGRATIONS_DIR), current)).toEqual([]);
  });

  it('for PostgreSQL are generated from the schema as it is (npm run db:generate)', async () => {
    const current = generateDrizzleJson(pg as Record<string, unknown>);
    expect(await generateMigration(latestSnapshot(PG_MIGRATIONS_DIR), current)).toEqual([]);
  });
});
