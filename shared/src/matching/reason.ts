import { matchFactorSchema, riskFlagSchema, type MatchFactor, type RiskFlag } from '../schemas/job';
import type { MatchFeatures } from './learner';

/**
 * A match reason as a job item keeps it (`matchReason`): the factors, rendered in the reader's
 * language by the PWA, the features the learner reads when the user decides on the job, the job's
 * red flags (`r`, only when it has any) and the learned reading's doubts a review agent's draft shows
 * without being held for them (`u`, only when there are some). Older items hold an English sentence
 * instead; it decodes as plain text. Reasons stored before flags existed decode with none.
 */

const VERSION = 2;

/**
 * How a flagged job's stored reason begins: `r` is written right after the version, so the store
 * can tell a flagged item by a prefix (`LIKE '…%'`: the runner's daily counts leave flagged drafts
 * out) without a column of its own. A reason without flags never starts this way.
 */
export const FLAGGED_REASON_PREFIX = `{"v":${VERSION},"r":[{`;

/** How a reason holding doubts says so (after the factors and features: never the flagged prefix). */
const DOUBTS_MARK = '"u":[{';

export function encodeMatchReason(
  factors: readonly MatchFactor[],
  features: MatchFeatures | null,
  flags: readonly RiskFlag[] = [],
  doubts: readonly RiskFlag[] = [],
): string {
  // Key order matters: `r` first (FLAGGED_REASON_PREFIX), and left out when there is nothing to say.
  return JSON.stringify({
    v: VERSION,
    ...(flags.length > 0 ? { r: flags } : {}),
    f: factors,
    x: features,
    ...(doubts.length > 0 ? { u: doubts } : {}),
  });
}

export interface DecodedReason {
  /** The factors; null for an older, plain-text reason. */
  factors: MatchFactor[] | null;
  /** The plain text of an older reason. */
  text: string | null;
  features: MatchFeatures | null;
  /** The red flags the job was held for, then the doubts it shows (empty: none, or a reason from before flags). */
  flags: RiskFlag[];
}

const isFeatures = (value: unknown): value is MatchFeatures =>
  !!value &&
  typeof value === 'object' &&
  Array.isArray((value as MatchFeatures).d) &&
  (value as MatchFeatures).d.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Array.isArray((value as MatchFeatures).s) &&
  (value as MatchFeatures).s.every((s) => typeof s === 'string');

/** The entries of a list that parse with `schema`; those of a newer server this code does not know are skipped, not fatal. */
function known<T>(list: unknown, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const one = schema.safeParse(entry);
    return one.success ? [one.data] : [];
  });
}

export function decodeMatchReason(stored: string | null | undefined): DecodedReason {
  if (!stored) return { factors: null, text: null, features: null, flags: [] };
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored) as { v?: unknown; f?: unknown; x?: unknown; r?: unknown; u?: unknown };
      if (parsed.v === VERSION && Array.isArray(parsed.f)) {
        const x = parsed.x;
        return {
          factors: known(parsed.f, matchFactorSchema),
          text: null,
          features: isFeatures(x) ? { d: x.d, s: x.s, m: typeof x.m === 'string' ? x.m : null } : null,
          flags: [...known(parsed.r, riskFlagSchema), ...known(parsed.u, riskFlagSchema)],
        };
      }
    } catch {
      // not ours: plain text
    }
  }
  return { factors: null, text: stored, features: null, flags: [] };
}

/** Whether a stored reason says the job was flagged (what `FLAGGED_REASON_PREFIX` tells the store). */
export const isFlaggedReason = (stored: string | null | undefined): boolean => !!stored && stored.startsWith(FLAGGED_REASON_PREFIX);

/** Whether a stored reason has flags or doubts to show (a cheap test: a sync page decodes no other reason). */
export const reasonShowsFlags = (stored: string | null | undefined): boolean =>
  isFlaggedReason(stored) || (!!stored && stored.includes(DOUBTS_MARK));
