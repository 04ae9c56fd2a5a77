import crypto from 'node:crypto';
import { isPostgresStore, type Store } from '../../store/store';

/*
 * Fingerprints of the database, to tell whether a request changed anything: per table for the
 * whole database (the fuzzer: a refused request must change nothing), or one user's rows (the
 * authorization matrix: another user's request must never change them). Both engines: SQLite read
 * through its catalog (sqlite_master, pragma table_info) in rowid order; PostgreSQL through
 * information_schema, its rows ordered by every column in turn, since it has no rowid.
 */

/** A column whose change a refused request makes on purpose, with the reason. */
export interface Exclusion {
  table: string;
  /** Undefined: the whole table. */
  column?: string;
  reason: string;
}

/** The product's tables and their columns, and each table's rows as arrays of values in a fixed order. */
interface Catalog {
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  /** The given columns of every row, or of those whose `where.column` holds `where.value`. */
  rows(table: string, columns: string[], where?: Where): Promise<unknown[]>;
}

interface Where {
  column: string;
  value: string;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function catalogOf(store: Store): Catalog {
  if (isPostgresStore(store)) {
    const client = store.pg.$client;
    return {
      async tables() {
        const rows = await client.unsafe<Array<{ name: string }>>(
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '\\_\\_drizzle%' order by table_name",
        );
        return rows.map((row) => row.name);
      },
      async columns(table) {
        const rows = await client.unsafe<Array<{ name: string }>>(
          'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position',
          [table],
        );
        return rows.map((row) => row.name);
      },
      async rows(table, columns, where) {
        const list = columns.map(quoted);
        // Every column, as text (jsonb and arrays included), so equal tables list their rows alike.
        const order = list.map((column) => `${column}::text`).join(', ');
        // As text: some tables' user_id is another system's number (the sandbox marketplaces' bids), which
        // SQLite compares with an id as unequal and PostgreSQL refuses to compare at all.
        const filter = where ? ` where ${quoted(where.column)}::text = $1` : '';
        return client
          .unsafe(`select ${list.join(', ')} from ${quoted(table)}${filter} order by ${order}`, where ? [where.value] : [])
          .values();
      },
    };
  }
  const client = store.db.$client;
  return {
    tables: async () =>
      (
        client
          .prepare(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
          )
          .all() as Array<{ name: string }>
      ).map((row) => row.name),
    columns: async (table) =>
      (client.prepare(`pragma table_info(${quoted(table)})`).all() as Array<{ name: string }>).map((row) => row.name),
    rows: async (table, columns, where) => {
      const query = `select ${columns.map(quoted).join(', ')} from ${quoted(table)}${where ? ` where ${quoted(where.column)} = ?` : ''} order by rowid`;
      return where ? client.prepare(query).raw().all(where.value) : client.prepare(query).raw().all();
    },
  };
}

const hash = (rows: unknown[]) => crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');

/** Per table, a hash of every row (excluded tables and columns left out). */
export async function databaseDigest(store: Store, exclusions: readonly Exclusion[] = []): Promise<Map<string, string>> {
  const catalog = catalogOf(store);
  const digest = new Map<string, string>();
  for (const table of await catalog.tables()) {
    if (exclusions.some((e) => e.table === table && !e.column)) continue;
    const skip = new Set(exclusions.filter((e) => e.table === table && e.column).map((e) => e.column));
    const columns = (await catalog.columns(table)).filter((column) => !skip.has(column));
    digest.set(table, hash(await catalog.rows(table, columns)));
  }
  return digest;
}

/**
 * `databaseDigest` of a test app's two databases: the product's, and the sandbox twins' (store/sandbox-store.ts),
 * whose tables are named `sandbox:<table>` here (a refused request mails nothing, so its mailbox changes neither).
 */
export async function appDigest(
  t: { store: Store; sandboxStore: Store },
  exclusions: readonly Exclusion[] = [],
): Promise<Map<string, string>> {
  const sandbox = await databaseDigest(t.sandboxStore);
  return new Map([
    ...(await databaseDigest(t.store, exclusions)),
    ...[...sandbox].map(([table, digest]) => [`sandbox:${table}`, digest] as const),
  ]);
}

/** Per table, a hash of one user's rows: the users row itself and every row carrying their user_id. */
export async function userDigest(store: Store, userId: string): Promise<Map<string, string>> {
  const catalog = catalogOf(store);
  const digest = new Map<string, string>();
  digest.set('users', hash(await catalog.rows('users', await catalog.columns('users'), { column: 'id', value: userId })));
  for (const table of await catalog.tables()) {
    const columns = await catalog.columns(table);
    if (columns.includes('user_id')) digest.set(table, hash(await catalog.rows(table, columns, { column: 'user_id', value: userId })));
  }
  return digest;
}

/** Every table of the database (its catalog, not the schema: a table the code forgot is listed too) with every row. */
export async function everyRow(store: Store): Promise<Map<string, unknown[]>> {
  const catalog = catalogOf(store);
  const rows = new Map<string, unknown[]>();
  for (const table of await catalog.tables()) rows.set(table, await catalog.rows(table, await catalog.columns(table)));
  return rows;
}

/** The tables whose fingerprint differs between two digests. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
