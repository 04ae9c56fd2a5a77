import { isApiError } from '../lib/api';
import { isRecord } from '../lib/guards';

/**
 * What a failed request means for the outbox entry:
 * - `retry`: no answer, 5xx, 429, or a 401 (the session must be renewed): keep the entry, stop, back off;
 * - `conflict`: 409 with the fields that conflict and the current record: resolve per field;
 * - `rejected`: any other 4xx: final for this key; drop the entry and undo its change.
 */
export type FailureKind = 'retry' | 'conflict' | 'rejected';

export function classifyFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'retry';
  const { status } = error;
  if (status === 0 || status >= 500 || status === 429 || status === 401 || status === 408) return 'retry';
  if (status === 409 && Array.isArray(error.details?.conflictFields) && isRecord(error.details?.current)) return 'conflict';
  if (status >= 400 && status < 500) return 'rejected';
  return 'retry';
}

/** A short text of an error for `lastError`. */
export function describeError(error: unknown): { code: string; message: string } {
  if (isApiError(error)) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'unknown', message: error.message };
  return { code: 'unknown', message: String(error) };
}
