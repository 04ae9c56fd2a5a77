import type Database from 'better-sqlite3';

/** Statements kept per connection; the least recently used goes first beyond it. */
const KEPT = 500;

/**
 * Makes a connection's `prepare` hand back the statement it prepared before for the same SQL text,
 * so SQLite compiles each distinct query once per connection instead of on every call (drizzle
 * prepares anew each time a query it built runs). A statement is reusable once a call on it has
 * returned; the one mode drizzle sets on a statement, `raw`, is reset as it is handed out.
 */
export function cacheStatements(connection: Database.Database): void {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, Database.Statement>();
  connection.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (statement) {
      kept.delete(source);
      kept.set(source, statement);
      if (statement.reader) statement.raw(false);
      return statement;
    }
    statement = prepare(source);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(source, statement);
    return statement;
  }) as Database.Database['prepare'];
}
