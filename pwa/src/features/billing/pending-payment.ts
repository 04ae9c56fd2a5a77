import type { PaidPlanId } from '@shared/plan-table';

/** The checkout the browser left for, so the verification page can word its success (new or changed plan). */
export const PENDING_PAYMENT_KEY = 'bidpilot_pending_payment';

export interface PendingPayment {
  reference: string;
  plan: PaidPlanId;
  isChangingPlan: boolean;
}

export function savePendingPayment(payment: PendingPayment): void {
  try {
    sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(payment));
  } catch {
    // storage unavailable: the success view uses the new-subscription wording
  }
}

export function readPendingPayment(reference: string): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(PENDING_PAYMENT_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingPayment>) : null;
    return value && value.reference === reference && typeof value.isChangingPlan === 'boolean' ? (value as PendingPayment) : null;
  } catch {
    return null;
  }
}
