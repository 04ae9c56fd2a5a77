import { sameValue } from '@shared/sync/field-merge';
import type { LostValue } from '../data/notices-table';

export interface ConflictInput {
  /** The fields the refused write set, with the user's values. */
  changes: Readonly<Record<string, unknown>>;
  /** The fields the server changed since the write's base version (`details.conflictFields`). */
  conflictFields: readonly string[];
  /** The record as the server holds it now (`details.current`). */
  current: Readonly<Record<string, unknown>> & { version: number };
}

export interface ConflictResolution {
  /** The user's other changed fields, to send again on `baseVersion`; null when nothing is left. */
  retry: Record<string, unknown> | null;
  baseVersion: number;
  /** The user's values that lost to the server's. */
  lost: LostValue[];
}

/**
 * Per-field resolution of a 409: the server's value wins for each conflicting field; the user's
 * other fields are kept and sent again on the server's current version. Fields already equal to
 * the server's value need no resend and lose nothing.
 */
export function resolveConflict({ changes, conflictFields, current }: ConflictInput): ConflictResolution {
  const conflicting = new Set(conflictFields);
  const retry: Record<string, unknown> = {};
  const lost: LostValue[] = [];
  for (const [field, yours] of Object.entries(changes)) {
    if (yours === undefined) continue;
    const theirs = current[field];
    if (sameValue(yours, theirs)) continue;
    if (conflicting.has(field)) lost.push({ field, yours, theirs });
    else retry[field] = yours;
  }
  return { retry: Object.keys(retry).length > 0 ? retry : null, baseVersion: current.version, lost };
}
