import type { AgentPlatform } from '@shared/schemas/agent';
import { searchCriteriaSchema, type SearchCriteria } from '@shared/schemas/job';
import { parseAgentDraft, type AgentFormValues } from '../agents/agent-form';
import { DEFAULT_SEARCH_FORM, type SearchFormValues } from '../search/search-criteria';

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

/** Back and Next: both show; Next is hidden on steps 3 and 4 (the agent wizard has its own); Back does nothing on step 1. */
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

/** What the wizard keeps on this device (every tab, every reload, the marketplace's full-page return). */
export interface OnboardingProgress {
  step: number;
  email: string | null;
  platform: AgentPlatform;
  /** The search form as typed: the keywords survive the marketplace's round trip and a reload. */
  search: SearchFormValues | null;
  /** The last search that found jobs (the agent starts from it). */
  criteria: SearchCriteria | null;
  /** The agent wizard's values while they are being filled, and its part (0–3). */
  agentDraft: Partial<AgentFormValues> | null;
  agentStep: number;
  automationId: string | null;
  connected: boolean;
}

/** The storage key of a user's progress (one per account on a shared device). */
export const onboardingStorageKey = (userId: string) => `bidpilot_onboarding:${userId}`;

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Whether a saved value has the shape of the default it replaces (a list of texts, a text, a number, a flag). */
const sameShape = (value: unknown, like: unknown): boolean => {
  if (Array.isArray(like)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof like && value !== null;
};

/** A saved search form: each control's value when it has the right shape, the default otherwise. */
export function parseSearchForm(raw: unknown): SearchFormValues | null {
  const data = record(raw);
  if (!data) return null;
  const form: Record<string, unknown> = { ...DEFAULT_SEARCH_FORM };
  for (const [key, like] of Object.entries(DEFAULT_SEARCH_FORM)) {
    const value = data[key];
    if (Array.isArray(like) && like.length === 2 && typeof like[0] === 'number') {
      if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n))) form[key] = value;
    } else if (sameShape(value, like)) form[key] = value;
  }
  if (form.platform !== '' && form.platform !== 'upwork' && form.platform !== 'freelancer') form.platform = '';
  return form as unknown as SearchFormValues;
}

/** Reads the saved progress, tolerating anything unreadable (null). */
export function parseOnboardingProgress(raw: string | null): OnboardingProgress | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const r = record(data);
  if (!r) return null;
  const step = typeof r.step === 'number' ? clampStep(r.step) : 0;
  const email = typeof r.email === 'string' && r.email.includes('@') ? r.email : null;
  const platform: AgentPlatform = r.platform === 'freelancer' ? 'freelancer' : 'upwork';
  const parsed = r.criteria ? searchCriteriaSchema.safeParse(r.criteria) : null;
  const criteria = parsed?.success ? parsed.data : null;
  const automationId =
    typeof r.automationId === 'string' && r.automationId.length > 0 && r.automationId.length <= 100 ? r.automationId : null;
  const agentStep = typeof r.agentStep === 'number' && Number.isFinite(r.agentStep) ? Math.min(3, Math.max(0, Math.trunc(r.agentStep))) : 0;
  return {
    step,
    email,
    platform,
    search: parseSearchForm(r.search),
    criteria,
    agentDraft: parseAgentDraft(r.agentDraft),
    agentStep,
    automationId,
    connected: r.connected === true,
  };
}

/**
 * The id of the agent the onboarding makes: the same for an account however often, on whichever
 * device, the onboarding is finished, so it makes one agent (a second pass updates it).
 */
export async function onboardingAgentId(userId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`bidpilot-onboarding:${userId}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: a name-based UUID of our own
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
