import type { Clock } from '../../../kernel/clock';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetS: number;
}

/**
 * A fixed one-minute window per key (a token, or the caller's address when there is none). In
 * memory on purpose, unlike the product's own limits (store/rate-hits.ts): this stands in for
 * the marketplace's limit, is hit by every runner request (a database write each would weigh on the
 * runner's benchmarks), and with several processes serving the sandbox it can only be more lenient.
 */
export class MinuteRateLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    readonly limit: number,
  ) {}

  take(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / 60_000);
    const resetS = Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000));
    let entry = this.windows.get(key);
    if (!entry || entry.window !== window) {
      if (this.windows.size > 10_000) this.windows.clear();
      entry = { window, count: 0 };
      this.windows.set(key, entry);
    }
    if (entry.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetS };
    entry.count += 1;
    return { allowed: true, limit: this.limit, remaining: this.limit - entry.count, resetS };
  }

  /** The headers Freelancer documents (`RateLimit-Limit: 50, 50;window=60`), plus Retry-After when refused. */
  static headers(decision: RateDecision): Record<string, string> {
    const headers: Record<string, string> = {
      'RateLimit-Limit': `${decision.limit}, ${decision.limit};window=60`,
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetS),
    };
    if (!decision.allowed) headers['Retry-After'] = String(decision.resetS);
    return headers;
  }
}
