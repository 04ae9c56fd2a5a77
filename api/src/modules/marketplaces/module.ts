import { CryptoBox } from '../../kernel/crypto-box';
import { browserBinding } from '../../kernel/http/browser-binding';
import { servedOverHttps } from '../../kernel/http/https';
import type { AgentService } from '../agents/agents';
import { sandboxStoreOf, type Auth, type ModuleContext, type ModuleParts } from '../context';
import type { MatchLearning } from '../proposals/match-learning';
import { IntegrationService, OAUTH_STATE_TTL_SECONDS } from './connections';
import { createMarketplaces } from './registry';
import { integrationRoutes } from './routes';
import { sandboxMarketplaceRoutes } from './sandbox';
import { SearchService } from './search';
import { callsShown } from './call-budget';
import type { Marketplaces, Platform } from './types';

export interface MarketplacesOptions {
  auth: Auth;
  /** The session check that lets a request without a session through (the marketplaces' way back). */
  optionalAuth: Auth;
  agents: AgentService;
  learning: MatchLearning;
  /** The marketplaces to use (tests); by default the real services configured, else the sandbox. */
  marketplaces?: Marketplaces;
}

/**
 * The marketplaces: each one's adapter and OAuth client (the real service when configured, else its
 * sandbox twin, mounted here), the user's connections, and search.
 */
export function marketplacesModule(ctx: ModuleContext, options: MarketplacesOptions) {
  const { config, store, clock, log, secrets } = ctx;
  const marketplaces = options.marketplaces ?? createMarketplaces(config, ctx.sandboxBase, { clock });
  const integrations = new IntegrationService({
    store,
    clock,
    box: new CryptoBox(secrets.encryptionKey, secrets.previousEncryptionKeys),
    marketplaces,
    agents: options.agents,
    pepper: secrets.sessionPepper,
    publicUrl: config.publicUrl,
    log,
  });
  const session = (userId: string, platform: Platform) => integrations.session(userId, platform);
  const search = new SearchService({ store, clock, marketplaces, learning: options.learning, session });
  const anySandbox = !config.freelancer || !config.upwork;
  return {
    marketplaces,
    /** A user's session with a marketplace, for an adapter call (null when not connected). */
    session,
    routes: [
      integrationRoutes({
        integrations,
        search,
        requireAuth: options.auth,
        optionalAuth: options.optionalAuth,
        calls: (userId, platform) => callsShown(store, userId, platform, clock.now(), { upwork: config.runner.upworkCallsPerUserHour }),
        binding: browserBinding({
          name: 'bidpilot_oauth',
          path: '/api/oauth/',
          // The marketplace sends the browser back with a top-level navigation from its own site.
          sameSite: 'Lax',
          maxAgeSeconds: OAUTH_STATE_TTL_SECONDS,
          pepper: secrets.sessionPepper,
          secure: (c) => servedOverHttps(c, config),
        }),
      }),
    ],
    sandbox: anySandbox
      ? [
          sandboxMarketplaceRoutes({
            store: sandboxStoreOf(ctx),
            clock,
            rateLimitPerMinute: config.sandboxMarketRateLimit,
            clients: config.sandboxClients,
          }),
        ]
      : [],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type MarketplacesModule = ReturnType<typeof marketplacesModule>;
