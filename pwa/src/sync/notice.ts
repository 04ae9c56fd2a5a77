import type { LostValue, SyncNotice } from '../data/notices-table';
import type { OutboxEntry } from '../data/outbox-table';
import type { ApiError } from '../lib/api';

/** A notice about one outbox entry the server did not take as it was. */
export function noticeOf(
  entry: OutboxEntry,
  input: { name: string; kind: SyncNotice['kind']; error: ApiError; lost: LostValue[]; at: number; baseVersion?: number; kept?: boolean },
): SyncNotice {
  return {
    kind: input.kind,
    entity: entry.entity,
    entityId: entry.entityId,
    entityName: input.name,
    op: entry.op,
    code: input.error.code,
    message: input.error.message,
    lost: input.lost,
    ...(input.baseVersion !== undefined ? { baseVersion: input.baseVersion } : {}),
    ...(input.kept ? { kept: true } : {}),
    createdAt: input.at,
  };
}

/** The user's values of a refused write beside the server's: what they typed stays recoverable. */
export function refusedValues(
  changes: Readonly<Record<string, unknown>>,
  server: Readonly<Record<string, unknown>> | null | undefined,
): LostValue[] {
  return Object.entries(changes)
    .filter(([, yours]) => yours !== undefined)
    .map(([field, yours]) => ({ field, yours, theirs: server ? server[field] : null }));
}
