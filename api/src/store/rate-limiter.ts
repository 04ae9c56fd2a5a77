import type { Clock } from '../kernel/clock';
import type { Store } from './store';
import { rateLimited } from '../kernel/errors';
import { RateHits } from './rate-hits';

export interface RateRule {
  /** How many hits a key may make inside the window. */
  limit: number;
  windowMs: number;
}

/**
 * A sliding-window counter per key, kept in the database (store/rate-hits.ts) so every process
 * sharing it counts the same hits. Each hit is kept until it leaves its window, so a burst at the
 * end of one window and the start of the next is still counted once.
 */
export class RateLimiter {
  private readonly hits: RateHits;

  /** `scope` names this limiter's keys apart from every other limiter's in the shared table. */
  constructor(
    store: Store,
    private readonly clock: Clock,
    scope: string,
    private readonly enabled = true,
  ) {
    this.hits = new RateHits(store, `limit:${scope}`);
  }

  /** Counts a hit on every key, or throws 429 (nothing counted) when any key is over its limit. */
  async hit(entries: ReadonlyArray<{ key: string; rule: RateRule }>): Promise<void> {
    if (!this.enabled) return;
    const now = this.clock.now().getTime();
    const wait = await this.hits.atomically(async (tx) => {
      let longest = 0;
      for (const { key, rule } of entries) {
        const recent = await this.hits.recent(tx, key, now - rule.windowMs);
        if (recent.length >= rule.limit) longest = Math.max(longest, (recent[0] ?? now) + rule.windowMs - now);
      }
      if (longest === 0)
        await this.hits.add(
          tx,
          entries.map((entry) => entry.key),
          now,
        );
      return longest;
    });
    if (wait > 0) throw rateLimited(wait / 1000);
  }

  /** Forgets a key's hits (after a successful sign-in, for example). */
  async reset(key: string): Promise<void> {
    await this.hits.atomically((tx) => this.hits.forget(tx, [key]));
  }
}

const MINUTE = 60_000;

/**
 * The limits on the account calls per client IP, across addresses. Guesses at one account's password
 * or code are limited per (account, client) by modules/accounts/login-throttle.ts instead, so an attacker
 * can never lock the owner out.
 */
export const authRules = {
  signinPerIp: { limit: 100, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE },
  verifyPerIp: { limit: 60, windowMs: 15 * MINUTE },
  sendCodePerEmail: { limit: 5, windowMs: 60 * MINUTE },
  sendCodePerIp: { limit: 30, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;
