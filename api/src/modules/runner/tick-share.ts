import type { Job, SearchCriteria } from '@shared/schemas/job';
import type { PlanLimits } from '@shared/schemas/sync';
import { analyseJob, type AnalysedJob, type PersonalModel } from '@shared/scoring';
import type { MarketplaceSession, Platform, SearchPage } from '../marketplaces/types';
import { MatchIndex } from './match-index';

/** What a search request is made of: two agents whose requests are equal ask the marketplace once. */
export interface SearchRequest {
  platform: Platform;
  /** The account it runs under (null: the public search, no account connected). */
  session: MarketplaceSession | null;
  criteria: SearchCriteria;
  page: number;
  pageSize: number;
}

/** The fields `analyseJob` reads: a job seen again with the same ones has the same analysis. */
const analysisKey = (job: Job): string =>
  [job.title, job.description, job.skills.join('\u0001'), job.minBudget, job.maxBudget, job.budgetUsd, job.currency].join('\u0000');

/**
 * What one tick of the runner reads or works out once and shares among its agents:
 * - each user's plan limits and learned model, read at the user's first agent;
 * - each distinct search: agents whose request is the same (platform, criteria, page, and the
 *   account it runs under, token and tenant) share one call to the marketplace and its answer;
 * - each job's analysis (tokenised and matched to the vocabulary once), scored by every agent that
 *   saw it and can match it (the index from skill ids to agents, match-index.ts, kept by the runner
 *   process across ticks), whichever search page brought it.
 * It lives for one tick: a plan changed or a job edited meanwhile is seen at the next tick. The
 * reserving transaction still counts today's proposals itself, so the caps hold exactly.
 */
export class TickShare {
  private readonly limits = new Map<string, Promise<PlanLimits>>();
  private readonly models = new Map<string, Promise<PersonalModel | null>>();
  private readonly searches = new Map<string, Promise<SearchPage>>();
  private readonly byObject = new WeakMap<Job, AnalysedJob>();
  private readonly byContent = new Map<string, { key: string; analysed: AnalysedJob }>();

  /** @param index the process's index from skill ids to agents (a run alone: its own; null: every agent scores every job). */
  constructor(readonly index: MatchIndex | null = new MatchIndex()) {}

  /** The user's plan limits, read once per tick (agents of one user running at once share the one read). */
  limitsFor(userId: string, read: () => Promise<PlanLimits>): Promise<PlanLimits> {
    let limits = this.limits.get(userId);
    if (!limits) {
      limits = read();
      this.limits.set(userId, limits);
    }
    return limits;
  }

  /** The user's learned model, read once per tick, like the limits. */
  modelFor(userId: string, read: () => Promise<PersonalModel | null>): Promise<PersonalModel | null> {
    let model = this.models.get(userId);
    if (!model) {
      model = read();
      this.models.set(userId, model);
    }
    return model;
  }

  /** The answer to a search, asked of the marketplace the first time this tick makes that request. */
  search(request: SearchRequest, ask: () => Promise<SearchPage>): Promise<SearchPage> {
    const { platform, session, criteria, page, pageSize } = request;
    const key = JSON.stringify([platform, session?.accessToken ?? null, session?.tenantId ?? null, criteria, page, pageSize]);
    let answer = this.searches.get(key);
    if (!answer) {
      answer = ask();
      this.searches.set(key, answer);
    }
    return answer;
  }

  /** The job analysed once per tick (by object, else by the fields the analysis reads). */
  analyse(job: Job): AnalysedJob {
    const same = this.byObject.get(job);
    if (same) return same;
    const id = `${job.platform}:${job.externalId}`;
    const key = analysisKey(job);
    const known = this.byContent.get(id);
    // The same text and budget: the analysis holds, with this job's own client, bids and dates.
    const analysed = known?.key === key ? { ...known.analysed, job } : analyseJob(job);
    if (known?.key !== key) this.byContent.set(id, { key, analysed });
    this.byObject.set(job, analysed);
    return analysed;
  }
}
