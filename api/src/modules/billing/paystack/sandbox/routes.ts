import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Clock } from '../../../../kernel/clock';
import type { Store } from '../../../../store/store';
import { createRouter } from '../../../../kernel/http/router';
import type { AppEnv } from '../../../../kernel/http/context';
import type { Logger } from '../../../../kernel/logger';
import { signPaystackBody } from '../signature';
import { keyedHash } from '../../../../kernel/tokens';
import { checkoutPage, messagePage } from './page';
import { SandboxPaystackStore, type Json } from './store';

export interface SandboxPaystackDeps {
  /** The sandbox store (store/sandbox-store.ts): the records live there, never in the product's database. */
  store: Store;
  clock: Clock;
  /** The key the sandbox accepts as Bearer and signs webhooks with (see `sandboxPaystackKey`). */
  secretKey: string;
  /** Where webhooks go: the product's `${publicUrl}/api/payments/webhook`. */
  webhookUrl: string;
  /** The origin browsers reach this server at (authorization URLs point here). */
  publicUrl: string;
  /** How webhooks are delivered (in-process `app.request` or the global fetch). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  log?: Logger;
}

/** The sandbox's secret key, derived from the server's own secrets so nobody else can sign its webhooks. */
export function sandboxPaystackKey(sessionPepper: string): string {
  return `sk_test_sandbox_${keyedHash(sessionPepper, 'paystack-sandbox')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 32)}`;
}

const CURRENCIES = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const DAY = 24 * 60 * 60 * 1000;

const rand = (n = 15) => crypto.randomBytes(16).toString('hex').slice(0, n);
const customerCodeOf = (email: string) => `CUS_${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 15)}`;
const customerOf = (email: string) => ({
  id: Number.parseInt(crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 8), 16),
  email,
  customer_code: customerCodeOf(email),
  first_name: null,
  last_name: null,
});
const fail = (c: Context<AppEnv>, status: 400 | 401 | 404 | 409, message: string, extra: Json = {}) =>
  c.json({ status: false, message, ...extra }, status);
const ok = (c: Context<AppEnv>, message: string, data?: unknown) =>
  c.json({ status: true, message, ...(data === undefined ? {} : { data }) }, 200);

/**
 * A wire-compatible Paystack (reference/external-apis.md section 3) under `/sandbox/paystack`:
 * transactions, plans, subscriptions, a checkout page that pays or fails (card or bank) and sends
 * signed webhooks, and sandbox-only controls to renew or fail a subscription's renewal.
 */
export function sandboxPaystackRoutes(deps: SandboxPaystackDeps) {
  const { clock } = deps;
  const store = new SandboxPaystackStore(deps.store, () => clock.now());
  const send = deps.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const iso = () => clock.now().toISOString();

  const requireKey = (c: Context<AppEnv>) => {
    const given =
      c.req
        .header('authorization')
        ?.match(/^Bearer\s+(.+)$/i)?.[1]
        ?.trim() ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(deps.secretKey);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  };

  const readJson = async (c: Context<AppEnv>): Promise<Json> => {
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return (await c.req.parseBody()) as Json;
    }
    try {
      const body = (await c.req.json()) as unknown;
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {};
    } catch {
      return {};
    }
  };

  /** Signs and POSTs one event to the product; kept so it can be listed and sent again (a replay). */
  async function deliver(event: string, data: Json): Promise<number | null> {
    const body = JSON.stringify({ event, data });
    const id = `EVT_${Date.now().toString(36)}${rand(6)}`;
    await store.insert('event', id, { id, event, body, createdAt: iso(), deliveries: [] });
    return redeliver(id);
  }

  async function redeliver(id: string): Promise<number | null> {
    const record = await store.get('event', id);
    if (!record) return null;
    const body = String(record.body);
    let status: number | null = null;
    try {
      const res = await send(deps.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(deps.secretKey, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
    } catch (error) {
      deps.log?.warn('sandbox paystack: webhook delivery failed', { event: record.event, error });
    }
    // Appended to the record as it is now: another delivery of the event may have been recorded meanwhile.
    const delivery = { at: iso(), status };
    await store.modify('event', id, (current) => ({
      data: current ? { ...current, deliveries: [...(Array.isArray(current.deliveries) ? current.deliveries : []), delivery] } : undefined,
      result: undefined,
    }));
    return status;
  }

  const planObject = (plan: Json) => ({
    id: plan.id,
    name: plan.name,
    plan_code: plan.plan_code,
    amount: plan.amount,
    interval: plan.interval,
    currency: plan.currency,
  });

  const findAuthorizations = async (customerCode: string) =>
    (await store.all('transaction'))
      .filter((t) => t.status === 'success' && (t.customer as Json | undefined)?.customer_code === customerCode)
      .map((t) => t.authorization as Json)
      .filter((a) => a && a.reusable === true);

  const router = createRouter();

  // Everything but the checkout page and the sandbox controls needs the secret key, as on Paystack.
  const api = [
    '/paystack/transaction/*',
    '/paystack/plan',
    '/paystack/plan/*',
    '/paystack/subscription',
    '/paystack/subscription/*',
    '/paystack/refund',
    '/paystack/refund/*',
  ];
  for (const path of api) {
    router.use(path, async (c, next) => {
      if (!requireKey(c)) return fail(c, 401, 'Invalid key');
      await next();
    });
  }

  router.post('/paystack/transaction/initialize', async (c) => {
    const body = await readJson(c);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email || !email.includes('@'))
      return fail(c, 400, 'Invalid Email Address Passed', { type: 'validation_error', code: 'invalid_params' });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return fail(c, 400, 'Invalid Amount Sent', { type: 'validation_error', code: 'invalid_params' });
    const currency = String(body.currency ?? 'NGN').toUpperCase();
    if (!CURRENCIES.has(currency))
      return fail(c, 400, 'Currency not supported by merchant', { type: 'validation_error', code: 'unsupported_currency' });
    const reference = body.reference === undefined ? `T${rand(12)}` : String(body.reference);
    if (!REFERENCE.test(reference))
      return fail(c, 400, 'Invalid transaction reference', { type: 'validation_error', code: 'invalid_params' });
    const accessCode = rand(15);
    const transaction: Json = {
      id: Math.floor(Math.random() * 2 ** 31),
      domain: 'test',
      status: 'abandoned',
      reference,
      amount,
      requested_amount: amount,
      currency,
      gateway_response: 'The transaction was not completed',
      channel: null,
      paid_at: null,
      created_at: iso(),
      metadata: body.metadata ?? '',
      fees: null,
      authorization: {},
      customer: customerOf(email),
      plan: null,
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
      channels: Array.isArray(body.channels) ? body.channels.map(String) : [],
      access_code: accessCode,
    };
    if (!(await store.insert('transaction', reference, transaction, accessCode))) {
      return fail(c, 400, 'Duplicate Transaction Reference', { type: 'validation_error', code: 'duplicate_reference' });
    }
    const base = deps.publicUrl.replace(/\/+$/, '');
    return ok(c, 'Authorization URL created', {
      authorization_url: `${base}/sandbox/paystack/checkout/${accessCode}`,
      access_code: accessCode,
      reference,
    });
  });

  router.get('/paystack/transaction/verify/:reference', async (c) => {
    const transaction = await store.get('transaction', c.req.param('reference'));
    if (!transaction) return fail(c, 400, 'Transaction reference not found', { type: 'validation_error', code: 'transaction_not_found' });
    const { callback_url: _cb, channels: _ch, access_code: _ac, ...data } = transaction;
    return ok(c, 'Verification successful', data);
  });

  /** A refund as Paystack lists and fetches it: `transaction` is the refunded transaction's id. */
  const refundObject = (refund: Json) => {
    const transaction = refund.transaction as Json;
    return {
      id: refund.id,
      integration: 100001,
      domain: 'test',
      transaction: transaction.id,
      dispute: null,
      settlement: null,
      amount: refund.amount,
      deducted_amount: refund.amount,
      fully_deducted: true,
      currency: refund.currency,
      channel: 'card',
      status: refund.status,
      refunded_by: 'sandbox@paystack.test',
      refunded_at: refund.status === 'processed' ? refund.refunded_at : null,
      expected_at: refund.createdAt,
      customer_note: `Refund for transaction ${String(transaction.reference)}`,
      merchant_note: `Refund for transaction ${String(transaction.reference)}`,
      createdAt: refund.createdAt,
    };
  };

  /** A refund event's `data` in Paystack's documented shape (amount as a string). */
  const refundEventData = async (refund: Json) => {
    const transaction = await store.get('transaction', String((refund.transaction as Json).reference));
    return {
      status: refund.status,
      transaction_reference: (refund.transaction as Json).reference,
      refund_reference: refund.status === 'processed' ? `RRN${String(refund.id)}` : null,
      amount: String(refund.amount),
      currency: refund.currency,
      processor: 'sandbox',
      customer: { first_name: null, last_name: null, email: (transaction?.customer as Json | undefined)?.email ?? null },
      integration: 100001,
      domain: 'test',
      id: String(refund.id),
    };
  };

  // A full refund of a successful transaction: it is reversed, and refund.processed is sent.
  router.post('/paystack/refund', async (c) => {
    const body = await readJson(c);
    const key = String(body.transaction ?? '');
    const found = (await store.get('transaction', key)) ?? (await store.all('transaction')).find((t) => String(t.id) === key);
    if (!found) return fail(c, 404, 'Transaction not found', { type: 'validation_error' });
    // Checked and reversed in one transaction: two refunds asked at once, as on Paystack, one is refused.
    const refusal = await store.modify('transaction', String(found.reference), (transaction) => {
      if (transaction?.status === 'reversed') return { result: 'Transaction has been fully reversed' };
      if (transaction?.status !== 'success') return { result: 'Cannot refund a transaction that was not successful' };
      return { data: { ...transaction, status: 'reversed' }, result: null };
    });
    if (refusal) return fail(c, 400, refusal, { type: 'validation_error' });
    const transaction = found;
    const refund: Json = {
      id: Math.floor(Math.random() * 2 ** 31),
      transaction: { id: transaction.id, reference: transaction.reference },
      amount: transaction.amount,
      currency: transaction.currency,
      status: 'processed',
      refunded_at: iso(),
      createdAt: iso(),
    };
    await store.insert('refund', String(refund.id), refund);
    await deliver('refund.processed', await refundEventData(refund));
    return ok(c, 'Refund has been queued for processing', refund);
  });

  // As on Paystack: `transaction` filters by the transaction's id (its reference is accepted too).
  router.get('/paystack/refund', async (c) => {
    const wanted = c.req.query('transaction');
    const list = (await store.all('refund'))
      .filter((refund) => {
        const transaction = refund.transaction as Json;
        return wanted === undefined || String(transaction.id) === wanted || String(transaction.reference) === wanted;
      })
      .reverse()
      .map(refundObject);
    return ok(c, 'Refunds retrieved', list);
  });

  router.get('/paystack/refund/:id', async (c) => {
    const refund = await store.get('refund', c.req.param('id'));
    return refund ? ok(c, 'Refund retrieved', refundObject(refund)) : fail(c, 404, 'Refund not found');
  });

  router.post('/paystack/plan', async (c) => {
    const body = await readJson(c);
    const amount = Number(body.amount);
    const interval = String(body.interval ?? '');
    if (!body.name || !Number.isInteger(amount) || amount <= 0)
      return fail(c, 400, 'Plan name and amount are required', { type: 'validation_error' });
    if (!['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'biannually', 'annually'].includes(interval)) {
      return fail(c, 400, 'Invalid interval', { type: 'validation_error' });
    }
    const plan: Json = {
      id: Math.floor(Math.random() * 2 ** 31),
      name: String(body.name),
      amount,
      interval,
      currency: String(body.currency ?? 'NGN').toUpperCase(),
      description: body.description ?? null,
      plan_code: `PLN_${rand(15)}`,
      send_invoices: body.send_invoices !== false,
      send_sms: body.send_sms !== false,
      createdAt: iso(),
    };
    await store.insert('plan', String(plan.plan_code), plan);
    return c.json({ status: true, message: 'Plan created', data: plan }, 201);
  });

  router.get('/paystack/plan', async (c) => ok(c, 'Plans retrieved', await store.all('plan')));
  router.get('/paystack/plan/:code', async (c) => {
    const plan = await store.get('plan', c.req.param('code'));
    return plan ? ok(c, 'Plan retrieved', plan) : fail(c, 404, 'Plan not found');
  });

  router.post('/paystack/subscription', async (c) => {
    const body = await readJson(c);
    const plan = await store.get('plan', String(body.plan ?? ''));
    if (!plan) return fail(c, 400, 'Plan not found', { type: 'validation_error' });
    const customerRef = String(body.customer ?? '');
    const customerCode = customerRef.includes('@') ? customerCodeOf(customerRef) : customerRef;
    const authorizations = await findAuthorizations(customerCode);
    if (authorizations.length === 0)
      return fail(c, 400, 'Customer not found or has no reusable authorization', { type: 'validation_error' });
    const authorization = body.authorization
      ? authorizations.find((a) => a.authorization_code === body.authorization)
      : authorizations[authorizations.length - 1];
    if (!authorization) return fail(c, 400, 'Authorization does not belong to this customer', { type: 'validation_error' });
    const email = (await store.all('transaction')).find((t) => (t.customer as Json).customer_code === customerCode)?.customer as Json;
    const start =
      typeof body.start_date === 'string' && !Number.isNaN(Date.parse(body.start_date))
        ? new Date(body.start_date)
        : new Date(clock.now().getTime() + 30 * DAY);
    const subscription: Json = {
      id: Math.floor(Math.random() * 2 ** 31),
      subscription_code: `SUB_${rand(15)}`,
      email_token: rand(15),
      status: 'active',
      amount: plan.amount,
      cron_expression: `${start.getUTCMinutes()} ${start.getUTCHours()} ${start.getUTCDate()} * *`,
      next_payment_date: start.toISOString(),
      plan: planObject(plan),
      customer: email,
      authorization,
      createdAt: iso(),
    };
    await store.insert('subscription', String(subscription.subscription_code), subscription, String(subscription.email_token));
    await deliver('subscription.create', subscription);
    return ok(c, 'Subscription successfully created', subscription);
  });

  // As on Paystack: `customer` and `plan` filter by id (the codes are accepted too).
  router.get('/paystack/subscription', async (c) => {
    const customer = c.req.query('customer');
    const plan = c.req.query('plan');
    const matches = (value: unknown, wanted: string | undefined, ...keys: string[]) =>
      wanted === undefined || keys.some((key) => String((value as Json | undefined)?.[key] ?? '') === wanted);
    const list = (await store.all('subscription')).filter(
      (sub) => matches(sub.customer, customer, 'id', 'customer_code') && matches(sub.plan, plan, 'id', 'plan_code'),
    );
    return ok(c, 'Subscriptions retrieved', list);
  });

  router.get('/paystack/subscription/:code', async (c) => {
    const subscription = await store.get('subscription', c.req.param('code'));
    return subscription ? ok(c, 'Subscription retrieved successfully', subscription) : fail(c, 404, 'Subscription not found');
  });

  const toggle = (enable: boolean) => async (c: Context<AppEnv>) => {
    const body = await readJson(c);
    // Checked and switched in one transaction: of two asking at once, the second finds it switched.
    const updated = await store.modify('subscription', String(body.code ?? ''), (subscription) => {
      const live = enable ? subscription?.status !== 'active' : subscription?.status === 'active' || subscription?.status === 'attention';
      if (!subscription || subscription.email_token !== body.token || !live) return { result: null };
      const data = { ...subscription, status: enable ? 'active' : 'complete' };
      return { data, result: data };
    });
    if (!updated) {
      return fail(
        c,
        400,
        enable ? 'Subscription with code not found or already active' : 'Subscription with code not found or already inactive',
        {
          type: 'validation_error',
        },
      );
    }
    await deliver(enable ? 'subscription.enable' : 'subscription.disable', updated);
    return ok(c, enable ? 'Subscription enabled successfully' : 'Subscription disabled successfully');
  };
  router.post('/paystack/subscription/disable', toggle(false));
  router.post('/paystack/subscription/enable', toggle(true));

  /* The payer's side: the checkout page. */

  router.get('/paystack/checkout/:accessCode', async (c) => {
    const transaction = await store.byAlias('transaction', c.req.param('accessCode'));
    if (!transaction) return c.html(messagePage('Payment not found', 'This checkout link is not valid.'), 404);
    if (transaction.status !== 'abandoned') {
      const back = returnUrl(transaction);
      return c.html(
        messagePage(
          'Payment already completed',
          `This payment ended: ${String(transaction.status)}.`,
          back ? { href: back, label: 'Return to the merchant' } : undefined,
        ),
        409,
      );
    }
    const customer = transaction.customer as Json;
    return c.html(
      checkoutPage({
        accessCode: String(transaction.access_code),
        email: String(customer.email),
        amount: Number(transaction.amount),
        currency: String(transaction.currency),
        reference: String(transaction.reference),
        channels: (transaction.channels as string[]) ?? [],
      }),
    );
  });

  router.post('/paystack/checkout/:accessCode', async (c) => {
    const found = await store.byAlias('transaction', c.req.param('accessCode'));
    if (!found) return c.html(messagePage('Payment not found', 'This checkout link is not valid.'), 404);
    const form = await readJson(c);
    const paid = form.outcome === 'pay';
    const channel = form.channel === 'bank' ? 'bank' : 'card';
    // Still open when it ends, checked in the transaction that ends it: a second submit does not pay twice.
    const ended = await store.modify<{ updated: Json | null; status: string }>('transaction', String(found.reference), (transaction) => {
      if (transaction?.status !== 'abandoned') return { result: { updated: null, status: String(transaction?.status) } };
      const customer = transaction.customer as Json;
      const updated: Json = {
        ...transaction,
        status: paid ? 'success' : 'failed',
        gateway_response: paid ? 'Successful' : 'Declined',
        channel,
        paid_at: paid ? iso() : null,
        fees: paid ? Math.round(Number(transaction.amount) * 0.015) : null,
        authorization: authorizationFor(channel, String(customer.email)),
      };
      return { data: updated, result: { updated, status: String(updated.status) } };
    });
    const updated = ended.updated;
    if (!updated) return c.html(messagePage('Payment already completed', `This payment ended: ${ended.status}.`), 409);
    if (paid) {
      const { callback_url: _cb, channels: _ch, access_code: _ac, ...data } = updated;
      await deliver('charge.success', data);
    }
    const back = returnUrl(updated);
    if (!back) return c.html(messagePage(paid ? 'Payment successful' : 'Payment failed', 'You can close this page.'));
    // A same-origin redirect; another origin (a dev server) gets a refresh page, which form-action allows.
    if (new URL(back).origin === new URL(c.req.url).origin) return c.redirect(back, 303);
    return c.html(
      messagePage(paid ? 'Payment successful' : 'Payment failed', 'Returning to the merchant…', {
        href: back,
        label: 'Return to the merchant',
        refresh: true,
      }),
    );
  });

  /* Sandbox-only controls (tests, e2e, demos): renew or fail a subscription's renewal, fail a refund, list and resend events. */

  router.post('/paystack/subscriptions/:code/charge', async (c) => {
    const subscription = await store.get('subscription', c.req.param('code'));
    if (!subscription) return fail(c, 404, 'Subscription not found');
    if (subscription.status !== 'active' && subscription.status !== 'attention')
      return fail(c, 409, `The subscription is ${String(subscription.status)}`);
    const outcome = c.req.query('outcome') === 'failed' ? 'failed' : 'success';
    const now = clock.now();
    const plan = subscription.plan as Json;
    const customer = subscription.customer as Json;
    if (outcome === 'failed') {
      const updated = { ...subscription, status: 'attention' };
      await store.update('subscription', String(subscription.subscription_code), updated);
      const invoice = {
        domain: 'test',
        invoice_code: `INV_${rand(15)}`,
        amount: subscription.amount,
        period_start: subscription.next_payment_date,
        period_end: new Date(Date.parse(String(subscription.next_payment_date)) + 30 * DAY).toISOString(),
        status: 'failed',
        paid: false,
        paid_at: null,
        description: null,
        authorization: subscription.authorization,
        subscription: {
          status: 'attention',
          subscription_code: subscription.subscription_code,
          email_token: subscription.email_token,
          amount: subscription.amount,
          next_payment_date: subscription.next_payment_date,
        },
        customer,
        transaction: {},
        created_at: now.toISOString(),
      };
      await deliver('invoice.payment_failed', invoice);
      return ok(c, 'Renewal failed', invoice);
    }
    const reference = `T${rand(12)}`;
    const transaction: Json = {
      id: Math.floor(Math.random() * 2 ** 31),
      domain: 'test',
      status: 'success',
      reference,
      amount: subscription.amount,
      requested_amount: subscription.amount,
      currency: plan.currency,
      gateway_response: 'Approved',
      channel: 'card',
      paid_at: now.toISOString(),
      created_at: now.toISOString(),
      metadata: '',
      fees: Math.round(Number(subscription.amount) * 0.015),
      authorization: subscription.authorization,
      customer,
      plan,
      callback_url: null,
      channels: [],
      access_code: rand(15),
    };
    await store.insert('transaction', reference, transaction, String(transaction.access_code));
    const next = new Date(Math.max(Date.parse(String(subscription.next_payment_date)), now.getTime()) + 30 * DAY).toISOString();
    await store.update('subscription', String(subscription.subscription_code), {
      ...subscription,
      status: 'active',
      next_payment_date: next,
    });
    const { callback_url: _cb, channels: _ch, access_code: _ac, ...data } = transaction;
    await deliver('charge.success', data);
    return ok(c, 'Renewal charged', data);
  });

  // The customer's bank sends a refund back: as on Paystack it is failed for good, the transaction is a
  // success again (a person may refund it anew), and refund.failed is sent.
  router.post('/paystack/refunds/:id/fail', async (c) => {
    const refund = await store.get('refund', c.req.param('id'));
    if (!refund) return fail(c, 404, 'Refund not found');
    // Failed once: checked in the transaction that fails it.
    const updated = await store.modify('refund', String(refund.id), (current) => {
      if (!current || current.status === 'failed') return { result: null };
      const data: Json = { ...current, status: 'failed', refunded_at: null };
      return { data, result: data };
    });
    if (!updated) return fail(c, 409, 'The refund has already failed');
    const reference = String((refund.transaction as Json).reference);
    await store.modify('transaction', reference, (transaction) => ({
      data: transaction ? { ...transaction, status: 'success' } : undefined,
      result: undefined,
    }));
    await deliver('refund.failed', await refundEventData(updated));
    return ok(c, 'Refund failed', refundObject(updated));
  });

  router.get('/paystack/events', async (c) =>
    ok(
      c,
      'Events',
      (await store.all('event')).map(({ body, ...rest }) => ({ ...rest, data: JSON.parse(String(body)) as unknown })),
    ),
  );

  router.post('/paystack/events/:id/resend', async (c) => {
    const status = await redeliver(c.req.param('id'));
    return status === null && !(await store.get('event', c.req.param('id')))
      ? fail(c, 404, 'Event not found')
      : ok(c, 'Event sent again', { status });
  });

  return router;
}

function authorizationFor(channel: 'card' | 'bank', email: string): Json {
  const code = `AUTH_${crypto.createHash('sha256').update(`${email}:${channel}`).digest('hex').slice(0, 10)}`;
  return channel === 'card'
    ? {
        authorization_code: code,
        bin: '408408',
        last4: '4081',
        exp_month: '12',
        exp_year: '2030',
        channel: 'card',
        card_type: 'visa ',
        brand: 'visa',
        bank: 'TEST BANK',
        country_code: 'NG',
        reusable: true,
        signature: `SIG_${code.slice(5)}`,
        account_name: null,
      }
    : {
        authorization_code: code,
        bin: null,
        last4: null,
        exp_month: null,
        exp_year: null,
        channel: 'bank',
        card_type: '',
        brand: null,
        bank: 'Test Bank',
        country_code: 'NG',
        reusable: false,
        signature: null,
        account_name: null,
      };
}

function returnUrl(transaction: Json): string | null {
  const callback = transaction.callback_url;
  if (typeof callback !== 'string' || !callback) return null;
  try {
    const url = new URL(callback);
    url.searchParams.set('trxref', String(transaction.reference));
    url.searchParams.set('reference', String(transaction.reference));
    return url.toString();
  } catch {
    return null;
  }
}
