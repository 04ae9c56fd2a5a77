import type { Job, MatchFactor } from '../schemas/job';
import { analyseJob, type AnalysedJob } from './analyse';
import { compileProfile, type CompiledProfile, type MatchProfile } from './profile';
import { encodeMatchReason } from './reason';
import { scoreAnalysedJob, type MatchResult, type ScoreContext } from './score';

export type Scored<T extends Job> = T & { matchScore: number; matchReason: string; matchFactors: MatchFactor[]; match: MatchResult };

/** Best first: by score, then by fit, then by the marketplace signals, then by id (never by age). */
export function compareMatches(a: { id: string; match: MatchResult }, b: { id: string; match: MatchResult }): number {
  return (
    b.match.score - a.match.score ||
    b.match.fit - a.match.fit ||
    b.match.quality - a.match.quality ||
    b.match.raw - a.match.raw ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Scores jobs (analysed once each, or given analysed) against one profile, best first. */
export function rankJobs<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  context: ScoreContext = {},
): Array<Scored<T>> {
  const compiled = 'cover' in profile ? profile : compileProfile(profile);
  return jobs
    .map((item) => {
      const analysed = 'mentions' in item ? item : analyseJob(item);
      const match = scoreAnalysedJob(analysed, compiled, context);
      let reason: string | undefined;
      // Encoded when read: an agent ranks a whole page and keeps a few of it.
      return {
        ...(analysed.job as T),
        matchScore: match.score,
        get matchReason() {
          return (reason ??= encodeMatchReason(match.factors, match.features));
        },
        matchFactors: match.factors,
        match,
      };
    })
    .sort(compareMatches);
}

/**
 * What an agent may spend its allowance on: jobs inside the rates that score at least the floor,
 * best first, and how many it passed over as poor matches (outside the rates or under the floor).
 */
export function selectJobs<T extends Job>(
  jobs: ReadonlyArray<T | AnalysedJob>,
  profile: MatchProfile | CompiledProfile,
  floor: number,
  context: ScoreContext = {},
): { selected: Array<Scored<T>>; poorMatch: number } {
  const ranked = rankJobs<T>(jobs, profile, context);
  const selected = ranked.filter((job) => passesFloor(job.match, floor));
  return { selected, poorMatch: ranked.length - selected.length };
}

/** A job an agent may draft: inside the rates and at or above its minimum match score. */
export const passesFloor = (match: Pick<MatchResult, 'passes' | 'score'>, floor: number): boolean => match.passes && match.score >= floor;
