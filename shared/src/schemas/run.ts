import { z } from '../zod';
import { PLATFORMS } from '../marketplaces';

/**
 * Why a run did nothing, when it did nothing: the agent is paused, it is outside its hours, its day's
 * proposals are out, the search failed, or a service it needs keeps failing (`held`: the breaker
 * holds runs back until the service is tried again), or this hour's calls to the marketplace under
 * the user's account are used (`call_limit`: the agent searches again at the next hour).
 */
export const RUN_SKIPS = ['inactive', 'outside_hours', 'cap_reached', 'search_failed', 'held', 'call_limit'] as const;

/** `POST /api/automations/{id}/run` and the agent page: what one run did. */
export const runSummarySchema = z.object({
  agentId: z.string(),
  /** Why the run did nothing, when it did nothing. */
  skipped: z.enum(RUN_SKIPS).optional(),
  reason: z.string().optional(),
  /** Jobs the search found that the user did not have yet (after the client filters). */
  found: z.number().int(),
  /** New jobs whose client failed one of the agent's client filters (not in `found`). */
  clientFiltered: z.number().int().default(0),
  queued: z.number().int(),
  drafts: z.number().int(),
  /** Jobs that would have passed but raise a red flag: held as drafts for the user, outside the daily cap. */
  flagged: z.number().int().default(0),
  failed: z.number().int(),
  /**
   * Jobs given back to the pool because the writer could not write their letters (an outage, a rate
   * limit, a refused key: not the job's fault); a later run drafts them.
   */
  returned: z.number().int().default(0),
  /** Jobs passed over as poor matches: outside the agent's rates or under its minimum match score. */
  poorMatch: z.number().int(),
  /** Found jobs left for a later run: over the daily cap, or no cover letters left today. */
  overCap: z.number().int(),
  quota: z.number().int(),
  nextRunAt: z.string(),
  /**
   * What a scheduled run that drafted nothing more is waiting for (the agent page says it):
   * `reserve`: the day's open allowance is spent (one more proposal opens at `opensAt`): `kept` good
   * jobs wait for it, drafted and told already (outside the cap until they go out: an auto agent's
   * refill sends the best of them, the user may send any now), with any kept beyond those drafts; `jobs`: the allowance is open and no new job reached the
   * agent's minimum match (it searches again at `nextRunAt`).
   */
  waiting: z
    .discriminatedUnion('reason', [
      z.object({ reason: z.literal('reserve'), kept: z.number().int(), opensAt: z.string().nullable() }),
      z.object({ reason: z.literal('jobs') }),
    ])
    .optional(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/** The outside services a run needs: the letter writer, and the agent's marketplace. */
export const RUN_SERVICES = ['writer', ...PLATFORMS] as const;
export type RunService = (typeof RUN_SERVICES)[number];

/**
 * Why runs are held back: the service does not answer or fails (`unavailable`), asks us to slow
 * down (`rate_limited`), or refuses our credentials (`refused`: the operator's key, or the user's
 * marketplace connection).
 */
export const HOLD_REASONS = ['unavailable', 'rate_limited', 'refused'] as const;

/**
 * An agent's runs as its page shows them (synced with the agent): the run under way with its
 * progress, the last run's summary, and the hold a failing service puts on its runs.
 */
export const agentRunSchema = z.object({
  /** A run under way; the page treats it as over once `until` (its lease) has passed. */
  running: z
    .object({
      startedAt: z.string(),
      until: z.string(),
      manual: z.boolean(),
      /**
       * Run now pressed while another run of the agent is under way (a scheduled one, here or in
       * another process): this one waits for it to end, then starts (the two never run at once).
       */
      queued: z.boolean().optional(),
      /** Jobs found (null until the search answered), letters planned and written so far. */
      found: z.number().int().nullable(),
      planned: z.number().int(),
      written: z.number().int(),
    })
    .nullable(),
  /** What the last run did, and when it ended. */
  last: runSummarySchema.extend({ endedAt: z.string(), manual: z.boolean() }).nullable(),
  /** Runs held back while a service keeps failing, until `until` (then tried again); `failures` in a row. */
  held: z
    .object({
      service: z.enum(RUN_SERVICES),
      reason: z.enum(HOLD_REASONS),
      until: z.string(),
      failures: z.number().int(),
      /** The whole process holds every agent that needs the service (its breaker is open), not this agent alone. */
      everyone: z.boolean(),
    })
    .nullable(),
  /**
   * Posted → draft: how long after a job was posted its letter was saved, for the jobs the agent's
   * scheduled runs drafted that were posted during its hours (ms; `recent`: the latest samples, newest
   * last, of which `medianMs` is the median).
   */
  latency: z
    .object({ lastMs: z.number().int(), medianMs: z.number().int(), recent: z.array(z.number().int()) })
    .nullable()
    .optional(),
});
export type AgentRun = z.infer<typeof agentRunSchema>;

/**
 * `POST /api/automations/{id}/run` answers at once (202): the run goes on (`running`), or waits for
 * the run of the agent under way to end and then starts (`queued`); its progress reaches the agent by sync.
 */
export const runStartedSchema = z.object({
  success: z.literal(true),
  data: z.object({ agentId: z.string(), startedAt: z.string(), state: z.enum(['running', 'queued']) }),
});
export type RunStarted = z.infer<typeof runStartedSchema>;
