export interface BackoffOptions {
  minMs: number;
  maxMs: number;
  random: () => number;
}

/**
 * Exponential backoff with full jitter: after the n-th failure in a row, a random wait in
 * [0, min(maxMs, minMs * 2^(n-1))). Spreads many clients' retries after an outage.
 */
export function backoffDelay(failures: number, { minMs, maxMs, random }: BackoffOptions): number {
  if (failures <= 0) return 0;
  const cap = Math.min(maxMs, minMs * 2 ** Math.min(failures - 1, 30));
  return Math.floor(random() * cap);
}
