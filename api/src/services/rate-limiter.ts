import type { Clock } from '../clock';
import { rateLimited } from '../errors';

export interface RateRule {
  /** How many hits a key may make inside the window. */
  limit: number;
  windowMs: number;
}

/**
 * A sliding-window counter per key, in memory. Each hit is kept until it leaves its window, so a
 * burst at the end of one window and the start of the next is still counted once.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly enabled = true,
  ) {}

  /** Counts a hit on every key, or throws 429 (nothing counted) when any key is over its limit. */
  hit(entries: ReadonlyArray<{ key: string; rule: RateRule }>): void {
    if (!this.enabled) return;
    const now = this.clock.now().getTime();
    this.sweep(now);
    let wait = 0;
    for (const { key, rule } of entries) {
      const recent = this.recent(key, rule, now);
      if (recent.length >= rule.limit) wait = Math.max(wait, (recent[0] ?? now) + rule.windowMs - now);
    }
    if (wait > 0) throw rateLimited(wait / 1000);
    for (const { key, rule } of entries) {
      const recent = this.recent(key, rule, now);
      recent.push(now);
      this.hits.set(key, recent);
    }
  }

  /** Forgets a key's hits (after a successful sign-in, for example). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, rule: RateRule, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => at > now - rule.windowMs);
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    const horizon = now - 24 * 60 * 60 * 1000;
    for (const [key, times] of this.hits) if ((times[times.length - 1] ?? 0) < horizon) this.hits.delete(key);
  }
}

const MINUTE = 60_000;

/**
 * The limits on the account calls per client IP, across addresses. Guesses at one account's password
 * or code are limited per (account, client) by services/login-throttle.ts instead, so an attacker
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
