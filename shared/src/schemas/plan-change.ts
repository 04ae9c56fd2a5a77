import { z } from '../zod';
import { PAID_PLAN_IDS, planIdSchema } from '../plans';
import { billingCurrencySchema, subscriptionSchema } from './billing';

/**
 * Plan changes (decisions.md "plan changes"): what choosing a plan does now and costs, as the server
 * computes it, so every amount a page shows is the amount checkout charges. Amounts are integers in
 * the currency's smallest unit.
 *
 * - subscribe: a trial, free or lapsed account pays the full price; a 30-day period starts now.
 * - renew: in the grace after a failed renewal, the same plan paid again continues its cycle.
 * - prepay: a paid plan without automatic renewal pays the next period ahead (the same plan, or a
 *   lower one), which starts when the current period ends.
 * - upgrade: a higher plan now; the difference for the days left of the period (its price for those
 *   days less a credit for the current plan's unused days); the period end does not move.
 * - downgrade: a lower plan from the end of the period, no charge; the renewal moves to its price.
 * - keep: undoes a scheduled downgrade, no charge.
 * - resume: undoes a cancellation while the period lasts, no charge.
 * - current / scheduled / paid_ahead: nothing to do (the plan renews by itself, it already starts at the
 *   period end, or the next period is already paid).
 */
export const planChangeKindSchema = z.enum([
  'subscribe',
  'renew',
  'prepay',
  'upgrade',
  'downgrade',
  'keep',
  'resume',
  'current',
  'scheduled',
  'paid_ahead',
]);
export type PlanChangeKind = z.infer<typeof planChangeKindSchema>;

/** The kinds that take a payment (through checkout); the others are a `POST /plans/change` or nothing. */
export const PAID_CHANGE_KINDS = ['subscribe', 'renew', 'prepay', 'upgrade'] as const satisfies readonly PlanChangeKind[];
export const FREE_CHANGE_KINDS = ['downgrade', 'keep', 'resume'] as const satisfies readonly PlanChangeKind[];

/** One line of what is charged: a plan for some days (or a period), a credit, the referral discount. */
export const quoteLineSchema = z.object({
  type: z.enum(['plan', 'credit', 'discount']),
  plan: planIdSchema.nullable(),
  /** Days the line covers (a plan or a credit for part of a period); null for a whole period. */
  days: z.number().int().nonnegative().nullable(),
  percent: z.number().int().nonnegative().nullable(),
  /** Positive; a credit and a discount are subtracted. */
  amount: z.number().int().nonnegative(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const planQuoteSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  kind: planChangeKindSchema,
  currency: billingCurrencySchema,
  /** The plan's full price for a 30-day period. */
  price: z.number().int().positive(),
  lines: z.array(quoteLineSchema),
  /** What checkout charges now (0 when the change takes no payment). */
  total: z.number().int().nonnegative(),
  /** When the chosen plan is in force: now, or the end of the current period. */
  startsAt: z.string(),
  /** The end of the period paid for once this is done (null when nothing is paid). */
  periodEnds: z.string().nullable(),
  /** The next period after this change: when it starts and the full price of its plan. */
  next: z.object({ plan: z.enum(PAID_PLAN_IDS), at: z.string(), amount: z.number().int().positive() }).nullable(),
  /** A referral discount is earned but not used here (it goes on a full-price payment or the renewal). */
  discountKept: z.boolean(),
});
export type PlanQuote = z.infer<typeof planQuoteSchema>;

/** `GET /api/plans/quotes`: one quote per paid plan, cheapest first. */
export const planQuotesResponseSchema = z.object({ data: z.array(planQuoteSchema) });
export type PlanQuotesResponse = z.infer<typeof planQuotesResponseSchema>;

export const planChangeMessages = {
  needsPayment: 'This plan change is paid at checkout.',
  needsNoPayment: 'This plan change needs no payment.',
  nothingToChange: 'You are already on this plan.',
  notResumable: 'There is no cancelled plan to resume.',
  changeFailed: 'Your plan could not be changed. Please try again.',
  checkoutBusy: 'A checkout for this change is being opened. Please try again in a moment.',
  changed: 'Your plan change is saved.',
  resumed: 'Your subscription is active again.',
} as const;

/** `POST /api/plans/change`: a change that takes no payment (downgrade, keep, resume). */
export const changePlanBodySchema = z.object({
  planCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(PAID_PLAN_IDS, { error: 'Please choose a plan.' }),
  ),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const changePlanResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  kind: planChangeKindSchema,
  data: subscriptionSchema,
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;
