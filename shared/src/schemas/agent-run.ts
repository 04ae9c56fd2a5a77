import { z } from '../zod';
import { FILTER_RULES } from './job';
import { runSummarySchema } from './job-item';

/**
 * An agent's run as the agent page lists it (`GET /api/automations/{id}/runs`): what the search
 * found and what became of each job: drafted, queued, held with a red flag, failed, or skipped with
 * the reason. Kept for the last runs of each agent only (RUN_HISTORY_KEPT), scheduled and Run now alike.
 */

/** How many runs of an agent are kept; older ones are dropped as new ones are stored. */
export const RUN_HISTORY_KEPT = 10;
/** How many jobs of one run are kept (a search's page: the kept first, then the skipped, best first). */
export const RUN_JOBS_KEPT = 100;

/** The client filters an agent can set (agent fields `clientVerifiedOnly`, `clientMinRating`, `clientMinSpentUsd`, `excludedCountries`). */
export const CLIENT_FILTERS = ['paymentVerified', 'rating', 'spent', 'country'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

/** Why a job the search found was not drafted. */
export const runSkipSchema = z.discriminatedUnion('code', [
  /** The client fails one of the agent's client filters (`value`: the client's rating, spend or country). */
  z.object({ code: z.literal('client'), filter: z.enum(CLIENT_FILTERS), value: z.union([z.number(), z.string()]).nullable() }),
  /** Outside the agent's rates or contract types. */
  z.object({ code: z.literal('filtered'), rule: z.enum(FILTER_RULES) }),
  /** Scored under the agent's minimum match score. */
  z.object({ code: z.literal('belowFloor'), floor: z.number().int() }),
  /** Over the day's limit: left for a later run. */
  z.object({ code: z.literal('overCap') }),
  /** No cover letters left today: left for tomorrow. */
  z.object({ code: z.literal('quota') }),
  /** Another of the user's agents took the job first. */
  z.object({ code: z.literal('taken') }),
]);
export type RunSkip = z.infer<typeof runSkipSchema>;

export const RUN_JOB_OUTCOMES = ['drafted', 'queued', 'flagged', 'failed', 'skipped'] as const;
export type RunJobOutcome = (typeof RUN_JOB_OUTCOMES)[number];

export const runJobSchema = z.object({
  externalId: z.string(),
  title: z.string(),
  url: z.string(),
  /** The match score (null: the job was ruled out before it was scored). */
  score: z.number().int().nullable(),
  outcome: z.enum(RUN_JOB_OUTCOMES),
  /** Why, for a skipped job. */
  skip: runSkipSchema.nullable(),
});
export type RunJob = z.infer<typeof runJobSchema>;

/** The counts of a run (the summary without its agent and next run). */
export const runCountsSchema = runSummarySchema.omit({ agentId: true, nextRunAt: true });
export type RunCounts = z.infer<typeof runCountsSchema>;

export const agentRunSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  at: z.string(),
  /** Run now, rather than the schedule. */
  manual: z.boolean(),
  counts: runCountsSchema,
  jobs: z.array(runJobSchema),
});
export type AgentRun = z.infer<typeof agentRunSchema>;

export const agentRunListResponseSchema = z.object({ data: z.array(agentRunSchema) });
