import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { RateHits } from '../../services/rate-hits';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetS: number;
}

/**
 * A fixed one-minute window per key (a token, or the caller's address when there is none), counted
 * in the database like the product's own limits, so several processes serving the sandbox answer
 * as one marketplace would.
 */
export class MinuteRateLimiter {
  private readonly hits: RateHits;

  constructor(
    db: Db,
    private readonly clock: Clock,
    scope: string,
    readonly limit: number,
  ) {
    this.hits = new RateHits(db, `sandbox:${scope}`);
  }

  take(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / 60_000) * 60_000;
    const resetS = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
    const used = this.hits.atomically((tx) => {
      const count = this.hits.recent(tx, key, windowStart - 1).length;
      if (count < this.limit) this.hits.add(tx, [key], now);
      return count;
    });
    if (used >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetS };
    return { allowed: true, limit: this.limit, remaining: this.limit - used - 1, resetS };
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
