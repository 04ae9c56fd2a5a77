import type { PlanId } from '@shared/plan-table';

/**
 * Where choosing a plan leads: a paid plan to /subscribe?plan= when signed in, /register?plan= for
 * visitors; the free plan to /register (or the dashboard when already signed in).
 */
export function planChoicePath(planId: PlanId, signedIn: boolean): string {
  if (planId === 'free') return signedIn ? '/dashboard' : '/register';
  return `${signedIn ? '/subscribe' : '/register'}?plan=${encodeURIComponent(planId)}`;
}
