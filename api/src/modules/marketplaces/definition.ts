import type { Config } from '../../kernel/config';
import type { HttpOptions } from './http-client';
import type { MarketplaceAdapter, OAuthClient, Platform } from './types';

/** A marketplace as the product uses it: its adapter and OAuth client, the real service's or its sandbox twin's. */
export interface Marketplace<A extends MarketplaceAdapter = MarketplaceAdapter> {
  adapter: A;
  oauth: OAuthClient;
  /** Whether this is the embedded sandbox rather than the real service. */
  sandbox: boolean;
}

/** What a marketplace's folder gives the registry to build it from the settings. */
export interface MarketplaceSetup {
  config: Pick<Config, 'freelancer' | 'upwork' | 'upworkProposalsApi'>;
  /** This server's sandbox, for a marketplace without real credentials (`${sandbox()}/sandbox/...`). */
  sandbox: () => string;
  http: HttpOptions;
  clock: (() => Date) | undefined;
}

/** One marketplace's folder, registered once in `registry.ts`. */
export interface MarketplaceDefinition<P extends Platform = Platform, A extends MarketplaceAdapter = MarketplaceAdapter> {
  platform: P;
  create(setup: MarketplaceSetup): Marketplace<A>;
}
