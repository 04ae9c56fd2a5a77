import type { AgentFields, AgentStatus } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';

export const AGENT_OUTBOX_OPS = ['create', 'update', 'status', 'delete'] as const;
/**
 * The user's decisions on a proposal: approve (send), hold or cancel one queued to go out, discard,
 * mark as sent by hand, edit the letter or the outcome.
 */
export const JOB_ITEM_OUTBOX_OPS = ['approve', 'hold', 'cancel', 'discard', 'restore', 'markSent', 'editJob'] as const;
export const OUTBOX_OPS = [...AGENT_OUTBOX_OPS, ...JOB_ITEM_OUTBOX_OPS] as const;
export type AgentOutboxOp = (typeof AGENT_OUTBOX_OPS)[number];
export type JobItemOutboxOp = (typeof JOB_ITEM_OUTBOX_OPS)[number];
export type OutboxOp = (typeof OUTBOX_OPS)[number];
export type OutboxState = 'pending' | 'sending' | 'failed';
export type OutboxEntity = 'agent' | 'jobItem';

export type JobItemOutcome = NonNullable<JobItem['outcome']>;

/** What each operation sends (the create's `id` is the entity id, added when sending). */
export interface OutboxPayloads {
  create: Partial<AgentFields> & Pick<AgentFields, 'title' | 'platform'>;
  update: Partial<AgentFields>;
  status: { status: AgentStatus };
  delete: Record<string, never>;
  /** With the letter as edited, if it was. */
  approve: { proposalRequirements?: string };
  hold: Record<string, never>;
  cancel: Record<string, never>;
  discard: Record<string, never>;
  restore: Record<string, never>;
  markSent: Record<string, never>;
  editJob: { proposalRequirements?: string; outcome?: JobItemOutcome | null };
}

interface OutboxEntryOf<Entity extends OutboxEntity, Op extends OutboxOp> {
  /** Auto-increment: the order entries are sent in. */
  seq?: number;
  /** Client-made UUID, sent as the Idempotency-Key. */
  id: string;
  entity: Entity;
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

/** One local write to an agent waiting to reach the server. */
export type AgentOutboxEntry = { [Op in AgentOutboxOp]: OutboxEntryOf<'agent', Op> }[AgentOutboxOp];
/** One decision on a job item (a proposal) waiting to reach the server. */
export type JobItemOutboxEntry = { [Op in JobItemOutboxOp]: OutboxEntryOf<'jobItem', Op> }[JobItemOutboxOp];

/** One local write waiting to reach the server. */
export type OutboxEntry = AgentOutboxEntry | JobItemOutboxEntry;

export const isJobItemEntry = (entry: OutboxEntry): entry is JobItemOutboxEntry => entry.entity === 'jobItem';

/** The fields an entry sets on the record (`status` included); nothing for create and delete. */
export function changedFields(entry: OutboxEntry): Record<string, unknown> {
  if (entry.op === 'update') return { ...entry.payload };
  if (entry.op === 'status') return { status: entry.payload.status };
  return {};
}
