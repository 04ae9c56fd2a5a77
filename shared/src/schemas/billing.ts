import { z } from '../zod';
import { PAID_PLAN_IDS, planIdSchema } from '../plans';

/**
 * Plans, payments and referrals (specification part 1 section 2 /subscribe, part 2 billing, payment
 * verification and referrals; decisions.md for the trial and the free tier). Amounts are integers in
 * the currency's smallest unit (kobo, cents); one subscription never mixes currencies.
 */

export const BILLING_PERIOD_DAYS = 30;
/** After a failed renewal the paid plan is kept this long, the user told, then the free tier. */
export const GRACE_DAYS = 3;
export const REFERRAL_DISCOUNT_PERCENT = 30;
export const REFERRALS_FOR_DISCOUNT = 3;

export const billingCurrencySchema = z.enum(['NGN', 'USD']);
export type BillingCurrency = z.infer<typeof billingCurrencySchema>;

/** trialing → (payment) active → (cancel) non_renewing → free; active → (failed renewal) grace → free. */
export const subscriptionStatusSchema = z.enum(['trialing', 'active', 'non_renewing', 'grace', 'free']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const billingMessages = {
  emailRequired: 'User email is required for payment.',
  emailNotAccount: "Payments are made with your account's email address.",
  planRequired: 'Please choose a plan.',
  initFailed: 'Payment failed: Could not initialize payment. Please try again.',
  initialized: 'Authorization URL created',
  noSubscription: 'No active subscription found to cancel',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  canceled: 'Your subscription has been successfully canceled',
  referenceNotFound: 'Payment reference not found',
  verifyFailed: 'Payment verification failed',
  verifyError: 'An error occurred while verifying your payment',
  verified: 'Your payment was successful and your subscription is now active.',
  pending: 'Your payment is still being processed.',
  refunded: 'This payment paid for a plan change that had already been made, so it is refunded in full.',
  refundFailed:
    'This payment paid for a plan change that had already been made. Its refund did not go through, so our support team will give it back to you.',
} as const;

export const paymentMethodSchema = z.object({
  channel: z.string().nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** `GET /api/plans/subscription`: the plan in force now and how its billing stands. */
export const subscriptionSchema = z.object({
  plan: planIdSchema,
  status: subscriptionStatusSchema,
  trial: z.boolean(),
  trialEndsAt: z.string().nullable(),
  /** The start of the period running now (never a future date). */
  currentPeriodStart: z.string().nullable(),
  /** Paid ahead (no automatic renewal): when the next, already paid period starts; `currentPeriodEnds` is its end. */
  paidAheadFrom: z.string().nullable(),
  currentPeriodEnds: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  /** Whole days left in the trial, the paid period or the grace (0 on the free tier). */
  daysRemaining: z.number().int().nonnegative(),
  /** The length of the running period in days (7 for the trial, 30 paid, 3 grace). */
  periodDays: z.number().int().nonnegative(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whether a saved card renews the plan at the end of the period. */
  autoRenew: z.boolean(),
  currency: billingCurrencySchema.nullable(),
  /** The plan's price per period in `currency`, smallest unit. */
  amount: z.number().int().nonnegative().nullable(),
  /** Paystack's subscription code (SUB_…); cancelling is offered only when it is set. */
  providerSubscriptionCode: z.string().nullable(),
  canCancel: z.boolean(),
  /** Cancelled while the period lasts: "Resume" undoes it without a charge. */
  canResume: z.boolean(),
  /** A plan that takes over later (a downgrade, or a lower plan paid ahead) and when. */
  scheduledPlan: z.enum(PAID_PLAN_IDS).nullable(),
  scheduledAt: z.string().nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  /**
   * What the renewal charges next and when: the plan in force at the period end (a scheduled
   * downgrade's, the referral discount taken off); null when nothing renews by itself. Absent from
   * answers a device saved before it existed.
   */
  nextCharge: z
    .object({ plan: z.enum(PAID_PLAN_IDS), amount: z.number().int().nonnegative(), currency: billingCurrencySchema, at: z.string() })
    .nullable()
    .default(null),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ data: subscriptionSchema.nullable() });

export const cancelSubscriptionResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: subscriptionSchema,
});

/**
 * `POST /api/payments/initialize`. The payer is always the account: `email` must be the account's own
 * address (Paystack ties the customer, and so its renewals, to it).
 */
export const initializePaymentBodySchema = z.object({
  email: z
    .string({ error: billingMessages.emailRequired })
    .trim()
    .min(1, billingMessages.emailRequired)
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  planCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(PAID_PLAN_IDS, { error: billingMessages.planRequired }),
  ),
  isChangingPlan: z.boolean().default(false),
});
export type InitializePaymentBody = z.infer<typeof initializePaymentBodySchema>;

export const initializePaymentResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({
    /** The provider's checkout page; the browser goes there. */
    url: z.string(),
    reference: z.string(),
    accessCode: z.string(),
    amount: z.number().int().positive(),
    currency: billingCurrencySchema,
    discountApplied: z.boolean(),
  }),
});
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponseSchema>;

/**
 * refunding / refunded: a payment that came in after the change it paid for no longer applied (two
 * checkouts for one change, a renewal that arrived meanwhile): it is given back, never applied twice.
 * refund_failed: Paystack could not give it back (the bank refused it); support gives it back by hand.
 */
export const paymentStatusSchema = z.enum(['pending', 'success', 'failed', 'abandoned', 'refunding', 'refunded', 'refund_failed']);

/** `GET /api/payments/verify/{reference}`. */
export const verifyPaymentResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  metadata: z.object({ discount_applied: z.boolean() }),
  data: z.object({
    reference: z.string(),
    status: paymentStatusSchema,
    plan: planIdSchema,
    amount: z.number().int(),
    currency: billingCurrencySchema,
    paidAt: z.string().nullable(),
  }),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
export const paymentReferenceParamSchema = z.object({
  reference: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.=-]+$/),
});

/** One row of the billing history. */
export const paymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  plan: planIdSchema,
  amount: z.number().int(),
  currency: billingCurrencySchema,
  discount: z.boolean(),
  status: paymentStatusSchema,
  kind: z.enum(['checkout', 'renewal']),
  planChange: z.boolean(),
  channel: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentHistoryResponseSchema = z.object({ data: z.array(paymentSchema) });
export const paymentMethodResponseSchema = z.object({ data: paymentMethodSchema.nullable() });

export const webhookResponseSchema = z.object({ received: z.boolean() });

export const referralStatusSchema = z.enum(['pending', 'trial', 'paid']);
export const referralSchema = z.object({
  id: z.string(),
  /** Masked after the first two characters of the address. */
  email: z.string(),
  createdAt: z.string(),
  plan: planIdSchema,
  status: referralStatusSchema,
});
export type Referral = z.infer<typeof referralSchema>;

/** `GET /api/user/referrals`. */
export const referralsResponseSchema = z.object({
  referralCode: z.string(),
  referrals: z.array(referralSchema),
  paidCount: z.number().int().nonnegative(),
  pendingCount: z.number().int().nonnegative(),
  /** Paid referrals still needed for the discount (0 once earned). */
  needed: z.number().int().nonnegative(),
  discountPercent: z.number().int(),
  /** Earned and not yet spent: the next payment is discounted. */
  discountAvailable: z.boolean(),
  discountUsed: z.boolean(),
});
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

/** "ad***@gmail.com": the first two characters, then the mask, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at) : '';
  return `${local.slice(0, 2)}***${domain}`;
}
