import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from './sandbox-credentials';
import { FreelancerAdapter, FreelancerOAuth } from './freelancer/adapter';
import type { HttpOptions } from './http-client';
import type { MarketplaceAdapter, OAuthClient } from './types';
import { UpworkAdapter, UpworkOAuth } from './upwork/adapter';

export { MarketplaceError, type MarketplaceErrorKind } from './errors';
export { fetchWithBackoff, retryAfterMs, type HttpOptions } from './http-client';
export { FreelancerAdapter, FreelancerOAuth } from './freelancer/adapter';
export { UpworkAdapter, UpworkOAuth, UPWORK_MANUAL_SEND, UPWORK_PROPOSAL_PERMISSION, type UpworkSession } from './upwork/adapter';
export type * from './types';
export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET };

export interface Marketplace<A extends MarketplaceAdapter = MarketplaceAdapter> {
  adapter: A;
  oauth: OAuthClient;
  /** Whether this is the embedded sandbox rather than the real service. */
  sandbox: boolean;
}

export interface Marketplaces {
  freelancer: Marketplace<FreelancerAdapter>;
  upwork: Marketplace<UpworkAdapter>;
}

/**
 * Both marketplaces' adapters and OAuth clients. A marketplace without configuration speaks to the
 * embedded sandbox at `${sandboxBase()}/sandbox/...` (a function: the port may be known only once
 * the server listens) with the sandbox's own client id and secret.
 */
export function createMarketplaces(
  config: Pick<Config, 'freelancer' | 'upwork' | 'upworkProposalsApi'>,
  sandboxBase: () => string,
  options: { clock?: Clock; http?: HttpOptions } = {},
): Marketplaces {
  const base = () => sandboxBase().replace(/\/+$/, '');
  const clock = options.clock ? () => options.clock!.now() : undefined;
  const http: HttpOptions = { ...(clock ? { now: () => clock().getTime() } : {}), ...options.http };
  const f = config.freelancer;
  const u = config.upwork;
  const fl = f?.apiUrl && f.clientId && f.clientSecret ? { apiUrl: f.apiUrl, oauthUrl: f.oauthUrl, clientId: f.clientId, clientSecret: f.clientSecret } : undefined;
  const up =
    u?.graphqlUrl && u.clientId && u.clientSecret
      ? { graphqlUrl: u.graphqlUrl, authorizeUrl: u.authorizeUrl, tokenUrl: u.tokenUrl, clientId: u.clientId, clientSecret: u.clientSecret }
      : undefined;
  return {
    freelancer: {
      sandbox: !fl,
      adapter: new FreelancerAdapter({
        apiUrl: fl ? fl.apiUrl : () => `${base()}/sandbox/freelancer/api`,
        siteUrl: fl ? 'https://www.freelancer.com' : () => `${base()}/sandbox/freelancer`,
        http,
      }),
      oauth: new FreelancerOAuth({
        oauthUrl: fl ? fl.oauthUrl : () => `${base()}/sandbox/freelancer`,
        clientId: fl ? fl.clientId : SANDBOX_CLIENT_ID,
        clientSecret: fl ? fl.clientSecret : SANDBOX_CLIENT_SECRET,
        http,
        clock,
      }),
    },
    upwork: {
      sandbox: !up,
      adapter: new UpworkAdapter({
        graphqlUrl: up ? up.graphqlUrl : () => `${base()}/sandbox/upwork/graphql`,
        siteUrl: up ? 'https://www.upwork.com' : () => `${base()}/sandbox/upwork`,
        proposalsApi: config.upworkProposalsApi,
        http,
        clock,
      }),
      oauth: new UpworkOAuth({
        authorizeUrl: up ? up.authorizeUrl : () => `${base()}/sandbox/upwork/ab/account-security/oauth2/authorize`,
        tokenUrl: up ? up.tokenUrl : () => `${base()}/sandbox/upwork/api/v3/oauth2/token`,
        clientId: up ? up.clientId : SANDBOX_CLIENT_ID,
        clientSecret: up ? up.clientSecret : SANDBOX_CLIENT_SECRET,
        http,
        clock,
      }),
    },
  };
}
