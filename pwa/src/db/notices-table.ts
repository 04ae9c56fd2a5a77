import type { OutboxEntity, OutboxOp } from './outbox-table';

/** One of the user's values the server's won over in a conflict. */
export interface LostValue {
  field: string;
  yours: unknown;
  theirs: unknown;
}

/**
 * Something the user must hear about: a change the server refused (rolled back) or a conflict where
 * another device's values won. Kept in IndexedDB so notices from the service worker's sync show too.
 */
export interface SyncNotice {
  id?: number;
  kind: 'rejected' | 'conflict';
  entity: OutboxEntity;
  entityId: string;
  /** The agent's name (or the job's title) when the notice was made, to say which one. */
  entityName: string;
  op: OutboxOp;
  /** The server's error code (`plan_limit`, `validation_error`, `not_found`, `conflict`…). */
  code: string;
  /** The server's message (English). */
  message: string;
  /** On a conflict: the user's values that lost. */
  lost: LostValue[];
  createdAt: number;
}
