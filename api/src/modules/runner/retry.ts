import { MarketplaceError } from '../marketplaces/errors';

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

/** Runs `fn`, retrying transient failures with exponential backoff and full jitter, up to a bound. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = defaultRetry): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!transient(error) || attempt >= options.attempts) throw error;
      const hinted = error instanceof MarketplaceError ? error.details.retryAfterMs : undefined;
      const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (attempt - 1));
      await options.sleep(hinted !== undefined ? Math.min(hinted, options.capMs) : options.random() * ceiling);
    }
  }
}
