import { AGENT_BOUNDS, type Agent } from '@shared/schemas/agent';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import {
  analyseJob,
  compareMatches,
  compileProfile,
  selectMatches,
  type AnalysedJob,
  type MatchProfile,
  type PersonalModel,
  type Ranked,
} from '@shared/scoring';
import type { User } from '@shared/schemas/user';
import { postedInside, postedSince } from '@shared/posted-within';
import type { ClientFilter } from '@shared/schemas/agent-run';
import { clientFilterFailure as clientFailure } from '@shared/client-filters';
import type { MatchIndex } from './match-index';

/** A slider's value, or undefined at its "no limit" end (0 or the bottom; the top for a maximum). */
const lowEnd = (value: number, bottom = 0) => (value > bottom ? value : undefined);
const highEnd = (value: number, top: number) => (value > 0 && value < top ? value : undefined);

/** The hourly and fixed ranges an agent takes, from the fields of its own platform. */
function agentRates(agent: Agent) {
  if (agent.platform === 'upwork') {
    return {
      hourly: [
        lowEnd(agent.upworkHourlyMinRate) ?? lowEnd(agent.upworkMinRate),
        highEnd(agent.upworkHourlyMaxRate, AGENT_BOUNDS.upworkHourly.max) ?? highEnd(agent.upworkMaxRate, AGENT_BOUNDS.upworkHourly.max),
      ] as const,
      fixed: [
        lowEnd(agent.upworkFixedMinBudget) ?? lowEnd(agent.upworkMinFixedRate),
        highEnd(agent.upworkFixedMaxBudget, AGENT_BOUNDS.upworkFixed.max) ??
          highEnd(agent.upworkMaxFixedRate, AGENT_BOUNDS.upworkFixed.max),
      ] as const,
      types: agent.upworkJobType === 'any' ? (['hourly', 'fixed'] as const) : ([agent.upworkJobType] as const),
    };
  }
  return {
    hourly: [
      lowEnd(agent.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min),
      highEnd(agent.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max),
    ] as const,
    fixed: [lowEnd(agent.freelancerMinBudget), highEnd(agent.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max)] as const,
    types: [...(agent.freelancerIsHourly ? (['hourly'] as const) : []), ...(agent.freelancerIsFixed ? (['fixed'] as const) : [])],
  };
}

/**
 * The oldest posting time (unix seconds) a job may have for the agent's "posted within" window at
 * `now`, rounded down to the minute: agents with one window share one search in a tick.
 */
export function windowStart(agent: Pick<Agent, 'datePosted'>, now: Date): number {
  return Math.floor(postedSince(agent.datePosted, now.getTime()) / 60_000) * 60;
}

/**
 * The search an agent runs, from its fields: its keywords, skills, its own platform's rates and,
 * given the time, its "posted within" window.
 */
export function agentCriteria(agent: Agent, now?: Date): SearchCriteria {
  const rates = agentRates(agent);
  return {
    ...(now ? { postedSince: windowStart(agent, now) } : {}),
    title: agent.title,
    skills: agent.skills,
    platform: agent.platform,
    pageLimit: 1,
    upworkJobType: agent.upworkJobType,
    upworkExperienceLevel: agent.upworkExperienceLevel,
    upworkDuration: agent.upworkDuration,
    upworkMinRate: agent.platform === 'upwork' ? (rates.hourly[0] ?? 0) : agent.upworkMinRate,
    upworkMaxRate: agent.platform === 'upwork' ? (rates.hourly[1] ?? AGENT_BOUNDS.upworkHourly.max) : agent.upworkMaxRate,
    upworkMinFixedRate: agent.platform === 'upwork' ? (rates.fixed[0] ?? 0) : agent.upworkMinFixedRate,
    upworkMaxFixedRate: agent.platform === 'upwork' ? (rates.fixed[1] ?? AGENT_BOUNDS.upworkFixed.max) : agent.upworkMaxFixedRate,
    freelancerIsHourly: agent.freelancerIsHourly,
    freelancerIsFixed: agent.freelancerIsFixed,
    freelancerMinBudget: agent.freelancerMinBudget,
    freelancerMaxBudget: agent.freelancerMaxBudget,
    freelancerHourlyRateMin: agent.freelancerHourlyRateMin,
    freelancerHourlyRateMax: agent.freelancerHourlyRateMax,
    freelancerLanguage: agent.freelancerLanguage,
  };
}

/** The first of the agent's client filters a job's client fails (shared/src/client-filters.ts); null when it passes. */
export function clientFilterFailure(job: Job, agent: Agent): { filter: ClientFilter; value: number | string | null } | null {
  return clientFailure(job.client, agent);
}

/** Whether a job's client passes the agent's client filters (unknown data passes). */
export function passesClientFilters(job: Job, agent: Agent): boolean {
  return clientFilterFailure(job, agent) === null;
}

/**
 * What the agent's jobs are scored against: the profile's and the agent's skills, the agent's
 * keywords with the freelancer's own title, an overview (the agent's, else the profile's), and the
 * rates and contract types of the agent's own platform.
 */
export function matchProfile(agent: Agent, user: User): MatchProfile {
  const rates = agentRates(agent);
  const headline = agent.upworkProfileTitle || user.profileTitle || '';
  return {
    skills: [...user.skills, ...agent.skills],
    title: headline && headline.toLowerCase() !== agent.title.toLowerCase() ? `${agent.title} · ${headline}` : agent.title,
    overview: agent.upworkOverview || user.profileOverview || undefined,
    minHourlyUsd: rates.hourly[0],
    maxHourlyUsd: rates.hourly[1],
    minFixedUsd: rates.fixed[0],
    maxFixedUsd: rates.fixed[1],
    jobTypes: rates.types,
    platform: agent.platform,
  };
}

/**
 * The jobs an agent may spend its allowance on, best first: inside its rates and at or above its
 * minimum match score (the user's learned preferences included), with no red flag; the flagged
 * ones that would otherwise pass, best first (held as drafts for the user, outside the daily cap);
 * and those it passed over (with their count). Each is its job and match (`scoredJob` copies one with its score,
 * for the one reserved).
 *
 * With `index` (match-index.ts: the tick's index from skill ids to agents), only the jobs that can
 * reach the agent's floor are scored; the others (`unmatched`) are counted as poor matches, unscored.
 * The picks are the same either way.
 */
export function pickJobs<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  agent: Agent,
  user: User,
  context: { now: Date; model?: PersonalModel | null; index?: MatchIndex },
): { ranked: Array<Ranked<T>>; flagged: Array<Ranked<T>>; poorMatch: number; passedOver: Array<Ranked<T>>; unmatched: T[] } {
  const profile = compileProfile(matchProfile(agent, user));
  let candidates = jobs;
  const unmatched: T[] = [];
  const { index } = context;
  if (index) {
    index.update(agent.id, profile, agent.minMatchScore, context.now.getTime());
    candidates = jobs.filter((item) => {
      const analysed = 'mentions' in item ? item : analyseJob(item);
      if (index.reaches(agent.id, analysed)) return true;
      unmatched.push(analysed.job as T);
      return false;
    });
  }
  const { selected, flagged, poorMatch, passedOver } = selectMatches<T>(candidates, profile, agent.minMatchScore, {
    now: context.now.getTime(),
    model: context.model ?? null,
  });
  const { picks, held } = agent.sendMode === 'auto' ? { picks: selected, held: flagged } : withoutDoubts(selected, flagged);
  // The cap goes to young jobs with few proposals first; the flagged ones are the user's choice, in match order.
  return { ranked: spendOrder(picks, context.now), flagged: held, poorMatch: poorMatch + unmatched.length, passedOver, unmatched };
}

/**
 * A review agent's picks with the learned reading's doubts (`unsure` flags) set apart from its flags:
 * those hold a job to stop an agent that sends on its own, and every draft of a review agent already
 * waits for the user's tap. A job held only for such a doubt is an ordinary pick again (within the
 * cap), in match order, its doubts kept to show on the draft; a red flag still holds its job.
 */
function withoutDoubts<T extends Job>(
  selected: Array<Ranked<T>>,
  flagged: Array<Ranked<T>>,
): { picks: Array<Ranked<T>>; held: Array<Ranked<T>> } {
  if (!flagged.some((entry) => entry.match.flags.some((flag) => flag.unsure))) return { picks: selected, held: flagged };
  const sure = (entry: Ranked<T>): Ranked<T> => ({
    ...entry,
    match: {
      ...entry.match,
      flags: entry.match.flags.filter((flag) => !flag.unsure),
      doubts: entry.match.flags.filter((flag) => flag.unsure),
    },
  });
  const cleared = flagged.map(sure);
  return {
    picks: [...selected, ...cleared.filter((entry) => entry.match.flags.length === 0)].sort(compareMatches),
    held: cleared.filter((entry) => entry.match.flags.length > 0),
  };
}

/**
 * The bid for a job in its own currency: the agent's preferred rate when the budget allows it,
 * never below the budget's minimum (the marketplace refuses that) nor above its maximum.
 */
export function bidAmount(job: Job, agent: Agent): number {
  const rateUsd = agent.upworkPaymentRate > 0 ? agent.upworkPaymentRate : null;
  const perUsd = job.budgetUsd && job.minBudget && job.maxBudget ? (job.minBudget + job.maxBudget) / 2 / job.budgetUsd : 1;
  const preferred =
    rateUsd !== null ? rateUsd * perUsd : (job.minBudget ?? 0) + ((job.maxBudget ?? job.minBudget ?? 0) - (job.minBudget ?? 0)) / 2;
  const low = job.minBudget ?? 0;
  const high = job.maxBudget ?? Math.max(low, preferred);
  const amount = Math.min(Math.max(preferred, low), high || preferred);
  const capped = agent.upworkMaximumBid > 0 && agent.platform === 'upwork' ? Math.min(amount, agent.upworkMaximumBid * perUsd) : amount;
  return Math.max(Math.round(capped * 100) / 100, low, 1);
}

/**
 * The jobs posted inside the agent's "posted within" window at `now` (whatever the marketplace's own
 * filter let through: a job older than the window is never drafted).
 */
export function insideWindow<T extends Job>(jobs: readonly T[], agent: Pick<Agent, 'datePosted'>, now: Date): T[] {
  const since = postedSince(agent.datePosted, now.getTime());
  return jobs.filter((job) => postedInside(job.datePosted, since));
}

/** How many points of match a day of a post's age costs when spending the cap (at most `AGE_COST_MAX`). */
const AGE_COST_PER_DAY = 2;
const AGE_COST_MAX = 20;
/** The points of match each proposal beyond the first five costs (at most `BIDS_COST_MAX`). */
const BIDS_COST_PER_BID = 0.25;
const BIDS_COST_MAX = 15;

/**
 * What a job is worth spending one of the day's proposals on: its match, less its age and its
 * competition (proposals already sent), which the score weighs only a little. A proposal on a job
 * posted an hour ago with two bids is read; one on a six-day-old job with eighty is not.
 */
export function spendPriority(ranked: Pick<Ranked<Job>, 'job' | 'match'>, now: Date): number {
  const posted = Date.parse(ranked.job.datePosted);
  const days = Number.isFinite(posted) ? Math.max(0, now.getTime() - posted) / 86_400_000 : AGE_COST_MAX / AGE_COST_PER_DAY;
  const bids = ranked.job.bidCount ?? 0;
  const age = Math.min(AGE_COST_MAX, days * AGE_COST_PER_DAY);
  const competition = Math.min(BIDS_COST_MAX, Math.max(0, bids - 5) * BIDS_COST_PER_BID);
  return ranked.match.raw - age - competition;
}

/**
 * The order the day's cap is spent in: young jobs with few proposals first (`spendPriority`); equal
 * priorities keep the match order.
 */
export function spendOrder<T extends Job>(ranked: ReadonlyArray<Ranked<T>>, now: Date): Array<Ranked<T>> {
  return ranked
    .map((entry, index) => ({ entry, index, priority: spendPriority(entry, now) }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index)
    .map(({ entry }) => entry);
}
