import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Clock } from '../../../kernel/clock';
import type { Store } from '../../../store/store';
import type { ClientOptions } from './clients';
import { freelancerSandbox } from '../freelancer/sandbox/routes';
import { upworkSandbox } from '../upwork/sandbox/routes';

export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, UPWORK_PROPOSAL_SCOPE } from './accounts';
export { FREELANCER_USER_ID_BASE } from '../freelancer/sandbox/routes';

export interface SandboxMarketplaceDeps {
  /** The sandbox store (store/sandbox-store.ts): the simulated marketplaces' records live there, never in the product's database. */
  store: Store;
  clock: Clock;
  /** Requests per minute per token (per address without one) before a 429. */
  rateLimitPerMinute: number;
  /** How the simulated clients answer proposals (seed and pace); by default people's pace. */
  clients?: ClientOptions;
}

/**
 * The simulated marketplaces, to mount at `/sandbox`: `/freelancer/api/...`, `/freelancer/oauth/...`,
 * `/upwork/graphql`, `/upwork/ab/account-security/oauth2/authorize`, `/upwork/api/v3/oauth2/token`,
 * and the job pages the sandbox's links open.
 */
export function sandboxMarketplaceRoutes(deps: SandboxMarketplaceDeps) {
  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => c.json({ error: 'payload_too_large', error_description: 'The request body is too large' }, 413),
    }),
  );
  app.route('/freelancer', freelancerSandbox(deps));
  app.route('/upwork', upworkSandbox(deps));
  return app;
}
