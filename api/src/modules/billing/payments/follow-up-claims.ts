import { z } from 'zod';
import { PAID_PLAN_IDS } from '@shared/plans';
import { billingCurrencySchema } from '@shared/schemas/billing';
import type { Tx } from '../../../store/sqlite/client';
import type { CryptoBox } from '../../../kernel/crypto-box';
import { BillingClaims, type BillingClaim } from './billing-claims';
import type { FollowUps } from './deps';

/*
 * A charge's follow-ups (deps.ts FollowUps) kept as a claim: written in the charge's transaction, so
 * a crash after it commits cannot lose the auto-renewal, the disabling of the replaced subscription
 * or the move of the renewal. The card authorization is sealed at rest.
 */

const authorizationAad = (userId: string) => `${userId}:paystack:authorization`;

const payloadSchema = z.object({
  autoRenew: z
    .object({
      plan: z.enum(PAID_PLAN_IDS),
      currency: billingCurrencySchema,
      amount: z.number().int(),
      customer: z.string(),
      customerId: z.string().nullable(),
      sealedAuthorization: z.string(),
      startDate: z.string(),
    })
    .optional(),
  disable: z.object({ code: z.string(), sealedToken: z.string().nullable() }).optional(),
  enable: z.object({ code: z.string(), sealedToken: z.string() }).optional(),
  restoreFullPrice: z.object({ code: z.string() }).optional(),
  referrerId: z.string().optional(),
  alignRenewal: z.boolean().optional(),
});

/** Whether the follow-ups ask anything of Paystack that a crash must not lose. */
const needsPaystack = (f: FollowUps) =>
  Boolean(f.autoRenew || f.disable || f.enable || f.restoreFullPrice || f.referrerId || f.alignRenewal);

/**
 * Opens the claim on `followUps` inside the charge's transaction `tx` (when they ask anything of
 * Paystack) and answers them carrying it: the caller that committed the charge holds it.
 */
export async function claimFollowUps(tx: Tx, followUps: FollowUps, box: CryptoBox, now: Date): Promise<FollowUps> {
  if (!needsPaystack(followUps) || followUps.refund) return followUps;
  const { userId, autoRenew, disable, enable, restoreFullPrice, referrerId, alignRenewal } = followUps;
  const payload: z.input<typeof payloadSchema> = {
    ...(autoRenew ? { autoRenew: sealAutoRenew(userId, autoRenew, box) } : {}),
    ...(disable ? { disable } : {}),
    ...(enable ? { enable } : {}),
    ...(restoreFullPrice ? { restoreFullPrice } : {}),
    ...(referrerId ? { referrerId } : {}),
    ...(alignRenewal ? { alignRenewal } : {}),
  };
  const claim = await BillingClaims.open(tx, { userId, kind: 'follow_ups', payload }, now);
  return { ...followUps, claim };
}

/** The follow-ups a claim taken over still owes (its card authorization opened again). */
export function followUpsOfClaim(userId: string, payload: unknown, claim: BillingClaim, box: CryptoBox): FollowUps {
  const { autoRenew, ...rest } = payloadSchema.parse(payload);
  if (!autoRenew) return { userId, claim, ...rest };
  const { sealedAuthorization, startDate, ...renew } = autoRenew;
  return {
    userId,
    claim,
    ...rest,
    autoRenew: { ...renew, authorization: box.open(sealedAuthorization, authorizationAad(userId)), startDate: new Date(startDate) },
  };
}

/** The auto-renewal as kept at rest: its card authorization sealed, its start an ISO string. */
function sealAutoRenew(userId: string, autoRenew: NonNullable<FollowUps['autoRenew']>, box: CryptoBox) {
  const { authorization, startDate, ...renew } = autoRenew;
  return { ...renew, sealedAuthorization: box.seal(authorization, authorizationAad(userId)), startDate: startDate.toISOString() };
}
