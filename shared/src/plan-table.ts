/**
 * The one plan table (decisions.md), free of zod so public pages can bundle it cheaply: every
 * screen, `GET /api/plans` and the limits the server enforces read it. Prices are whole units
 * (dollars, naira); payments convert to the smallest unit. The zod schemas live in plans.ts.
 */
export const PLAN_IDS = ['free', 'basic', 'pro', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLAN_IDS = ['basic', 'pro', 'premium'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** A plan feature: an i18n key under `plans.features.` and, for counted features, its number. */
export interface PlanFeature {
  key: string;
  count?: number;
  included: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  price: { usd: number; naira: number };
  interval: 'month' | 'forever';
  popular: boolean;
  limits: {
    agents: number;
    proposalsPerDay: number;
    maxUpworkProposals: number;
    maxFreelancerBids: number;
    platformAccounts: number;
  };
  features: PlanFeature[];
}
export type PlanCaps = Plan['limits'];

const features = (agents: number, perDay: number, extras: { priority: boolean; autoSend: boolean }): PlanFeature[] => [
  { key: 'projectSearch', included: true },
  { key: 'advancedFilters', included: true },
  { key: 'agents', count: agents, included: true },
  { key: 'proposalsPerDay', count: perDay, included: true },
  { key: 'aiProposals', included: true },
  { key: 'autoSend', included: extras.autoSend },
  { key: 'prioritySupport', included: extras.priority },
];

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: { usd: 0, naira: 0 },
    interval: 'forever',
    popular: false,
    limits: { agents: 1, proposalsPerDay: 2, maxUpworkProposals: 1, maxFreelancerBids: 2, platformAccounts: 1 },
    features: features(1, 2, { priority: false, autoSend: false }),
  },
  {
    id: 'basic',
    name: 'Basic Freelancer',
    price: { usd: 12, naira: 18_000 },
    interval: 'month',
    popular: false,
    limits: { agents: 4, proposalsPerDay: 20, maxUpworkProposals: 20, maxFreelancerBids: 20, platformAccounts: 1 },
    features: features(4, 20, { priority: false, autoSend: true }),
  },
  {
    id: 'pro',
    name: 'Pro Freelancer',
    price: { usd: 25, naira: 38_000 },
    interval: 'month',
    popular: true,
    limits: { agents: 8, proposalsPerDay: 64, maxUpworkProposals: 64, maxFreelancerBids: 64, platformAccounts: 2 },
    features: features(8, 64, { priority: false, autoSend: true }),
  },
  {
    id: 'premium',
    name: 'Premium Freelancer',
    price: { usd: 53, naira: 80_000 },
    interval: 'month',
    popular: false,
    limits: { agents: 15, proposalsPerDay: 150, maxUpworkProposals: 150, maxFreelancerBids: 150, platformAccounts: 2 },
    features: features(15, 150, { priority: true, autoSend: true }),
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The specification's server rule: the plan id is derived from the dollar amount. */
export function planIdFromAmount(usd: number): PaidPlanId {
  if (usd === 25) return 'pro';
  if (usd === 53) return 'premium';
  return 'basic';
}

/** A new account's trial: 7 days with the basic plan's limits, no card. */
export const TRIAL_DAYS = 7;
export const TRIAL_PLAN: PaidPlanId = 'basic';
/** When the plan limits cannot be read, the specification's fallback. */
export const FALLBACK_LIMITS = { maxUpworkProposals: 1, maxFreelancerBids: 2 } as const;

/** A paid plan's price for one period in the smallest unit of `currency` (cents, kobo). */
export function priceMinor(plan: PaidPlanId, currency: 'NGN' | 'USD'): number {
  const { price } = planById(plan);
  return (currency === 'NGN' ? price.naira : price.usd) * 100;
}
