import type { AgentFields, AgentStatus } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import type { PushSettings } from '@shared/schemas/push';
import type { UpdateUserBody } from '@shared/schemas/user';

export const AGENT_OUTBOX_OPS = ['create', 'update', 'status', 'delete'] as const;
/**
 * The user's decisions on a proposal: approve (send), hold or cancel one queued to go out, discard,
 * mark as sent by hand, edit the letter or the outcome.
 */
export const JOB_ITEM_OUTBOX_OPS = ['approve', 'hold', 'cancel', 'discard', 'restore', 'markSent', 'editJob'] as const;
/** The user's own records with no list of their own: the profile and the notice settings. */
export const RECORD_OUTBOX_OPS = ['editProfile', 'editPushSettings'] as const;
export const OUTBOX_OPS = [...AGENT_OUTBOX_OPS, ...JOB_ITEM_OUTBOX_OPS, ...RECORD_OUTBOX_OPS] as const;
export type AgentOutboxOp = (typeof AGENT_OUTBOX_OPS)[number];
export type JobItemOutboxOp = (typeof JOB_ITEM_OUTBOX_OPS)[number];
export type RecordOutboxOp = (typeof RECORD_OUTBOX_OPS)[number];
export type OutboxOp = (typeof OUTBOX_OPS)[number];
export type OutboxState = 'pending' | 'sending' | 'failed';
export type OutboxEntity = 'agent' | 'jobItem' | 'profile' | 'settings';

/** The profile fields Settings edits. */
export type ProfileEdit = Omit<UpdateUserBody, 'baseVersion'>;

export type JobItemOutcome = NonNullable<JobItem['outcome']>;

/** What each operation sends (the create's `id` is the entity id, added when sending). */
export interface OutboxPayloads {
  create: Partial<AgentFields> & Pick<AgentFields, 'title' | 'platform'>;
  update: Partial<AgentFields>;
  status: { status: AgentStatus };
  delete: Record<string, never>;
  /** With the letter and the bid as edited, if they were, and the seconds left to undo it (the inbox's one tap). */
  approve: { proposalRequirements?: string; bidAmount?: number; bidPeriodDays?: number; undoSeconds?: number };
  hold: Record<string, never>;
  cancel: Record<string, never>;
  discard: Record<string, never>;
  restore: Record<string, never>;
  /** With the letter copied to the marketplace, when it is not the stored one. */
  markSent: { proposalRequirements?: string };
  editJob: { proposalRequirements?: string; outcome?: JobItemOutcome | null };
  editProfile: ProfileEdit;
  editPushSettings: Partial<PushSettings>;
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
  /**
   * The server version of the record as the user saw it when they made the change (the version
   * the form was opened on), so an edit sent an hour later is judged against what they saw.
   * Null: the record was not on the server yet (an agent made on this device).
   */
  baseVersion: number | null;
  /** What the user saw of the fields this entry changes, when it changes fields. */
  seen?: Record<string, unknown>;
  /** Per field bases, decided when the entry is sent (sync/send-base.ts); never stored. */
  baseVersions?: Record<string, number>;
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

/** A change to the user's profile or notice settings waiting to reach the server. */
export type RecordOutboxEntry = OutboxEntryOf<'profile', 'editProfile'> | OutboxEntryOf<'settings', 'editPushSettings'>;

/** One local write waiting to reach the server. */
export type OutboxEntry = AgentOutboxEntry | JobItemOutboxEntry | RecordOutboxEntry;

export const isJobItemEntry = (entry: OutboxEntry): entry is JobItemOutboxEntry => entry.entity === 'jobItem';
export const isAgentEntry = (entry: OutboxEntry): entry is AgentOutboxEntry => entry.entity === 'agent';
export const isRecordEntry = (entry: OutboxEntry): entry is RecordOutboxEntry => entry.entity === 'profile' || entry.entity === 'settings';

/** The fields an entry sets on the record (`status` included); nothing for create, delete and decisions. */
export function changedFields(entry: OutboxEntry): Record<string, unknown> {
  switch (entry.op) {
    case 'update':
    case 'editJob':
    case 'editProfile':
    case 'editPushSettings':
      return Object.fromEntries(Object.entries(entry.payload).filter(([, value]) => value !== undefined));
    case 'status':
      return { status: entry.payload.status };
    case 'approve':
      return entry.payload.proposalRequirements !== undefined ? { proposalRequirements: entry.payload.proposalRequirements } : {};
    default:
      return {};
  }
}
