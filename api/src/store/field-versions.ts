import { is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

/** The field merge rules, the same on the device (shared/src/sync/field-merge.ts). */
export { changedFields, conflictingFields, sameValue, type Bases } from '@shared/sync/field-merge';

/**
 * SQL for a `field_versions` column in an update that also sets `version = version + 1`: each named
 * field is stamped with the new version (the right-hand side reads the old row, on both engines).
 */
export function stampFieldVersions(column: AnyColumn, version: AnyColumn, fields: readonly string[]): SQL {
  if (fields.length === 0) return sql`${column}`;
  // The column's own table says which engine the update runs on.
  if (is(column, PgColumn)) {
    const pairs = sql.join(
      fields.map((field) => sql`${field}::text, ${version} + 1`),
      sql`, `,
    );
    return sql`coalesce(${column}, '{}'::jsonb) || jsonb_build_object(${pairs})`;
  }
  const pairs = sql.join(
    fields.map((field) => sql`${`$.${field}`}, ${version} + 1`),
    sql`, `,
  );
  return sql`json_set(coalesce(${column}, '{}'), ${pairs})`;
}
