import { matchFactorSchema, type MatchFactor } from '../schemas/job';
import type { MatchFeatures } from './learner';

/**
 * A match reason as a job item keeps it (`matchReason`): the factors, rendered in the reader's
 * language by the PWA, and the features the learner reads when the user decides on the job. Older
 * items hold an English sentence instead; it decodes as plain text.
 */

const VERSION = 2;

export function encodeMatchReason(factors: readonly MatchFactor[], features: MatchFeatures | null): string {
  return JSON.stringify({ v: VERSION, f: factors, x: features });
}

export interface DecodedReason {
  /** The factors; null for an older, plain-text reason. */
  factors: MatchFactor[] | null;
  /** The plain text of an older reason. */
  text: string | null;
  features: MatchFeatures | null;
}

const isFeatures = (value: unknown): value is MatchFeatures =>
  !!value &&
  typeof value === 'object' &&
  Array.isArray((value as MatchFeatures).d) &&
  (value as MatchFeatures).d.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Array.isArray((value as MatchFeatures).s) &&
  (value as MatchFeatures).s.every((s) => typeof s === 'string');

export function decodeMatchReason(stored: string | null | undefined): DecodedReason {
  if (!stored) return { factors: null, text: null, features: null };
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored) as { v?: unknown; f?: unknown; x?: unknown };
      if (parsed.v === VERSION && Array.isArray(parsed.f)) {
        // Factors of a newer server that this code does not know are skipped, not fatal.
        const factors = parsed.f.flatMap((f) => {
          const one = matchFactorSchema.safeParse(f);
          return one.success ? [one.data] : [];
        });
        const x = parsed.x;
        return { factors, text: null, features: isFeatures(x) ? { d: x.d, s: x.s, m: typeof x.m === 'string' ? x.m : null } : null };
      }
    } catch {
      // not ours: plain text
    }
  }
  return { factors: null, text: stored, features: null };
}
