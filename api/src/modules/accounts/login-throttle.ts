import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { rateLimited } from '../../kernel/errors';
import { RateHits } from '../../store/rate-hits';

export interface ThrottleRules {
  /** Wrong tries one client may make on one account inside the window before it must wait. */
  perClient: number;
  windowMs: number;
  /** Failures on an account (from any client) after which clients that failed are slowed down. */
  delayAfter: number;
  /** The first delay; it doubles with every further failure on the account, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Guessing limits for a secret (a password, a mailed code) that never lock the owner out:
 * - each (account, client) pair has its own budget of wrong tries: a client that used it up waits
 *   until its oldest failure leaves the window, and no other client is affected;
 * - the account's failures, from every client, add up to a delay that doubles with each one: a client
 *   that has failed on this account must wait that long after the account's latest failure. Spread
 *   over many addresses, guesses still slow down exponentially;
 * - a client with no recent failure on the account (the owner's phone) is checked at once.
 * The failures are kept in the database (store/rate-hits.ts): every process sharing it counts
 * the same tries.
 */
export class LoginThrottle {
  private readonly hits: RateHits;

  /** `scope` names this throttle's counts apart from every other's (`password`, `code`). */
  constructor(
    store: Store,
    private readonly clock: Clock,
    scope: string,
    private readonly rules: ThrottleRules,
    private readonly enabled = true,
  ) {
    this.hits = new RateHits(store, `throttle:${scope}`);
  }

  /** Throws 429 (with Retry-After) when this client may not try this account's secret now. */
  async check(account: string, client: string): Promise<void> {
    if (!this.enabled) return;
    const now = this.clock.now().getTime();
    const since = now - this.rules.windowMs;
    const wait = await this.hits.atomically(async (tx) => {
      const mine = await this.hits.recent(tx, pairKey(account, client), since);
      if (mine.length === 0) return 0;
      let longest = 0;
      if (mine.length >= this.rules.perClient) longest = mine[0]! + this.rules.windowMs - now;
      const all = await this.hits.recent(tx, accountKey(account), since);
      if (all.length >= this.rules.delayAfter) {
        const delay = Math.min(this.rules.baseDelayMs * 2 ** (all.length - this.rules.delayAfter), this.rules.maxDelayMs);
        longest = Math.max(longest, all[all.length - 1]! + delay - now);
      }
      return longest;
    });
    if (wait > 0) throw rateLimited(wait / 1000);
  }

  /**
   * Records a wrong try; answers how many this client has left on this account and, once none are
   * left, in how many seconds it may try again.
   */
  async fail(account: string, client: string): Promise<{ attemptsLeft: number; retryAfterSeconds?: number }> {
    const now = this.clock.now().getTime();
    const mine = await this.hits.atomically(async (tx) => {
      await this.hits.add(tx, [pairKey(account, client), accountKey(account)], now);
      return this.hits.recent(tx, pairKey(account, client), now - this.rules.windowMs);
    });
    const attemptsLeft = Math.max(0, this.rules.perClient - mine.length);
    if (attemptsLeft > 0) return { attemptsLeft };
    // Oldest first: the try that leaves the window next frees the first attempt.
    const oldest = mine[mine.length - this.rules.perClient]!;
    return { attemptsLeft, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.rules.windowMs - now) / 1000)) };
  }

  /**
   * The account's failures from every client inside `windowMs` (at most LONGEST_RATE_WINDOW_MS, the
   * longest that hits are kept); 0 while the throttle is off.
   */
  async accountFailures(account: string, windowMs: number): Promise<number> {
    if (!this.enabled) return 0;
    const since = this.clock.now().getTime() - windowMs;
    return (await this.hits.atomically((tx) => this.hits.recent(tx, accountKey(account), since))).length;
  }

  /** The right secret: this client's failures on the account are forgotten (the account's stay). */
  async succeed(account: string, client: string): Promise<void> {
    await this.hits.atomically((tx) => this.hits.forget(tx, [pairKey(account, client)]));
  }
}

const pairKey = (account: string, client: string) => `pair\n${account}\n${client}`;
const accountKey = (account: string) => `account\n${account}`;

const MINUTE = 60_000;

/**
 * The account-wide guessing budget: once this many wrong passwords were tried on one account inside
 * the window, from all addresses together, its password alone no longer signs in; a code mailed to
 * the account's address is needed with it (the owner, who reads that mail, is never locked out), and
 * the owner is told. Guesses spread over many addresses stop there.
 */
export const ACCOUNT_GUESS_BUDGET = { failures: 10, windowMs: 24 * 60 * MINUTE };

/** Passwords: ten wrong per client per 15 minutes; from the fifth failure on the account, 1 s, 2 s, 4 s … up to 15 min. */
export const PASSWORD_THROTTLE: ThrottleRules = {
  perClient: 10,
  windowMs: 15 * MINUTE,
  delayAfter: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
};
/** Mailed codes: five wrong per client for the code's 15 minutes, the same growing delay. */
export const CODE_THROTTLE: ThrottleRules = {
  perClient: 5,
  windowMs: 15 * MINUTE,
  delayAfter: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
};
