import { MARKETPLACES } from '@shared/marketplaces';
import type { MarketplaceDefinition } from '../definition';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../sandbox-credentials';
import { FreelancerAdapter, FreelancerOAuth } from './adapter';

/** Freelancer.com: REST API v0.1 and its OAuth; without FREELANCER_* settings, the sandbox twin. */
export const freelancer: MarketplaceDefinition<'freelancer', FreelancerAdapter> = {
  platform: 'freelancer',
  create({ config, sandbox, http, clock }) {
    const f = config.freelancer;
    const real =
      f?.apiUrl && f.clientId && f.clientSecret
        ? { apiUrl: f.apiUrl, oauthUrl: f.oauthUrl, clientId: f.clientId, clientSecret: f.clientSecret }
        : undefined;
    return {
      sandbox: !real,
      adapter: new FreelancerAdapter({
        apiUrl: real ? real.apiUrl : () => `${sandbox()}/sandbox/freelancer/api`,
        siteUrl: real ? MARKETPLACES.freelancer.siteUrl : () => `${sandbox()}/sandbox/freelancer`,
        http,
      }),
      oauth: new FreelancerOAuth({
        oauthUrl: real ? real.oauthUrl : () => `${sandbox()}/sandbox/freelancer`,
        clientId: real ? real.clientId : SANDBOX_CLIENT_ID,
        clientSecret: real ? real.clientSecret : SANDBOX_CLIENT_SECRET,
        http,
        clock,
      }),
    };
  },
};
