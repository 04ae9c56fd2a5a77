import { CryptoBox } from '../../kernel/crypto-box';
import { sandboxStoreOf, type Auth, type ModuleContext, type ModuleParts } from '../context';
import { createOfflineGeo, type GeoLookup } from './offline-geo';
import { PaystackWebhooks } from './payment-webhooks';
import { BillingService } from './payments';
import { PaystackClient } from './paystack/client';
import { sandboxPaystackKey, sandboxPaystackRoutes } from './paystack/sandbox';
import { planLimitsRoutes } from './plan-limits-routes';
import { publicRoutes } from './public-routes';
import { billingRoutes } from './routes';
import { settleDueSubscriptions } from './subscriptions';
import type { MailModule } from '../mail/module';

export interface BillingOptions {
  auth: Auth;
  /** The offline country table (tests may pass a fixed one). */
  geo?: GeoLookup;
  /** A Paystack client to use instead of the configured one (tests). */
  paystack?: PaystackClient;
  /** Receipts and confirmations go through its outbox. */
  mail?: MailModule;
}

/**
 * Billing: plans and prices, the subscription and its limits, checkout, renewals, refunds and
 * referrals through Paystack (the real API with PAYSTACK_SECRET_KEY, otherwise the embedded sandbox
 * with a key derived from the server's secrets, reached in-process whatever PUBLIC_URL is).
 */
export function billingModule(ctx: ModuleContext, options: BillingOptions) {
  const { config, store, clock, log, secrets } = ctx;
  const real = config.paystack;
  const secretKey = real?.secretKey ?? sandboxPaystackKey(secrets.sessionPepper);
  const paystack =
    options.paystack ??
    new PaystackClient({
      secretKey,
      baseUrl: real?.baseUrl ?? `${config.publicUrl}/sandbox/paystack`,
      ...(real ? {} : { fetch: ctx.loopback }),
    });
  // The country (naira or dollars) for checkout and the public /geo answer alike.
  const geo = options.geo ?? createOfflineGeo();
  const billing = new BillingService({
    store,
    clock,
    paystack,
    box: new CryptoBox(secrets.encryptionKey, secrets.previousEncryptionKeys),
    log,
    publicUrl: config.publicUrl,
    geo,
    operatorEmail: config.supportEmail,
    t: ctx.t,
    dispatchSoon: options.mail?.dispatchSoon,
  });
  const webhooks = new PaystackWebhooks(billing, secretKey);
  return {
    billing,
    webhooks,
    secretKey,
    routes: [
      planLimitsRoutes({ store, clock, requireAuth: options.auth }),
      publicRoutes({ geo }),
      billingRoutes({ billing, webhooks, requireAuth: options.auth }),
    ],
    sandbox: real
      ? []
      : [
          sandboxPaystackRoutes({
            store: sandboxStoreOf(ctx),
            clock,
            secretKey,
            webhookUrl: `${config.publicUrl}/api/payments/webhook`,
            publicUrl: config.publicUrl,
            log,
            fetch: ctx.loopback,
          }),
        ],
    // Paystack work a crashed process left claimed is carried on (refunds included, whoever paid them),
    // checkouts whose webhook never came are verified, and deadlines that passed are recorded (reads
    // project them, never write: plan-limits.ts).
    chores: [
      () => billing.resumeClaims(),
      () => billing.finishRefunds(),
      () => billing.verifyPendingPayments(),
      () => settleDueSubscriptions(store, clock.now()),
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type BillingModule = ReturnType<typeof billingModule>;
