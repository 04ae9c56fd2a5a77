import { PAID_PLAN_IDS, type PaidPlanId } from '@shared/plan-table';
import type { Subscription } from '@shared/schemas/billing';
import { isPaidState } from './billing-status';

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value.toLowerCase());
}

function planFrom(value: unknown): PaidPlanId | null {
  if (typeof value === 'string' && isPaidPlanId(value)) return value.toLowerCase() as PaidPlanId;
  if (value && typeof value === 'object' && 'id' in value) return planFrom((value as { id: unknown }).id);
  return null;
}

export interface SubscribeIntent {
  selectedPlan: PaidPlanId | null;
  /** The caller (the billing page's plan dialog) says the user is changing plan. */
  isChangingPlan: boolean;
}

/**
 * What /subscribe was asked for: router state `{ selectedPlan, isChangingPlan }` (a plan id or a
 * plan object) first, else the `plan` query parameter. Anything else selects nothing.
 */
export function subscribeIntent(state: unknown, search: URLSearchParams): SubscribeIntent {
  const record = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const selectedPlan = planFrom(record.selectedPlan) ?? planFrom(search.get('plan'));
  return { selectedPlan, isChangingPlan: record.isChangingPlan === true };
}

/** A user who already pays (or paid and still runs) is changing plan; a trial or free user subscribes. */
export function isChangingPlan(sub: Subscription | null, intent: SubscribeIntent): boolean {
  return intent.isChangingPlan || (sub !== null && isPaidState(sub.status) && sub.plan !== 'free');
}
