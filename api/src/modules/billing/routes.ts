import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  billingMessages,
  cancelSubscriptionResponseSchema,
  initializePaymentBodySchema,
  initializePaymentResponseSchema,
  paymentHistoryResponseSchema,
  paymentMethodResponseSchema,
  paymentReferenceParamSchema,
  referralsResponseSchema,
  subscriptionResponseSchema,
  verifyPaymentResponseSchema,
  webhookResponseSchema,
} from '@shared/schemas/billing';
import { changePlanBodySchema, changePlanResponseSchema, planChangeMessages, planQuotesResponseSchema } from '@shared/schemas/plan-change';
import { type AppContext, type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../kernel/http/router';
import type { PaystackWebhooks } from './payment-webhooks';
import type { BillingService } from './payments';
import { referralsOf } from './referrals';

/**
 * Plans, payments and referrals under /api (specification part 1 section 7, part 2 section 7):
 * `GET /plans/subscription`, `POST /plans/cancel`, `POST /payments/initialize`,
 * `GET /payments/verify/{reference}`, `POST /payments/webhook`, `GET /payments/history`,
 * `GET /payments/method`, `GET /user/referrals`.
 */
export function billingRoutes(deps: { billing: BillingService; webhooks: PaystackWebhooks; requireAuth: MiddlewareHandler<AppEnv> }) {
  const { billing, webhooks, requireAuth } = deps;
  const common = { security: bearerSecurity, middleware: requireAuth };
  const noStore = (c: AppContext) => c.header('Cache-Control', 'private, no-store');

  return createRouter()
    .openapi(
      createRoute({
        ...common,
        tags: ['plans'],
        method: 'get',
        path: '/plans/subscription',
        summary: 'The plan in force: trial, paid, cancelled but running, grace, or free',
        responses: { 200: jsonResponse(subscriptionResponseSchema, 'The subscription'), ...errorResponses(401) },
      }),
      async (c) => {
        noStore(c);
        return c.json({ data: await billing.subscription(signedIn(c).id) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['plans'],
        method: 'post',
        path: '/plans/cancel',
        summary: 'Stop renewing: the plan runs to the end of its paid period, then the free tier',
        responses: { 200: jsonResponse(cancelSubscriptionResponseSchema, 'Cancelled'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const data = await billing.cancel(signedIn(c).id);
        return c.json({ status: true, message: billingMessages.canceled, data }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['plans'],
        method: 'get',
        path: '/plans/quotes',
        summary:
          'For each paid plan: what choosing it does now and costs (upgrade difference with the credit for unused days, a downgrade from the period end, resume), exactly as checkout charges it',
        responses: { 200: jsonResponse(planQuotesResponseSchema, 'One quote per paid plan'), ...errorResponses(401) },
      }),
      async (c) => {
        noStore(c);
        return c.json({ data: await billing.quotes(signedIn(c), c.get('clientIp')) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['plans'],
        method: 'post',
        path: '/plans/change',
        summary:
          'A plan change that takes no payment: a lower plan from the period end, undoing that, or resuming a cancelled plan (409 when the change is paid at checkout or there is nothing to change)',
        request: { body: jsonBody(changePlanBodySchema) },
        responses: { 200: jsonResponse(changePlanResponseSchema, 'Changed'), ...errorResponses(400, 401, 409) },
      }),
      async (c) => {
        const { kind, subscription } = await billing.changePlan(signedIn(c).id, c.req.valid('json').planCode);
        return c.json(
          { status: true, message: kind === 'resume' ? planChangeMessages.resumed : planChangeMessages.changed, kind, data: subscription },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['plans'],
        method: 'post',
        path: '/plans/resume',
        summary:
          'Undo a cancellation while the paid period lasts: no charge; the plan renews again at the period end (409 when nothing is cancelled)',
        responses: { 200: jsonResponse(changePlanResponseSchema, 'Resumed'), ...errorResponses(401, 409) },
      }),
      async (c) => {
        const data = await billing.resume(signedIn(c).id);
        return c.json({ status: true, message: planChangeMessages.resumed, kind: 'resume' as const, data }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['payments'],
        method: 'post',
        path: '/payments/initialize',
        summary: 'Start a Paystack checkout for a plan (naira in Nigeria, dollars elsewhere); answers the checkout URL',
        request: { body: jsonBody(initializePaymentBodySchema) },
        responses: {
          200: jsonResponse(initializePaymentResponseSchema, 'Checkout created (or the open one for the same change)'),
          ...errorResponses(400, 401, 409),
        },
      }),
      async (c) => {
        const user = signedIn(c);
        return c.json(await billing.initialize(user, c.req.valid('json'), c.get('clientIp')), 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['payments'],
        method: 'get',
        path: '/payments/verify/{reference}',
        summary: "The result of one of the user's payments (asks Paystack when still open)",
        request: { params: paymentReferenceParamSchema },
        responses: { 200: jsonResponse(verifyPaymentResponseSchema, 'The payment result'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        noStore(c);
        return c.json(await billing.verify(signedIn(c).id, c.req.valid('param').reference), 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['payments'],
        method: 'get',
        path: '/payments/history',
        summary: 'Completed and failed payments, newest first',
        responses: { 200: jsonResponse(paymentHistoryResponseSchema, 'Payments'), ...errorResponses(401) },
      }),
      async (c) => {
        noStore(c);
        return c.json({ data: await billing.history(signedIn(c).id) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['payments'],
        method: 'get',
        path: '/payments/method',
        summary: 'The card on file (brand and last four only), or null',
        responses: { 200: jsonResponse(paymentMethodResponseSchema, 'Payment method'), ...errorResponses(401) },
      }),
      async (c) => {
        noStore(c);
        return c.json({ data: await billing.paymentMethod(signedIn(c).id) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['referrals'],
        method: 'get',
        path: '/user/referrals',
        summary: 'Referral code, referred friends (masked), and paid referrals needed for the 30% discount',
        responses: { 200: jsonResponse(referralsResponseSchema, 'Referrals'), ...errorResponses(401) },
      }),
      async (c) => {
        noStore(c);
        return c.json(await referralsOf(billing.deps.store.db, signedIn(c).id, billing.deps.clock.now()), 200);
      },
    )
    .openapi(
      createRoute({
        tags: ['payments'],
        method: 'post',
        path: '/payments/webhook',
        summary:
          "Paystack events, signed with x-paystack-signature (HMAC-SHA512 of the raw body); each applied once, a charge only as Paystack's verify endpoint confirms it",
        responses: {
          200: jsonResponse(webhookResponseSchema, 'Received (also for a replay or an event that changes nothing)'),
          400: jsonResponse(errorSchema, 'Not an event'),
          401: jsonResponse(errorSchema, 'Bad signature'),
          500: jsonResponse(errorSchema, 'A charge Paystack could not confirm yet: nothing recorded, send it again'),
        },
      }),
      async (c) => {
        const raw = new Uint8Array(await c.req.arrayBuffer());
        const result = await webhooks.handle(raw, c.req.header('x-paystack-signature'));
        c.get('log')?.info('paystack webhook', { reqId: c.get('requestId'), outcome: result.outcome, detail: result.detail });
        if (result.status === 401) return c.json({ message: 'Invalid signature', code: 'unauthorized' as const }, 401);
        if (result.status === 400) return c.json({ message: 'The body is not a Paystack event', code: 'malformed_body' as const }, 400);
        if (result.status === 500)
          return c.json({ message: 'Paystack could not confirm the charge yet; send it again', code: 'internal_error' as const }, 500);
        return c.json({ received: true }, 200);
      },
    );
}
