import type { Job, MatchFactor, RiskFlag } from '../schemas/job';
import { analyseJob, type AnalysedJob } from './analyse';
import { compileProfile, type CompiledProfile, type MatchProfile } from './profile';
import { encodeMatchReason } from './reason';
import { scoreAnalysedJob, type MatchResult, type ScoreContext } from './score';

export type Scored<T extends Job> = T & {
  matchScore: number;
  matchReason: string;
  matchFactors: MatchFactor[];
  riskFlags: RiskFlag[];
  match: MatchResult;
};

/** A job and its match, before the job is copied with its score: ranking copies nothing. */
export interface Ranked<T extends Job> {
  job: T;
  match: MatchResult;
}

/** Best first: by score, then by fit, then by the marketplace signals, then by id (never by age). */
export const compareMatches = <T extends Job>(a: Ranked<T>, b: Ranked<T>): number =>
  b.match.score - a.match.score ||
  b.match.fit - a.match.fit ||
  b.match.quality - a.match.quality ||
  b.match.raw - a.match.raw ||
  (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);

/** Scores jobs (analysed once each, or given analysed) against one profile, best first, as `Ranked` pairs. */
export function rankMatches<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  context: ScoreContext = {},
): Array<Ranked<T>> {
  const compiled = 'cover' in profile ? profile : compileProfile(profile);
  return jobs
    .map((item) => {
      const analysed = 'mentions' in item ? item : analyseJob(item);
      return { job: analysed.job as T, match: scoreAnalysedJob(analysed, compiled, context) };
    })
    .sort(compareMatches);
}

/**
 * The job with its score, factors and reason, for what keeps or shows it. The reason is encoded when
 * first read (an agent ranks a whole page and keeps a few of it), and is an own enumerable property,
 * so spreading the job copies it.
 */
export function scoredJob<T extends Job>({ job, match }: Ranked<T>): Scored<T> {
  const scored = Object.assign({}, job, {
    matchScore: match.score,
    matchFactors: match.factors,
    riskFlags: match.flags,
    match,
  }) as Scored<T>;
  let reason: string | undefined;
  Object.defineProperty(scored, 'matchReason', {
    get: () => (reason ??= encodeMatchReason(match.factors, match.features, match.flags, match.doubts)),
    enumerable: true,
    configurable: true,
  });
  return scored;
}

/** Scores jobs (analysed once each, or given analysed) against one profile, best first. */
export function rankJobs<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  context: ScoreContext = {},
): Array<Scored<T>> {
  return rankMatches<T>(jobs, profile, context).map(scoredJob);
}

/**
 * What an agent may spend its allowance on: jobs inside the rates that score at least the floor and
 * raise no red flag, best first; the flagged ones that would otherwise pass, best first (held for the
 * user, outside the cap); and those it passed over as poor matches (outside the rates or under the
 * floor), best first, with their count.
 */
export function selectMatches<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  floor: number,
  context: ScoreContext = {},
): { selected: Array<Ranked<T>>; flagged: Array<Ranked<T>>; poorMatch: number; passedOver: Array<Ranked<T>> } {
  const ranked = rankMatches<T>(jobs, profile, context);
  const passing = ranked.filter((job) => passesFloor(job.match, floor));
  const selected = passing.filter((job) => job.match.flags.length === 0);
  const flagged = passing.filter((job) => job.match.flags.length > 0);
  const passedOver = ranked.filter((job) => !passesFloor(job.match, floor));
  return { selected, flagged, poorMatch: passedOver.length, passedOver };
}

/** `selectMatches`, each selected job copied with its score. */
export function selectJobs<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  floor: number,
  context: ScoreContext = {},
): { selected: Array<Scored<T>>; flagged: Array<Scored<T>>; poorMatch: number } {
  const { selected, flagged, poorMatch } = selectMatches<T>(jobs, profile, floor, context);
  return { selected: selected.map(scoredJob), flagged: flagged.map(scoredJob), poorMatch };
}

/** A job an agent may draft: inside the rates and at or above its minimum match score. */
export const passesFloor = (match: Pick<MatchResult, 'passes' | 'score'>, floor: number): boolean => match.passes && match.score >= floor;
