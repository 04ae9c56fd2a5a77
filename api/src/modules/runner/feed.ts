import { AGENT_BOUNDS } from '@shared/schemas/agent';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import { searchQuery } from '@shared/matching/query';
import type { Platform, SearchPage } from '../marketplaces/types';

/**
 * Scan once, match many: the searches of a marketplace whose project search is public
 * (Freelancer.com's `/projects/0.1/projects/active/`) are asked once per distinct query per scan
 * interval, and that answer feeds every agent whose query it is.
 *
 * The query an answer is shared by is the search's words-or-ids part as the adapter sends it (the
 * marketplace's skill ids and telling phrases of `shared/src/matching/query.ts`, else the user's
 * own words) and the project languages; the sort order and page size are the runner's, the same for
 * all. What differs between the agents of one query is filtered here, not by the marketplace:
 * the project types and the budget and hourly ranges (`insideSearchFilters`, as the marketplace
 * applies them), and the "posted within" window (the answer is asked with the widest window of
 * the agents that used it; each agent keeps what is inside its own, pipeline.ts `insideWindow`).
 * The client filters and the per-agent scoring are the run's, as before.
 *
 * The cache lives in the process (each runner process asks once per query per interval; several
 * runner processes sharing a database ask once each).
 */

/** Marketplaces whose search answers are shared between users (no user's token is needed to search). */
export const SHARED_SEARCH: ReadonlySet<Platform> = new Set<Platform>(['freelancer']);

/** How a marketplace call was made: `shared` (one answer for every agent of a query) or `user` (under one user's token). */
export type CallKind = 'shared' | 'user';

/** The key of a shared search: its words-or-ids part and languages, the same for every agent asking it. */
export function sharedQueryKey(criteria: SearchCriteria): string {
  const q = searchQuery(criteria.title, criteria.skills);
  const sorted = <T>(values: readonly T[]) => [...values].sort();
  const words = q.freelancer.jobs.length === 0 && q.freelancer.phrases.length === 0 ? q.all.toLowerCase().replace(/\s+/g, ' ') : '';
  return JSON.stringify([
    criteria.platform,
    sorted(q.freelancer.jobs),
    sorted(q.freelancer.phrases),
    words,
    sorted(criteria.freelancerLanguage ?? []),
  ]);
}

/**
 * The criteria a shared search is asked with: the query of `criteria` (its words, skills and
 * languages), the window from `postedSince`, and none of one agent's own filters.
 */
export function sharedCriteria(criteria: SearchCriteria, postedSince: number): SearchCriteria {
  return {
    platform: criteria.platform,
    title: criteria.title,
    skills: criteria.skills,
    pageLimit: criteria.pageLimit,
    postedSince,
    freelancerLanguage: criteria.freelancerLanguage,
  };
}

/** Whether [low, high] (either end unknown: open) meets [min, max]. */
function overlaps(low: number | null, high: number | null, min: number | undefined, max: number | undefined): boolean {
  if (min !== undefined && high !== null && high < min) return false;
  if (max !== undefined && low !== null && low > max) return false;
  return true;
}

/**
 * Whether a job passes the filters the marketplace would have applied to the agent's own search
 * (freelancer-adapter `freelancerSearchParams`): the project types, and the budget (fixed) or the
 * hourly rate (hourly), in US dollars, meeting the agent's range. A job whose budget is unknown passes.
 */
export function insideSearchFilters(job: Job, criteria: SearchCriteria): boolean {
  const hourly = criteria.freelancerIsHourly === true;
  const fixed = criteria.freelancerIsFixed === true;
  if ((hourly || fixed) && !(job.type === 'hourly' ? hourly : fixed)) return false;
  const lower = (value: number | undefined, bottom: number) => (value !== undefined && value > bottom ? value : undefined);
  const upper = (value: number | undefined, top: number) => (value !== undefined && value > 0 && value < top ? value : undefined);
  // The job's range in US dollars: its own currency's range scaled by the rate its midpoint gives.
  const middle = job.minBudget !== null && job.maxBudget !== null ? (job.minBudget + job.maxBudget) / 2 : (job.minBudget ?? job.maxBudget);
  const perUnit = job.budgetUsd !== null && middle ? job.budgetUsd / middle : job.currency === 'USD' ? 1 : null;
  if (perUnit === null) return true;
  const low = job.minBudget !== null ? job.minBudget * perUnit : null;
  const high = job.maxBudget !== null ? job.maxBudget * perUnit : null;
  if (job.type === 'fixed')
    return overlaps(
      low,
      high,
      lower(criteria.freelancerMinBudget, 0),
      upper(criteria.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max),
    );
  return overlaps(
    low,
    high,
    lower(criteria.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min),
    upper(criteria.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max),
  );
}

interface Entry {
  /** When it was asked (the clock's ms). */
  at: number;
  /** The oldest posting time it was asked for (unix seconds). */
  since: number;
  page: Promise<SearchPage>;
}

/** Window lengths remembered per query for this long after the last agent that needed them. */
const WIDEST_KEPT_MS = 24 * 3600_000;

/** The process's shared searches: one answer per query per interval (see above). */
export class SharedFeed {
  private readonly entries = new Map<string, Entry>();
  /** The widest window (seconds) asked for each query lately, and when it was last needed. */
  private readonly widest = new Map<string, { seconds: number; neededAt: number }>();

  /** @param lifetimeMs how long an answer serves (the scan interval). */
  constructor(private readonly lifetimeMs: number) {}

  /** How old an answer may be when it is served. */
  get maxAgeMs(): number {
    return this.lifetimeMs;
  }

  /**
   * The page of the agent's query (`criteria`, its `postedSince` its own window) at `nowMs`: the
   * answer asked this interval when there is one that reaches back far enough, else a new one asked
   * through `ask` with the widest window its query's agents have needed. The jobs are those the
   * agent's own search filters accept; `at` is when the answer was asked; `reused`, whether it was
   * asked before (by another agent of the query, or an earlier run of this one).
   */
  async page(
    criteria: SearchCriteria,
    nowMs: number,
    ask: (shared: SearchCriteria) => Promise<SearchPage>,
  ): Promise<{ page: SearchPage; at: number; reused: boolean }> {
    const key = sharedQueryKey(criteria);
    const nowSeconds = Math.floor(nowMs / 1000);
    const own = criteria.postedSince ?? 0;
    const ownSeconds = Math.max(0, nowSeconds - own);
    const known = this.widest.get(key);
    const seconds = known && nowMs - known.neededAt < WIDEST_KEPT_MS ? Math.max(known.seconds, ownSeconds) : ownSeconds;
    this.widest.set(key, { seconds, neededAt: nowMs });
    let entry = this.entries.get(key);
    const fresh = entry && nowMs - entry.at < this.lifetimeMs && nowMs >= entry.at;
    const reused = Boolean(entry && fresh && entry.since <= own);
    if (!entry || !reused) {
      // Rounded down to the minute, as the agents' own windows are (criteria.ts `windowStart`).
      const since = Math.min(own, Math.floor((nowSeconds - seconds) / 60) * 60);
      const page = ask(sharedCriteria(criteria, since));
      entry = { at: nowMs, since, page };
      this.entries.set(key, entry);
      // A failed answer is not kept: the next agent of the query asks again.
      page.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
      this.sweep(nowMs);
    }
    const page = await entry.page;
    return { page: { ...page, jobs: page.jobs.filter((job) => insideSearchFilters(job, criteria)) }, at: entry.at, reused };
  }

  /** Forgets answers past their interval. */
  private sweep(nowMs: number): void {
    for (const [key, entry] of this.entries) if (nowMs - entry.at >= this.lifetimeMs) this.entries.delete(key);
    for (const [key, widest] of this.widest) if (nowMs - widest.neededAt >= WIDEST_KEPT_MS) this.widest.delete(key);
  }
}
