import { MARKETPLACES } from '@shared/marketplaces';
import type { MarketplaceDefinition } from '../definition';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../sandbox-credentials';
import { UpworkAdapter, UpworkOAuth } from './adapter';

/** Upwork: GraphQL API and its OAuth; without UPWORK_* settings, the sandbox twin. */
export const upwork: MarketplaceDefinition<'upwork', UpworkAdapter> = {
  platform: 'upwork',
  create({ config, sandbox, http, clock }) {
    const u = config.upwork;
    const real =
      u?.graphqlUrl && u.clientId && u.clientSecret
        ? {
            graphqlUrl: u.graphqlUrl,
            authorizeUrl: u.authorizeUrl,
            tokenUrl: u.tokenUrl,
            clientId: u.clientId,
            clientSecret: u.clientSecret,
          }
        : undefined;
    return {
      sandbox: !real,
      adapter: new UpworkAdapter({
        graphqlUrl: real ? real.graphqlUrl : () => `${sandbox()}/sandbox/upwork/graphql`,
        siteUrl: real ? MARKETPLACES.upwork.siteUrl : () => `${sandbox()}/sandbox/upwork`,
        proposalsApi: config.upworkProposalsApi,
        http,
        clock,
      }),
      oauth: new UpworkOAuth({
        authorizeUrl: real ? real.authorizeUrl : () => `${sandbox()}/sandbox/upwork/ab/account-security/oauth2/authorize`,
        tokenUrl: real ? real.tokenUrl : () => `${sandbox()}/sandbox/upwork/api/v3/oauth2/token`,
        clientId: real ? real.clientId : SANDBOX_CLIENT_ID,
        clientSecret: real ? real.clientSecret : SANDBOX_CLIENT_SECRET,
        http,
        clock,
      }),
    };
  },
};
