import type { OutboxEntity, OutboxOp } from './outbox-table';

/** One field of a write the server did not take: what the user typed and what the server has. */
export interface LostValue {
  field: string;
  yours: unknown;
  theirs: unknown;
}

/**
 * Something the user must hear about: a change the server refused (rolled back) or a conflict where
 * the server kept a value changed elsewhere since the user saw it. Kept in IndexedDB so notices
 * from the service worker's sync show too. Either way the user's values stay in `lost`, so what
 * they typed can be recovered (copied, or written again with "Use mine").
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
  /** The user's values the server did not take, beside the server's. */
  lost: LostValue[];
  /** On a conflict: the server version `theirs` were read from ("Use mine" writes on it). */
  baseVersion?: number;
  /** A refused new agent kept on this device as a draft (see the kept drafts). */
  kept?: boolean;
  createdAt: number;
}
