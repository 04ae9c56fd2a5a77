import type { AgentFields, AgentStatus } from '@shared/schemas/agent';

export const OUTBOX_OPS = ['create', 'update', 'status', 'delete'] as const;
export type OutboxOp = (typeof OUTBOX_OPS)[number];
export type OutboxState = 'pending' | 'sending' | 'failed';
export type OutboxEntity = 'agent';

/** What each operation sends (the create's `id` is the entity id, added when sending). */
export interface OutboxPayloads {
  create: Partial<AgentFields> & Pick<AgentFields, 'title' | 'platform'>;
  update: Partial<AgentFields>;
  status: { status: AgentStatus };
  delete: Record<string, never>;
}

interface OutboxEntryOf<Op extends OutboxOp> {
  /** Auto-increment: the order entries are sent in. */
  seq?: number;
  /** Client-made UUID, sent as the Idempotency-Key. */
  id: string;
  entity: OutboxEntity;
  entityId: string;
  op: Op;
  payload: OutboxPayloads[Op];
  /** The server version of the record the change was made on (null: not on the server yet). */
  baseVersion: number | null;
  createdAt: number;
  /** Times sent so far. */
  attempts: number;
  /** Why the last attempt did not go through (network, 5xx, 429); the entry is kept. */
  lastError: string | null;
  state: OutboxState;
}

/** One local write waiting to reach the server. */
export type OutboxEntry = { [Op in OutboxOp]: OutboxEntryOf<Op> }[OutboxOp];

/** The fields an entry sets on the record (`status` included); nothing for create and delete. */
export function changedFields(entry: OutboxEntry): Record<string, unknown> {
  if (entry.op === 'update') return { ...entry.payload };
  if (entry.op === 'status') return { status: entry.payload.status };
  return {};
}
