import { MarketplaceError } from '../marketplaces/errors';
import { JOB_WRITER_ERRORS, WriterError } from '../writer';
import type { ServiceFailure } from './breaker';

export interface RetryOptions {
  attempts: number;
  baseMs: number;
  capMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const defaultRetry: RetryOptions = {
  attempts: 3,
  baseMs: 500,
  capMs: 8000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

const transient = (error: unknown) =>
  (error instanceof MarketplaceError && error.transient) ||
  (typeof error === 'object' && error !== null && 'transient' in error && error.transient === true);

/** How long the service asked us to wait (a marketplace's or the writer's Retry-After), if it said. */
export function retryAfterOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('details' in error)) return undefined;
  const details = (error as { details?: { retryAfterMs?: unknown } }).details;
  return typeof details?.retryAfterMs === 'number' && Number.isFinite(details.retryAfterMs) ? Math.max(0, details.retryAfterMs) : undefined;
}

/**
 * Runs `fn`, retrying transient failures with exponential backoff and full jitter, up to a bound. A
 * Retry-After the service gives is waited out exactly when it is within `capMs`; a longer one is not
 * waited out here: the failure is thrown at once, for the caller to try again after it (the job
 * goes back to the pool, the breaker holds runs until then).
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = defaultRetry): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!transient(error) || attempt >= options.attempts) throw error;
      const hinted = retryAfterOf(error);
      if (hinted !== undefined && hinted > options.capMs) throw error;
      const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (attempt - 1));
      await options.sleep(hinted ?? options.random() * ceiling);
    }
  }
}

/**
 * A failure that is the service's, not the job's, as the breaker and the agent's page take it: an
 * outage, an error status, a timeout, a rate limit, or a refused key or token. Undefined for a
 * failure about the job itself (the writer refused this post's text), which fails the job.
 */
export function serviceFailure(error: unknown): ServiceFailure | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const retryAfterMs = retryAfterOf(error);
  const failure = (reason: ServiceFailure['reason']): ServiceFailure => ({
    reason,
    message,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
  if (error instanceof WriterError) {
    if (JOB_WRITER_ERRORS.has(error.code)) return undefined;
    if (error.code === 'rate_limited') return failure('rate_limited');
    if (error.code === 'unauthorized' || error.code === 'forbidden' || error.code === 'not_found') return failure('refused');
    return failure('unavailable');
  }
  if (error instanceof MarketplaceError) {
    if (error.kind === 'rate_limited') return failure('rate_limited');
    if (error.kind === 'unauthorized' || error.kind === 'forbidden') return failure('refused');
    return failure('unavailable');
  }
  return transient(error) ? failure('unavailable') : undefined;
}
