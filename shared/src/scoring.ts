import type { Job } from './schemas/job';
import { analyseJob } from './matching/analyse';
import { compileProfile, type MatchProfile } from './matching/profile';
import { scoreAnalysedJob, type MatchResult, type ScoreContext } from './matching/score';

/**
 * Matching jobs to a freelancer (shared/src/matching): a skill vocabulary, a pure and explained
 * score, rate filters, a floor and a learner of the user's own decisions.
 *
 * Cheap by construction: `analyseJob` reads a job once; `compileProfile` prepares a profile once;
 * `scoreAnalysedJob` scores one against the other, so one analysed job can be scored against many
 * profiles (the runner's agents) and one profile against many jobs.
 */
export type { MatchFactor } from './schemas/job';
export { analyseJob, budgetInUsd, type AnalysedJob, type JobSkill } from './matching/analyse';
export { compileProfile, type CompiledProfile, type MatchProfile } from './matching/profile';
export { scoreAnalysedJob, type MatchResult, type ScoreContext } from './matching/score';
export {
  rankJobs,
  rankMatches,
  scoredJob,
  selectJobs,
  selectMatches,
  passesFloor,
  compareMatches,
  type Ranked,
  type Scored,
} from './matching/rank';
export {
  encodeMatchReason,
  decodeMatchReason,
  isFlaggedReason,
  reasonShowsFlags,
  FLAGGED_REASON_PREFIX,
  type DecodedReason,
} from './matching/reason';
export { DEFAULT_FLOORS_USD, rateLimits, type RateLimits } from './matching/rates';
export {
  fitPersonalModel,
  personalAdjustment,
  SIGNAL_KINDS,
  SIGNAL_WEIGHTS,
  MAX_POINTS,
  type MatchFeatures,
  type PersonalModel,
  type Signal,
  type SignalKind,
} from './matching/learner';

/** Scores one job against one profile (analyses both; use the parts to score many). */
export function scoreJob(job: Job, profile: MatchProfile, context: ScoreContext = {}): MatchResult {
  return scoreAnalysedJob(analyseJob(job), compileProfile(profile), context);
}
export { assessRisk } from './matching/risk/assess';
