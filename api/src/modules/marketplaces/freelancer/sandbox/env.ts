import type { TokenOwner } from '../../sandbox/accounts';

/** The Freelancer.com sandbox's Hono environment: the token's owner, set by its auth middleware. */
export type FreelancerSandboxEnv = {
  Variables: { owner: TokenOwner | null };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
};
