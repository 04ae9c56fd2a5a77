import { priceMinor, type PaidPlanId } from '@shared/plans';
import type { BillingCurrency } from '@shared/schemas/billing';
import type { GeoLookup } from '../offline-geo';
import type { PaystackClient } from '../paystack/client';
import type { Clock } from '../../../kernel/clock';
import type { PaymentRow } from '../../../store/schema/index';
import type { Store } from '../../../store/store';
import type { Logger } from '../../../kernel/logger';
import type { CryptoBox } from '../../../kernel/crypto-box';
import type { BillingClaim } from './billing-claims';
import type { Translate } from '../../../kernel/i18n';

/* What the parts of billing share: their dependencies, the outcome of a recorded charge, and amounts. */

export interface BillingDeps {
  /** Reads through `store.db`; every write in `store.tx`, never across a call to Paystack. */
  store: Store;
  clock: Clock;
  paystack: PaystackClient;
  /** Seals Paystack's subscription email token at rest. */
  box: CryptoBox;
  log: Logger;
  /** Where Paystack sends the payer back: `${publicUrl}/payment-verification`. */
  publicUrl: string;
  geo?: GeoLookup;
  /** Where alerts a person must act on go (a payment stuck refunding): the operator's address (SUPPORT_EMAIL). */
  operatorEmail?: string;
  /** The server's translator: receipts and confirmations go out in the user's language (billing-mail.ts). */
  t?: Translate;
  /** Sends the mail outbox once the transaction that queued a mail has committed. */
  dispatchSoon?: () => void;
}

/** What a successful charge still needs from Paystack once it is recorded (outside the transaction). */
export interface FollowUps {
  userId: string;
  /** Turn on auto-renewal: a Paystack subscription from the end of the new period. */
  autoRenew?: {
    plan: PaidPlanId;
    currency: BillingCurrency;
    amount: number;
    /** Paystack's customer code (or the payer's email): who the subscription is created for. */
    customer: string;
    /** Paystack's numeric customer id, what its subscription list filters by (a recovery looks there first). */
    customerId: string | null;
    authorization: string;
    startDate: Date;
  };
  /** A cancelled subscription resumed: enable it again at Paystack (unless it no longer renews here). */
  enable?: { code: string; sealedToken: string };
  /** The provider subscription the new payment replaces (plan change, re-subscribe). */
  disable?: { code: string; sealedToken: string | null };
  /** A discounted renewal was charged: move the renewing subscription back to the full-price plan. */
  restoreFullPrice?: { code: string };
  /** The payer's referrer just earned the discount: schedule it on their renewal if they have one. */
  referrerId?: string;
  /** The plan of the next period changed (an upgrade): move the renewing subscription to its price. */
  alignRenewal?: boolean;
  /** A payment claimed for a refund (it paid for a change that no longer applied): give it back. */
  refund?: RefundClaim;
  /** The claim on this Paystack work (billing-claims.ts), opened in the charge's transaction. */
  claim?: BillingClaim;
}

export interface ChargeOutcome {
  applied: boolean;
  reason: string;
  payment?: PaymentRow;
  followUps?: FollowUps;
}

export const tokenAad = (userId: string) => `${userId}:paystack:email_token`;
export const minorUnits = (plan: PaidPlanId, currency: BillingCurrency) => priceMinor(plan, currency);
export const discounted = (full: number, percent: number) => (percent > 0 ? Math.round((full * (100 - percent)) / 100) : full);

/** A payment claimed for a refund; `takenOver` when the claim was another claimant's, left unfinished. */
export interface RefundClaim {
  reference: string;
  /** The claim's token (store/claims.ts): only its holder marks the payment. */
  token: string;
  takenOver: boolean;
}
