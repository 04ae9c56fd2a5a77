/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  /** Proposals that had the outcome. */
  successes: number;
  /** Proposals counted. */
  trials: number;
  /** successes / trials; null when nothing was counted. */
  rate: number | null;
  /** The Wilson score interval (95 %): honest for small counts, never outside [0, 1]; null when nothing was counted. */
  low: number | null;
  high: number | null;
}

/**
 * The Wilson score interval of a proportion: (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n).
 * Unlike p ± z·√(p(1−p)/n) it stays inside [0, 1] and does not collapse to a point at 0 or n.
 */
export function wilson(successes: number, trials: number, z = Z95): Proportion {
  if (!Number.isFinite(trials) || trials <= 0) return { successes: 0, trials: 0, rate: null, low: null, high: null };
  const s = Math.min(Math.max(0, successes), trials);
  const p = s / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Rounding can push an end a hair past the exact bounds at s = 0 or s = n.
  return {
    successes: s,
    trials,
    rate: p,
    low: s === 0 ? 0 : Math.max(0, centre - half),
    high: s === trials ? 1 : Math.min(1, centre + half),
  };
}
