import { z } from '../zod';

/** What an activity entry records (part 2, "Dashboard": runs, proposals sent or failed, drafts, payments). */
export const ACTIVITY_KINDS = [
  'agent_run',
  'run_failed',
  'draft_waiting',
  'proposal_sent',
  'proposal_failed',
  'payment',
  'proposal_approved',
  'proposal_discarded',
  'proposal_held',
  'proposal_cancelled',
  // A proposal a pause held, queued again when its agent was resumed.
  'proposal_requeued',
  'agent_activated',
  'agent_paused',
  'agent_deleted',
  // Read from the marketplaces (modules/runner/outcomes.ts).
  'client_replied',
  'proposal_won',
  'proposal_lost',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** One line of the signed-in user's recent activity. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** One of ACTIVITY_KINDS; kept a string so a newer server's kind does not break an older app. */
  kind: z.string(),
  agentId: z.string().nullable(),
  jobItemId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

/** `GET /api/dashboard/activity?limit=`. */
export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_MAX_LIMIT).default(ACTIVITY_DEFAULT_LIMIT),
});

export const activityListResponseSchema = z.object({ data: z.array(activityEntrySchema) });
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;
