import type { Tx } from '../db/client';
import { activityLog } from '../db/schema';

export type ActivityKind =
  | 'agent_run'
  | 'run_failed'
  | 'draft_waiting'
  | 'proposal_sent'
  | 'proposal_failed'
  | 'payment'
  // What the user (or a pause) decided: shown in the feed so the figures can be followed.
  | 'proposal_approved'
  | 'proposal_discarded'
  | 'proposal_held'
  | 'proposal_cancelled'
  | 'agent_activated'
  | 'agent_paused'
  | 'agent_deleted';

/** One line of the user's recent activity (the dashboard's feed). */
export function recordActivity(
  db: Tx,
  userId: string,
  kind: ActivityKind,
  now: Date,
  refs: { agentId?: string | null; jobItemId?: string | null; data?: Record<string, unknown> } = {},
): void {
  db.insert(activityLog)
    .values({ userId, kind, agentId: refs.agentId ?? null, jobItemId: refs.jobItemId ?? null, data: refs.data ?? {}, createdAt: now })
    .run();
}
