import { sameValue } from '@shared/sync/field-merge';

/** What `sendBases` needs of an outbox entry. */
export interface BasedEntry {
  baseVersion: number | null;
  /** What the user saw of the fields the entry changes (or, for an approval, the letter they read). */
  seen?: Readonly<Record<string, unknown>>;
}

/** The versions an entry is sent with: one for the write, and per field where they differ. */
export interface SendBases {
  baseVersion: number | null;
  baseVersions?: Record<string, number>;
}

/**
 * The base versions to send an entry with, decided when it is sent, field by field. Entries go out
 * in the order they were made, so by then the server's copy here holds every earlier change of this
 * device. A field whose current value (in that copy) is the one the user saw stands on the copy's
 * version: nothing they did not see can be overwritten up to it, so an edit that followed the
 * user's own earlier one does not conflict with it. A field whose value changed since the user saw
 * it stands on the version they saw, and the server answers a conflict if it changed after that
 * (an entry made on a record that had not reached the server yet stands on its first version).
 */
export function sendBases(entry: BasedEntry, server: ({ version: number } & object) | null | undefined): SendBases {
  if (!entry.seen || !server) return { baseVersion: entry.baseVersion };
  const current = server as Record<string, unknown>;
  const saw = Math.max(entry.baseVersion ?? 0, server.version);
  const stale = entry.baseVersion ?? 1;
  const bases = Object.keys(entry.seen).map((field) => [field, sameValue(entry.seen![field], current[field]) ? saw : stale] as const);
  const versions = new Set(bases.map(([, base]) => base));
  if (versions.size <= 1) return { baseVersion: bases[0]?.[1] ?? saw };
  return { baseVersion: stale, baseVersions: Object.fromEntries(bases) };
}
