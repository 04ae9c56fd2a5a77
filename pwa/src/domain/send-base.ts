import { sameValue } from './agent-conflict';

/** What `sendBase` needs of an outbox entry. */
export interface BasedEntry {
  baseVersion: number | null;
  /** What the user saw of the fields the entry changes (or, for an approval, the letter they read). */
  seen?: Readonly<Record<string, unknown>>;
}

/**
 * The base version to send an entry with, decided when it is sent. Entries go out in the order
 * they were made, so by then the server's copy here holds every earlier change of this device. If
 * the user saw the server's current value of every field the entry touches, nothing they did not
 * see can be overwritten up to that copy's version, so it becomes the base (an edit that followed
 * the user's own earlier one does not conflict with it). Otherwise the base stays the version they
 * saw, and the server answers a conflict for the fields changed since; an entry made on a record
 * that had not reached the server yet then stands on its first version.
 */
export function sendBase(entry: BasedEntry, server: ({ version: number } & object) | null | undefined): number | null {
  if (!entry.seen || !server) return entry.baseVersion;
  const current = server as Record<string, unknown>;
  const fields = Object.keys(entry.seen);
  const sawCurrent = fields.every((field) => sameValue(entry.seen![field], current[field]));
  if (sawCurrent) return entry.baseVersion === null && server.version === 0 ? null : Math.max(entry.baseVersion ?? 0, server.version);
  return entry.baseVersion ?? 1;
}
