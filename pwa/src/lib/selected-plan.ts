/** The plan picked on the public site, kept through sign-up and verification (spec: `?plan=`). */
export const SELECTED_PLAN_KEY = 'bidpilot_selected_plan';

const PLAN_PATTERN = /^[a-z0-9_-]{1,32}$/i;

export function isPlanId(value: unknown): value is string {
  return typeof value === 'string' && PLAN_PATTERN.test(value);
}

export function saveSelectedPlan(plan: string): void {
  try {
    sessionStorage.setItem(SELECTED_PLAN_KEY, plan);
  } catch {
    // storage unavailable: the plan still travels in router state
  }
}

export function readSelectedPlan(): string | null {
  try {
    const plan = sessionStorage.getItem(SELECTED_PLAN_KEY);
    return isPlanId(plan) ? plan : null;
  } catch {
    return null;
  }
}

/** The plan from router state, else the one saved in this tab. */
export function selectedPlan(state: unknown): string | null {
  const fromState = state && typeof state === 'object' ? (state as { plan?: unknown }).plan : undefined;
  return isPlanId(fromState) ? fromState : readSelectedPlan();
}

/** The email carried in router state, if any. */
export function stateEmail(state: unknown): string | null {
  const email = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.includes('@') ? email : null;
}
