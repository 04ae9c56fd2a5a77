import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { loadedDialect } from './dialect';

/** Same value the way the client compares it (JSON), so lists compare by content. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The per-field rule of every edit with a base (anchors.md, "Field-level writes with a base"): a
 * field of `patch` conflicts when the server changed it after `baseVersion` and the patch sets it
 * to another value than the server's. A field's base is its own (`baseVersions`) or the write's;
 * without one it does not conflict (the write merges as it is).
 * A field with no recorded version last changed at or before `unknownVersion`.
 */
export function conflictingFields(input: {
  patch: Readonly<Record<string, unknown>>;
  current: Readonly<Record<string, unknown>>;
  fieldVersions: Readonly<Record<string, number>>;
  baseVersion?: number;
  /** Per field, the version it was seen at (a field not named here has `baseVersion`). */
  baseVersions?: Readonly<Record<string, number>>;
  unknownVersion?: number;
}): string[] {
  const { patch, current, fieldVersions, baseVersion, baseVersions } = input;
  const unknown = input.unknownVersion ?? 1;
  return Object.entries(patch)
    .filter(([key, value]) => {
      const base = baseVersions?.[key] ?? baseVersion;
      return value !== undefined && base !== undefined && (fieldVersions[key] ?? unknown) > base && !sameValue(current[key], value);
    })
    .map(([key]) => key);
}

/** The versions a write was made on: the write's, and per field where they differ. */
export interface Bases {
  baseVersion?: number;
  baseVersions?: Record<string, number>;
}

/** The fields of `patch` whose value differs from `current` (the ones a write really changes). */
export function changedFields(patch: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(patch)
    .filter(([key, value]) => value !== undefined && !sameValue(current[key], value))
    .map(([key]) => key);
}

/**
 * SQL for a `field_versions` column in an update that also sets `version = version + 1`: each named
 * field is stamped with the new version (the right-hand side reads the old row, on both engines).
 */
export function stampFieldVersions(column: AnyColumn, version: AnyColumn, fields: readonly string[]): SQL {
  if (fields.length === 0) return sql`${column}`;
  if (loadedDialect === 'postgres') {
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
