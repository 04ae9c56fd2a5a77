import { Column, getTableColumns, is, SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqlite from './sqlite';

/**
 * The PostgreSQL schema, derived from the SQLite one (`schema-sqlite.ts`, the only place a table is
 * described): the same tables, columns, keys and indexes, in PostgreSQL's own types. A column keeps
 * its JavaScript shape whichever engine holds it: a Date (SQLite: milliseconds in an integer;
 * PostgreSQL: `timestamptz(3)`), a boolean (0/1; `boolean`), JSON (text; `jsonb`), a number (`bigint`
 * read as a number: Telegram ids and sequence numbers outgrow 32 bits). drizzle-kit generates the
 * PostgreSQL migrations (`api/drizzle-pg`) from this file; `schema-pg.test.ts` checks both describe
 * the same tables.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived tables are typed by their SQLite twins where domain code uses them
export type PgTableOf = PgTableWithColumns<any>;

/** What is done to every column builder here, whatever its type. */
interface Builder extends PgColumnBuilderBase {
  primaryKey(): Builder;
  notNull(): Builder;
  default(value: unknown): Builder;
}

function pgColumn(column: SQLiteColumn): PgColumnBuilderBase {
  const name = column.name;
  let made: unknown;
  switch (column.columnType) {
    case 'SQLiteText':
      made = column.enumValues?.length ? text(name, { enum: column.enumValues as [string, ...string[]] }) : text(name);
      break;
    case 'SQLiteTextJson':
      made = jsonb(name);
      break;
    case 'SQLiteInteger':
      made =
        column.primary && (column as unknown as { autoIncrement?: boolean }).autoIncrement
          ? bigserial(name, { mode: 'number' })
          : bigint(name, { mode: 'number' });
      break;
    case 'SQLiteTimestamp':
      made = timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
      break;
    case 'SQLiteBoolean':
      made = boolean(name);
      break;
    case 'SQLiteReal':
      made = doublePrecision(name);
      break;
    default:
      throw new Error(`schema-pg: no PostgreSQL type for ${column.columnType} (${name})`);
  }
  let builder = made as Builder;
  if (column.primary) builder = builder.primaryKey();
  else if (column.notNull) builder = builder.notNull();
  if (column.default !== undefined) builder = builder.default(column.default);
  return builder;
}

/** A partial index's condition, its column references moved onto the PostgreSQL table. */
function moveSql(condition: SQL, columns: Record<string, AnyPgColumn>): SQL {
  const chunks = condition.queryChunks.map((chunk) => {
    if (!is(chunk, Column)) return chunk;
    const moved = columns[chunk.name];
    if (!moved) throw new Error(`schema-pg: ${chunk.name} is not a column of the index's table`);
    return moved;
  });
  return new SQL(chunks);
}

const derived = new Map<SQLiteTable, PgTableOf>();

/** How a table is made: in the default schema (`public`), or in a PostgreSQL schema of its own. */
type MakeTable = typeof pgTable;

function pgOf(source: SQLiteTable, makeTable: MakeTable): PgTableOf {
  const done = derived.get(source);
  if (done) return done;
  const config = getTableConfig(source);
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(source)).map(([key, column]) => [key, pgColumn(column as SQLiteColumn)]),
  );
  // Referenced tables first (no table here references itself).
  const references = config.foreignKeys.map((fk) => {
    const reference = fk.reference();
    const target = reference.foreignTable === source ? null : pgOf(reference.foreignTable, makeTable);
    if (!target) throw new Error(`schema-pg: ${config.name} references itself, which this derivation does not handle`);
    return { fk, reference, target };
  });
  const table = makeTable(config.name, columns, (t) => {
    const byName = Object.fromEntries(Object.values(t).map((column) => [(column as AnyPgColumn).name, column as AnyPgColumn]));
    const cols = (list: readonly Column[]) => list.map((column) => byName[column.name]!) as [AnyPgColumn, ...AnyPgColumn[]];
    return [
      ...config.primaryKeys.map((pk) => primaryKey({ name: pk.getName(), columns: cols(pk.columns) })),
      ...config.indexes.map(({ config: ix }) => {
        const made = (ix.unique ? uniqueIndex(ix.name) : index(ix.name)).on(...cols(ix.columns as Column[]));
        return ix.where ? made.where(moveSql(ix.where, byName)) : made;
      }),
      ...references.map(({ fk, reference, target }) => {
        const targetColumns = Object.fromEntries(
          (Object.values(getTableColumns(target)) as AnyPgColumn[]).map((column) => [column.name, column]),
        );
        let made = foreignKey({
          name: fk.getName(),
          columns: cols(reference.columns),
          foreignColumns: reference.foreignColumns.map((column) => targetColumns[column.name]!) as [AnyPgColumn, ...AnyPgColumn[]],
        });
        if (fk.onDelete) made = made.onDelete(fk.onDelete);
        if (fk.onUpdate) made = made.onUpdate(fk.onUpdate);
        return made;
      }),
    ];
  });
  derived.set(source, table);
  return table;
}

/** The export names of a schema module that are tables. */
type TableNameOf<M> = { [K in keyof M]: M[K] extends SQLiteTable ? K : never }[keyof M];

const byModule = new WeakMap<object, Record<string, PgTableOf>>();

/**
 * Every table of a SQLite schema module under its export name, in PostgreSQL: in the default
 * schema, or in the PostgreSQL schema `schema` (the sandbox's tables, `store/sandbox-schema/pg.ts`).
 * Derived on first use, so a process on SQLite never pays for it.
 */
export function derivePgTablesOf<M extends object>(module: M, options: { schema?: string } = {}): Record<TableNameOf<M>, PgTableOf> {
  let tables = byModule.get(module);
  if (!tables) {
    const schema = options.schema ? pgSchema(options.schema) : undefined;
    const makeTable = (schema ? schema.table.bind(schema) : pgTable) as MakeTable;
    tables = Object.fromEntries(
      Object.entries(module as Record<string, unknown>)
        .filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable))
        .map(([key, source]) => [key, pgOf(source, makeTable)]),
    );
    byModule.set(module, tables);
  }
  return tables as Record<TableNameOf<M>, PgTableOf>;
}

/** Every table of `schema-sqlite.ts` (the product's) under its export name, in PostgreSQL. */
export function derivePgTables(): Record<TableNameOf<typeof sqlite>, PgTableOf> {
  return derivePgTablesOf(sqlite);
}
