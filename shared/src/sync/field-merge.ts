/**
 * The field-level merge rules of every edit with a base (anchors.md, "Field-level writes with a
 * base"), written once for the server and the device: what counts as the same value, which fields a
 * write really changes, and which of them conflict with what the server changed since the write's
 * base. Pure: no I/O, no clock.
 */

/** Same value the way both sides compare (JSON), so lists, objects and numbers compare by content. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The entries of `patch` that are set (not undefined) and differ from `current`: what a write really changes. */
export function changedValues(
  patch: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && !sameValue(current[key], value)));
}

/** The fields of `patch` whose value differs from `current` (the ones a write really changes). */
export function changedFields(patch: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(changedValues(patch, current));
}

/** The versions a write was made on: the write's, and per field where they differ. */
export interface Bases {
  baseVersion?: number;
  baseVersions?: Record<string, number>;
}

/**
 * The per-field conflict rule: a field of `patch` conflicts when the server changed it after its
 * base and the patch sets it to another value than the server's. A field's base is its own
 * (`baseVersions`) or the write's; without one it does not conflict (the write merges as it is).
 * A field with no recorded version last changed at or before `unknownVersion` (1 by default).
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
