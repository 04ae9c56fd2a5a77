import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_BOUNDS } from '@shared/schemas/agent';
import { ErrorCode } from '@shared/errors';
import type { Job, SearchCriteria, SearchResponse } from '@shared/schemas/job';
import { rankJobs, type MatchProfile } from '@shared/scoring';
import type { User } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import type { MatchLearning } from '../proposals/match-learning';
import { toUserDto } from '../accounts/users';
import { AppError, notFound, rateLimited } from '../../kernel/errors';
import { MarketplaceError } from './errors';
import type { Marketplaces, MarketplaceSession, Platform } from './types';

/**
 * Jobs read per page of a search (from each of its lanes): enough newest matches to rank from. The
 * adapters read them in the marketplace's own page sizes (Freelancer.com 100, Upwork 50).
 */
export const PAGE_SIZE = 100;

/** A marketplace failure as the API answers it (never 401: that would sign the user out). */
export function marketplaceFailure(error: unknown): unknown {
  if (!(error instanceof MarketplaceError)) return error;
  const name = error.platform === 'upwork' ? 'Upwork' : 'Freelancer.com';
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      return new AppError(ErrorCode.marketplaceNotConnected, error.message || `Reconnect your ${name} account`);
    case 'rate_limited':
      return rateLimited((error.details.retryAfterMs ?? 60_000) / 1000, `${name} is limiting requests. Please try again shortly.`);
    case 'rejected':
    case 'not_found':
      return new AppError(ErrorCode.marketplaceRejected, error.message);
    default:
      return new AppError(ErrorCode.marketplaceUnavailable, `${name} did not answer properly. Please try again. (${error.message})`);
  }
}

const below = (value: number | undefined, top: number) => (value !== undefined && value > 0 && value < top ? value : undefined);
const above = (value: number | undefined, bottom = 0) => (value !== undefined && value > bottom ? value : undefined);

/** What a search's jobs are scored against: the profile, the search's keywords and skills, and its rates. */
export function searchProfile(criteria: SearchCriteria, user: User): MatchProfile {
  const upwork = criteria.platform === 'upwork';
  const type = criteria.upworkJobType;
  const jobTypes: Array<'hourly' | 'fixed'> = upwork
    ? type === 'hourly' || type === 'fixed'
      ? [type]
      : ['hourly', 'fixed']
    : [
        ...(criteria.freelancerIsHourly !== false ? (['hourly'] as const) : []),
        ...(criteria.freelancerIsFixed !== false ? (['fixed'] as const) : []),
      ];
  return {
    skills: [...user.skills, ...(criteria.skills ?? [])],
    title: user.profileTitle ? `${criteria.title} · ${user.profileTitle}` : criteria.title,
    overview: user.profileOverview ?? undefined,
    minHourlyUsd: upwork ? above(criteria.upworkMinRate) : above(criteria.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min),
    maxHourlyUsd: upwork
      ? below(criteria.upworkMaxRate, AGENT_BOUNDS.upworkHourly.max)
      : below(criteria.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max),
    minFixedUsd: upwork ? above(criteria.upworkMinFixedRate) : above(criteria.freelancerMinBudget),
    maxFixedUsd: upwork
      ? below(criteria.upworkMaxFixedRate, AGENT_BOUNDS.upworkFixed.max)
      : below(criteria.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max),
    jobTypes: jobTypes.length > 0 ? jobTypes : undefined,
    platform: criteria.platform,
  };
}

/** Searches a marketplace with the user's criteria and ranks the jobs against the user's profile. */
export class SearchService {
  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      marketplaces: Marketplaces;
      learning?: MatchLearning;
      session: (userId: string, platform: Platform) => Promise<MarketplaceSession | null>;
    },
  ) {}

  async search(userId: string, criteria: SearchCriteria): Promise<SearchResponse> {
    const { jobItems, users } = tablesOf(this.deps.store.db);
    const { store, marketplaces } = this.deps;
    const user = await first(store.db.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!user) throw notFound('User not found');
    const jobs: Job[] = [];
    let total = 0;
    try {
      const session = await this.deps.session(userId, criteria.platform);
      for (let page = 0; page < criteria.pageLimit; page++) {
        const result = await marketplaces[criteria.platform].adapter.search(session, criteria, page, PAGE_SIZE);
        jobs.push(...result.jobs);
        total = result.total;
        if (!result.hasMore) break;
      }
    } catch (error) {
      throw marketplaceFailure(error);
    }
    const unique = [...new Map(jobs.map((job) => [job.id, job])).values()];
    // What became of the jobs the user already has: sent, waiting to be sent, or waiting for review.
    const known = new Map(
      unique.length
        ? (
            await store.db
              .select({ externalId: jobItems.externalId, status: jobItems.status })
              .from(jobItems)
              .where(
                and(
                  eq(jobItems.userId, userId),
                  eq(jobItems.platform, criteria.platform),
                  inArray(
                    jobItems.externalId,
                    unique.map((job) => job.externalId),
                  ),
                ),
              )
          ).map((row) => [row.externalId, row.status] as const)
        : [],
    );
    const statusOf = (externalId: string) => {
      const item = known.get(externalId);
      if (item === 'completed') return 'applied' as const;
      if (item === 'processing') return 'queued' as const;
      if (item === 'draft') return 'draft' as const;
      return 'new' as const;
    };
    const ranked = rankJobs(unique, searchProfile(criteria, toUserDto(user)), {
      now: this.deps.clock.now().getTime(),
      model: (await this.deps.learning?.model(userId)) ?? null,
    });
    return {
      platform: criteria.platform,
      total,
      data: ranked.map(({ match: _match, ...job }) => ({
        ...job,
        status: statusOf(job.externalId),
      })),
    };
  }
}
