import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../kernel/clock';
import type { Store } from '../../../store/store';
import { freshSandboxStore } from '../../../testing/fresh-store';
import type { AppEnv } from '../../../kernel/http/context';
import { sandboxPaystackRoutes } from './sandbox';
import { PaystackClient } from './client';
import { PaystackError } from './errors';
import { verifyPaystackSignature } from './signature';

const KEY = 'sk_test_adapter_key_0123456789';
let server: ServerType;
let base: string;
let store: Store;
let dir: string;
const hooks: Array<{ raw: string; signature: string | undefined }> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-paystack-'));
  store = freshSandboxStore(dir).store;
  const app = new OpenAPIHono<AppEnv>();
  app.use(
    '*',
    createMiddleware<AppEnv>(async (c, next) => {
      c.set('clientIp', '127.0.0.1');
      await next();
    }),
  );
  app.post('/hook', async (c) => {
    hooks.push({ raw: await c.req.text(), signature: c.req.header('x-paystack-signature') });
    return c.json({ received: true });
  });
  let port = 0;
  const routes = sandboxPaystackRoutes({
    store,
    clock: manualClock(),
    secretKey: KEY,
    get webhookUrl() {
      return `http://127.0.0.1:${port}/hook`;
    },
    get publicUrl() {
      return `http://127.0.0.1:${port}`;
    },
  });
  app.route('/sandbox', routes);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
  base = `http://127.0.0.1:${port}/sandbox/paystack`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const client = (key = KEY) => new PaystackClient({ secretKey: key, baseUrl: base, retries: 0 });
const payOnCheckout = async (url: string, outcome: 'pay' | 'fail', channel: 'card' | 'bank' = 'card') =>
  fetch(url, { method: 'POST', body: new URLSearchParams({ outcome, channel }), redirect: 'manual' });

describe('PaystackClient against the sandbox over HTTP', () => {
  it('initializes, pays on the checkout page, redirects back, verifies and sends a signed charge.success', async () => {
    const paystack = client();
    const init = await paystack.initializeTransaction({
      email: 'payer@gmail.com',
      amount: 2500,
      currency: 'USD',
      reference: 'ref-http-1',
      callbackUrl: 'http://127.0.0.1:9/payment-verification',
      metadata: { userId: 'u1', plan: 'pro', isChangingPlan: false, discount: false },
      channels: ['card', 'bank'],
    });
    expect(init.reference).toBe('ref-http-1');
    expect(init.authorizationUrl).toBe(`${base}/checkout/${init.accessCode}`);
    const before = await paystack.verifyTransaction('ref-http-1');
    expect(before.status).toBe('abandoned');

    const page = await fetch(init.authorizationUrl);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<legend>Pay with</legend>');
    expect(html).not.toMatch(/<script|onclick=/i);

    const hooksBefore = hooks.length;
    const paid = await payOnCheckout(init.authorizationUrl, 'pay');
    // Another origin: a page that returns by meta refresh (form-action allows it), with the link.
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('http://127.0.0.1:9/payment-verification?trxref=ref-http-1&amp;reference=ref-http-1');

    const after = await paystack.verifyTransaction('ref-http-1');
    expect(after).toMatchObject({
      status: 'success',
      reference: 'ref-http-1',
      amount: 2500,
      currency: 'USD',
      channel: 'card',
      metadata: { userId: 'u1', plan: 'pro', isChangingPlan: false, discount: false },
      authorization: { brand: 'visa', last4: '4081', reusable: true },
      customer: { email: 'payer@gmail.com' },
    });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(after.customer?.customerCode).toMatch(/^CUS_/);

    const hook = hooks[hooksBefore]!;
    expect(JSON.parse(hook.raw)).toMatchObject({ event: 'charge.success', data: { reference: 'ref-http-1', status: 'success' } });
    expect(verifyPaystackSignature(KEY, hook.raw, hook.signature)).toBe(true);
    expect(verifyPaystackSignature('sk_test_other', hook.raw, hook.signature)).toBe(false);

    // The checkout cannot be paid twice.
    expect((await payOnCheckout(init.authorizationUrl, 'pay')).status).toBe(409);
  });

  it('reads a failed bank payment (no reusable authorization) and a metadata string', async () => {
    const paystack = client();
    const init = await paystack.initializeTransaction({
      email: 'bank@gmail.com',
      amount: 1_800_000,
      currency: 'NGN',
      reference: 'ref-http-2',
      callbackUrl: 'http://127.0.0.1:9/back',
      metadata: { plan: 'basic' },
    });
    await payOnCheckout(init.authorizationUrl, 'fail', 'bank');
    const verified = await paystack.verifyTransaction('ref-http-2');
    expect(verified).toMatchObject({
      status: 'failed',
      channel: 'bank',
      currency: 'NGN',
      amount: 1_800_000,
      authorization: { reusable: false, last4: null },
    });
  });

  it('answers Paystack errors as typed errors: bad key, duplicate reference, unknown reference, bad input', async () => {
    const bad = client('sk_test_wrong');
    await expect(bad.verifyTransaction('anything')).rejects.toMatchObject({
      name: 'PaystackError',
      kind: 'auth',
      message: 'Invalid key',
      details: { status: 401 },
    });

    const paystack = client();
    const input = {
      email: 'dup@gmail.com',
      amount: 1200,
      currency: 'USD' as const,
      reference: 'ref-dup',
      callbackUrl: 'http://127.0.0.1:9/',
      metadata: {},
    };
    await paystack.initializeTransaction(input);
    const duplicate = await paystack.initializeTransaction(input).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(PaystackError);
    expect(duplicate).toMatchObject({
      kind: 'rejected',
      message: 'Duplicate Transaction Reference',
      details: { status: 400, type: 'validation_error', code: 'duplicate_reference' },
    });

    await expect(paystack.verifyTransaction('no-such-ref')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Transaction reference not found',
    });
    await expect(paystack.initializeTransaction({ ...input, reference: 'ref-zero', amount: 0 })).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Invalid Amount Sent',
    });
  });

  it('creates a plan and a subscription, renews and fails a renewal through the sandbox controls, and disables with the email token', async () => {
    const paystack = client();
    const init = await paystack.initializeTransaction({
      email: 'sub@gmail.com',
      amount: 5300,
      currency: 'USD',
      reference: 'ref-sub',
      callbackUrl: 'http://127.0.0.1:9/',
      metadata: {},
    });
    await payOnCheckout(init.authorizationUrl, 'pay');
    const paid = await paystack.verifyTransaction('ref-sub');
    const { planCode } = await paystack.createPlan({
      name: 'Premium Freelancer (USD)',
      amount: 5300,
      currency: 'USD',
      interval: 'monthly',
    });
    expect(planCode).toMatch(/^PLN_/);
    const startDate = new Date('2026-02-04T09:00:00Z');
    const sub = await paystack.createSubscription({
      customer: paid.customer!.customerCode!,
      plan: planCode,
      authorization: paid.authorization!.authorizationCode!,
      startDate,
    });
    expect(sub).toMatchObject({ status: 'active', planCode, customerCode: paid.customer!.customerCode });
    expect(sub.subscriptionCode).toMatch(/^SUB_/);
    expect(sub.nextPaymentDate?.toISOString()).toBe(startDate.toISOString());
    const fetched = await paystack.fetchSubscription(sub.subscriptionCode);
    expect(fetched).toMatchObject({
      emailToken: sub.emailToken,
      amount: 5300,
      authorizationCode: paid.authorization!.authorizationCode,
      customerCode: paid.customer!.customerCode,
    });

    const count = hooks.length;
    const renew = await fetch(`${base}/subscriptions/${sub.subscriptionCode}/charge?outcome=success`, { method: 'POST' });
    expect(renew.status).toBe(200);
    expect(JSON.parse(hooks[count]!.raw)).toMatchObject({ event: 'charge.success', data: { amount: 5300, plan: { plan_code: planCode } } });
    await fetch(`${base}/subscriptions/${sub.subscriptionCode}/charge?outcome=failed`, { method: 'POST' });
    expect(JSON.parse(hooks[count + 1]!.raw)).toMatchObject({
      event: 'invoice.payment_failed',
      data: { paid: false, subscription: { subscription_code: sub.subscriptionCode } },
    });

    await expect(paystack.disableSubscription({ code: sub.subscriptionCode, token: 'wrong' })).rejects.toMatchObject({
      details: { status: 400 },
    });
    await paystack.disableSubscription({ code: sub.subscriptionCode, token: sub.emailToken! });
    expect(JSON.parse(hooks[hooks.length - 1]!.raw)).toMatchObject({ event: 'subscription.disable', data: { status: 'complete' } });
    await expect(paystack.disableSubscription({ code: sub.subscriptionCode, token: sub.emailToken! })).rejects.toMatchObject({
      message: 'Subscription with code not found or already inactive',
    });
  });
});

describe('PaystackClient refunds', () => {
  it('finds the refund of a transaction by its reference, or none; the look-up asks nothing of Paystack but GETs', async () => {
    const paystack = client();
    const init = await paystack.initializeTransaction({
      email: 'refund@gmail.com',
      amount: 1200,
      currency: 'USD',
      reference: 'ref-refund-1',
      callbackUrl: 'http://127.0.0.1:9/back',
      metadata: {},
    });
    await payOnCheckout(init.authorizationUrl, 'pay');
    const paid = await paystack.verifyTransaction('ref-refund-1');
    expect(await paystack.findRefund('ref-refund-1')).toBeNull();
    expect(await paystack.findRefund('ref-never-made')).toBeNull();

    const hooksBefore = hooks.length;
    expect(await paystack.refundTransaction('ref-refund-1')).toEqual({ status: 'processed' });
    const found = await paystack.findRefund('ref-refund-1');
    expect(found).toMatchObject({ transactionId: String(paid.id), status: 'processed', amount: 1200, currency: 'USD' });
    expect((await paystack.verifyTransaction('ref-refund-1')).status).toBe('reversed');
    // Its event, in Paystack's documented shape (the transaction's reference, the amount as a string).
    const event = JSON.parse(hooks[hooksBefore]!.raw) as { event: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: 'ref-refund-1', amount: '1200', currency: 'USD' },
    });

    // The list filters by the transaction's id, as on Paystack, and a refund is fetched by its id.
    const listed = await fetch(`${base}/refund?transaction=${String(paid.id)}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect((await listed.json()) as unknown).toMatchObject({
      status: true,
      data: [{ id: Number(found!.id), transaction: paid.id, status: 'processed' }],
    });
    const one = await fetch(`${base}/refund/${found!.id}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect((await one.json()) as unknown).toMatchObject({ status: true, data: { transaction: paid.id, status: 'processed' } });
    expect((await fetch(`${base}/refund?transaction=${String(paid.id)}`)).status).toBe(401);

    // The bank sends it back: Paystack fails it, the transaction is a success again, refund.failed is sent.
    expect((await fetch(`${base}/refunds/${found!.id}/fail`, { method: 'POST' })).status).toBe(200);
    expect(await paystack.findRefund('ref-refund-1')).toMatchObject({ id: found!.id, status: 'failed' });
    expect((await paystack.verifyTransaction('ref-refund-1')).status).toBe('success');
    expect(JSON.parse(hooks.at(-1)!.raw)).toMatchObject({
      event: 'refund.failed',
      data: { status: 'failed', transaction_reference: 'ref-refund-1' },
    });
    // Refunded anew: the refund that went through wins over the failed one.
    await paystack.refundTransaction('ref-refund-1');
    expect(await paystack.findRefund('ref-refund-1')).toMatchObject({ status: 'processed' });
    expect((await paystack.findRefund('ref-refund-1'))!.id).not.toBe(found!.id);
  });

  it("reads Paystack's documented refund list; a look-up Paystack cannot answer throws rather than answering none", async () => {
    const envelope = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const asked: string[] = [];
    const answers: Record<string, unknown> = {
      '/transaction/verify/T685312322670591': {
        status: true,
        message: 'Verification successful',
        data: { id: 1641, status: 'reversed', reference: 'T685312322670591', amount: 500000, currency: 'NGN' },
      },
      '/refund?transaction=1641&perPage=100': {
        status: true,
        message: 'Refunds retrieved',
        data: [
          {
            id: 2,
            integration: 100982,
            domain: 'test',
            transaction: 1641,
            dispute: null,
            amount: 500000,
            deducted_amount: null,
            currency: 'NGN',
            status: 'failed',
            createdAt: '2017-09-24T21:11:53.000Z',
          },
          {
            id: 1,
            integration: 100982,
            domain: 'live',
            transaction: 1641,
            dispute: 20,
            amount: 500000,
            deducted_amount: 500000,
            currency: 'NGN',
            channel: 'migs',
            status: 'pending',
            created_at: '2017-09-24T21:10:59.000Z',
          },
          { id: 3, transaction: 9999, amount: 100, currency: 'NGN', status: 'processed' },
        ],
        meta: { total: 3, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
      },
    };
    const paystack = new PaystackClient({
      secretKey: KEY,
      baseUrl: 'http://paystack.test',
      retries: 0,
      fetch: async (url) => {
        const path = url.replace('http://paystack.test', '');
        asked.push(path);
        return path in answers ? envelope(answers[path]) : envelope({ status: false, message: 'Server error' }, 500);
      },
    });
    // Another transaction's refund is not this one's; the pending one wins over the failed one.
    expect(await paystack.findRefund('T685312322670591')).toEqual({
      id: '1',
      transactionId: '1641',
      status: 'pending',
      amount: 500000,
      currency: 'NGN',
      createdAt: new Date('2017-09-24T21:10:59.000Z'),
    });
    expect(asked).toEqual(['/transaction/verify/T685312322670591', '/refund?transaction=1641&perPage=100']);
    await expect(paystack.findRefund('T-unreachable')).rejects.toMatchObject({ kind: 'unavailable' });

    answers['/refund?transaction=1641&perPage=100'] = { status: true, message: 'Refunds retrieved', data: { id: 1 } };
    await expect(paystack.findRefund('T685312322670591')).rejects.toMatchObject({ kind: 'malformed' });
  });
});

describe('PaystackClient retries and timeouts', () => {
  const envelope = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('retries a GET after 5xx and network errors, a bounded number of times', async () => {
    let calls = 0;
    const paystack = new PaystackClient({
      secretKey: KEY,
      baseUrl: 'http://paystack.test',
      retries: 2,
      sleep: async () => undefined,
      fetch: async () => {
        calls++;
        if (calls === 1) throw new TypeError('fetch failed');
        if (calls === 2) return envelope({ status: false, message: 'Server error' }, 502);
        return envelope({
          status: true,
          message: 'Verification successful',
          data: { status: 'success', reference: 'r', amount: 1, currency: 'USD', metadata: '' },
        });
      },
    });
    expect(await paystack.verifyTransaction('r')).toMatchObject({ status: 'success', metadata: null });
    expect(calls).toBe(3);

    calls = 0;
    const down = new PaystackClient({
      secretKey: KEY,
      baseUrl: 'http://paystack.test',
      retries: 2,
      sleep: async () => undefined,
      fetch: async () => (calls++, envelope({}, 503)),
    });
    await expect(down.verifyTransaction('r')).rejects.toMatchObject({ kind: 'unavailable', retryable: true });
    expect(calls).toBe(3);
  });

  it('does not retry a POST that timed out (it may have happened), nor a 4xx', async () => {
    let calls = 0;
    const slow = new PaystackClient({
      secretKey: KEY,
      baseUrl: 'http://paystack.test',
      timeoutMs: 20,
      retries: 3,
      sleep: async () => undefined,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          calls++;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    await expect(slow.disableSubscription({ code: 'SUB_1', token: 't' })).rejects.toMatchObject({
      kind: 'unavailable',
      details: { code: 'timeout' },
    });
    expect(calls).toBe(1);

    calls = 0;
    const refusing = new PaystackClient({
      secretKey: KEY,
      baseUrl: 'http://paystack.test',
      retries: 3,
      fetch: async () => (calls++, envelope({ status: false, message: 'Invalid key' }, 401)),
    });
    await expect(refusing.verifyTransaction('r')).rejects.toMatchObject({ kind: 'auth' });
    expect(calls).toBe(1);
  });

  it('reads metadata defensively: object, JSON string, empty string or 0', async () => {
    const { parseMetadata } = await import('./client');
    expect(parseMetadata({ a: 1 })).toEqual({ a: 1 });
    expect(parseMetadata('{"a":1}')).toEqual({ a: 1 });
    expect(parseMetadata('')).toBeNull();
    expect(parseMetadata(0)).toBeNull();
    expect(parseMetadata('{broken')).toBeNull();
  });
});
