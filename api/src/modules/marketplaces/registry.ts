import type { Clock } from '../../kernel/clock';
import { PLATFORMS } from '@shared/marketplaces';
import type { MarketplaceDefinition, MarketplaceSetup } from './definition';
import { freelancer } from './freelancer';
import type { HttpOptions } from './http-client';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from './sandbox-credentials';
import type { Platform } from './types';
import { upwork } from './upwork';

export { MarketplaceError, type MarketplaceErrorKind } from './errors';
export { fetchWithBackoff, retryAfterMs, type HttpOptions } from './http-client';
export { FreelancerAdapter, FreelancerOAuth } from './freelancer/adapter';
export { UpworkAdapter, UpworkOAuth, UPWORK_MANUAL_SEND, UPWORK_PROPOSAL_PERMISSION, type UpworkSession } from './upwork/adapter';
export type * from './types';
export type { Marketplace, MarketplaceDefinition } from './definition';
export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET };

/** Every marketplace, each registered once: a new one is a folder and a line here (docs/architecture.md). */
const REGISTRY = { upwork, freelancer } satisfies { [P in Platform]: MarketplaceDefinition<P> };

type Registry = typeof REGISTRY;

/** Every marketplace built: each one's adapter (with its own type) and OAuth client. */
export type ConfiguredMarketplaces = { [P in Platform]: ReturnType<Registry[P]['create']> };

/**
 * Every marketplace's adapter and OAuth client. A marketplace without configuration speaks to the
 * embedded sandbox at `${sandboxBase()}/sandbox/...` (a function: the port may be known only once
 * the server listens) with the sandbox's own client id and secret.
 */
export function createMarketplaces(
  config: MarketplaceSetup['config'],
  sandboxBase: () => string,
  options: { clock?: Clock; http?: HttpOptions } = {},
): ConfiguredMarketplaces {
  const clock = options.clock ? () => options.clock!.now() : undefined;
  const setup: MarketplaceSetup = {
    config,
    sandbox: () => sandboxBase().replace(/\/+$/, ''),
    http: { ...(clock ? { now: () => clock().getTime() } : {}), ...options.http },
    clock,
  };
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, REGISTRY[platform].create(setup)])) as ConfiguredMarketplaces;
}
