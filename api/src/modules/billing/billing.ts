import type { MiddlewareHandler } from 'hono';
import type { GeoLookup } from './offline-geo';
import { PaystackClient } from './paystack/client';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Store } from '../../store/store';
import type { AppEnv } from '../../kernel/http/context';
import type { Logger } from '../../kernel/logger';
import { billingRoutes } from './routes';
import { sandboxPaystackKey, sandboxPaystackRoutes } from './paystack/sandbox';
import type { Secrets } from '../../kernel/secrets';
import { CryptoBox } from '../../kernel/crypto-box';
import { PaystackWebhooks } from './payment-webhooks';
import { BillingService } from './payments';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface BillingWiring {
  config: Config;
  store: Store;
  clock: Clock;
  log: Logger;
  secrets: Secrets;
  requireAuth: MiddlewareHandler<AppEnv>;
  geo?: GeoLookup;
  /** A Paystack client to use instead of the configured one (tests). */
  paystack?: PaystackClient;
  /**
   * How the sandbox is reached in sandbox mode (the adapter's calls and the sandbox's webhooks):
   * in-process through the app itself, so it works whatever PUBLIC_URL is.
   */
  selfFetch?: FetchLike;
}

/**
 * Everything billing needs, built once: the Paystack client (the real API with PAYSTACK_SECRET_KEY,
 * otherwise the embedded sandbox with a key derived from the server's secrets), the billing service,
 * the webhook handler, the /api routes and, in sandbox mode, the /sandbox/paystack routes.
 */
export function createBilling(wiring: BillingWiring) {
  const { config, store, clock, log, secrets } = wiring;
  const real = config.paystack;
  const secretKey = real?.secretKey ?? sandboxPaystackKey(secrets.sessionPepper);
  const paystack =
    wiring.paystack ??
    new PaystackClient({
      secretKey,
      baseUrl: real?.baseUrl ?? `${config.publicUrl}/sandbox/paystack`,
      ...(real || !wiring.selfFetch ? {} : { fetch: wiring.selfFetch }),
    });
  const billing = new BillingService({
    store,
    clock,
    paystack,
    box: new CryptoBox(secrets.encryptionKey),
    log,
    publicUrl: config.publicUrl,
    ...(wiring.geo ? { geo: wiring.geo } : {}),
  });
  const webhooks = new PaystackWebhooks(billing, secretKey);
  return {
    billing,
    webhooks,
    secretKey,
    routes: billingRoutes({ billing, webhooks, requireAuth: wiring.requireAuth }),
    sandboxRoutes: real
      ? undefined
      : sandboxPaystackRoutes({
          store,
          clock,
          secretKey,
          webhookUrl: `${config.publicUrl}/api/payments/webhook`,
          publicUrl: config.publicUrl,
          log,
          ...(wiring.selfFetch ? { fetch: wiring.selfFetch } : {}),
        }),
  };
}
