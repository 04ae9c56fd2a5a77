import type { JobClient, RiskFlag } from '../../schemas/job';

/**
 * Client signals, where the marketplace gives them (`Job.client`). Conservative: a first-time
 * client with verified payment is not risky, and a signal the marketplace does not give (null) is
 * never read as a bad one.
 *
 * - `unverifiedNoSpend`: payment not verified, no hire, and no money spent (Upwork says what a
 *   client spent; Freelancer.com does not, so there it is payment not verified and no completed project);
 * - `manyPostsNoHires`: many jobs posted and nobody ever hired;
 * - `newAccount`: neither marketplace's answer, as the adapters read it, carries when the client's
 *   account was made, so this signal is never raised (listed in `CLIENT_RISK_SIGNALS` for when it is).
 */
export const CLIENT_RISK_RULES = {
  /** Jobs posted without a single hire from which a client looks like one who never hires. */
  manyPostsWithoutHire: 10,
} as const;

export function clientFlags(client: JobClient): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const spent = client.totalSpentUsd;
  if (client.paymentVerified === false && client.hires === 0 && (spent === null || spent === 0)) {
    flags.push({ code: 'clientRisk', quote: null, signal: 'unverifiedNoSpend' });
  }
  const posted = client.jobsPosted ?? null;
  if (posted !== null && posted >= CLIENT_RISK_RULES.manyPostsWithoutHire && client.hires === 0) {
    flags.push({ code: 'clientRisk', quote: null, signal: 'manyPostsNoHires' });
  }
  return flags;
}
