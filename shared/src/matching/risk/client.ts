import type { JobClient, RiskFlag } from '../../schemas/job';
import { WEAK_CUES, type WeakCue } from './client.data';
import { lazyPattern } from './pattern';
import type { Post } from './post';

/**
 * Client signals, where the marketplace gives them (`Job.client`). Conservative: a first-time
 * client with verified payment is not risky, and a signal the marketplace does not give (null) is
 * never read as a bad one.
 *
 * - `unverifiedNoSpend`: payment not verified, no hire, and no money spent (Upwork says what a
 *   client spent; Freelancer.com does not, so there it is payment not verified and no completed project);
 * - `manyPostsNoHires`: many jobs posted and nobody ever hired;
 * - `newAccount`: the account was made days before the post (Freelancer.com's `registration_date`;
 *   Upwork's search does not say) and has hired nobody, and something else weak stands beside it:
 *   payment not verified, or one of the post's weak cues (`client.data.ts`: hurry, a messaging app or
 *   a handle, work sold as easy money from home). A new account alone never raises it: every client
 *   was new once.
 */
export const CLIENT_RISK_RULES = {
  /** Jobs posted without a single hire from which a client looks like one who never hires. */
  manyPostsWithoutHire: 10,
  /** An account younger than this, when the job was posted, is new. */
  newAccountDays: 30,
} as const;

const DAY_MS = 86_400_000;

const cuePatterns = Object.fromEntries(
  Object.entries(WEAK_CUES).map(([cue, byLanguage]) => [
    cue,
    lazyPattern(
      Object.values(byLanguage)
        .map((source) => `(?:${source})`)
        .join('|'),
    ),
  ]),
) as Record<WeakCue, () => RegExp>;

/** The weak cues the post holds. */
export function weakCues(post: Post): WeakCue[] {
  return (Object.keys(cuePatterns) as WeakCue[]).filter((cue) => cuePatterns[cue]().test(post.lower));
}

/** How many days old the client's account was when the job was posted (null: not known). */
export function accountAgeDays(client: JobClient, postedAt: string): number | null {
  const created = client.accountCreatedAt ? Date.parse(client.accountCreatedAt) : NaN;
  const posted = Date.parse(postedAt);
  // An account made after its own post is a clock that cannot be read, not a new account.
  if (Number.isNaN(created) || Number.isNaN(posted) || created > posted) return null;
  return (posted - created) / DAY_MS;
}

export function clientFlags(client: JobClient, postedAt?: string, post?: Post): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const spent = client.totalSpentUsd;
  if (client.paymentVerified === false && client.hires === 0 && (spent === null || spent === 0)) {
    flags.push({ code: 'clientRisk', quote: null, signal: 'unverifiedNoSpend' });
  }
  const posted = client.jobsPosted ?? null;
  if (posted !== null && posted >= CLIENT_RISK_RULES.manyPostsWithoutHire && client.hires === 0) {
    flags.push({ code: 'clientRisk', quote: null, signal: 'manyPostsNoHires' });
  }
  const age = postedAt ? accountAgeDays(client, postedAt) : null;
  if (age !== null && age < CLIENT_RISK_RULES.newAccountDays && !(client.hires && client.hires > 0)) {
    const beside = client.paymentVerified === false || (post !== undefined && weakCues(post).length > 0);
    if (beside) flags.push({ code: 'clientRisk', quote: null, signal: 'newAccount' });
  }
  return flags;
}
