import type { AgentPlatform } from '@shared/schemas/agent';
import { searchCriteriaSchema, type SearchCriteria } from '@shared/schemas/job';

/** The four onboarding steps (spec part 1, section 2), in order. */
export const ONBOARDING_STEPS = ['profile', 'search', 'agent', 'credentials'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

/** The progress bar: (step index + 1) over 4, as a percentage. */
export function onboardingProgress(index: number): number {
  const i = clampStep(index);
  return ((i + 1) / ONBOARDING_STEP_COUNT) * 100;
}

export function clampStep(index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(ONBOARDING_STEP_COUNT - 1, Math.max(0, Math.trunc(index)));
}

/** Back and Next: both show; Next is hidden on steps 3 and 4; Back does nothing on step 1. */
export function onboardingButtons(index: number): { backEnabled: boolean; showNext: boolean } {
  const i = clampStep(index);
  return { backEnabled: i > 0, showNext: i < 2 };
}

/** The step Back leads to (step 1 stays where it is). */
export function previousStep(index: number): number {
  return clampStep(index - 1);
}

/** A search with zero results shows an info toast and does not advance; with results it advances. */
export function afterSearch(resultCount: number): 'noResults' | 'advance' {
  return resultCount > 0 ? 'advance' : 'noResults';
}

/** What the marketplace's return (`?oauth_status=…&error_message=…`) says. */
export type OAuthReturn = { kind: 'none' } | { kind: 'success' } | { kind: 'error'; message: string | null };

export function readOAuthReturn(search: string): OAuthReturn {
  const params = new URLSearchParams(search);
  const status = params.get('oauth_status');
  if (status === 'success') return { kind: 'success' };
  if (status === 'error') {
    const message = (params.get('error_message') ?? '').trim().slice(0, 300);
    return { kind: 'error', message: message || null };
  }
  return { kind: 'none' };
}

/**
 * The step shown after a successful return: the saved step when the user left from the credentials
 * step (the wizard continues there), otherwise step 1 moves on to step 2 (the specification's rule).
 */
export function stepAfterOAuthSuccess(savedStep: number | null): number {
  if (savedStep !== null && clampStep(savedStep) > 0) return clampStep(savedStep);
  return 1;
}

/** What the wizard keeps in this tab, so the marketplace's full-page return finds it again. */
export interface OnboardingProgress {
  step: number;
  email: string | null;
  platform: AgentPlatform;
  criteria: SearchCriteria | null;
  automationId: string | null;
  connected: boolean;
}

export const ONBOARDING_STORAGE_KEY = 'bidpilot_onboarding';

/** Reads the saved progress, tolerating anything unreadable (null). */
export function parseOnboardingProgress(raw: string | null): OnboardingProgress | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const r = data as Record<string, unknown>;
  const step = typeof r.step === 'number' ? clampStep(r.step) : 0;
  const email = typeof r.email === 'string' && r.email.includes('@') ? r.email : null;
  const platform: AgentPlatform = r.platform === 'freelancer' ? 'freelancer' : 'upwork';
  const parsed = r.criteria ? searchCriteriaSchema.safeParse(r.criteria) : null;
  const criteria = parsed?.success ? parsed.data : null;
  const automationId =
    typeof r.automationId === 'string' && r.automationId.length > 0 && r.automationId.length <= 100 ? r.automationId : null;
  return { step, email, platform, criteria, automationId, connected: r.connected === true };
}
