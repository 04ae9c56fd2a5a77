import { z } from '../zod';
import { agentFieldsSchema, agentPlatformSchema } from './agent';

/** What a marketplace tells of a job's client (null where it does not say). */
export const jobClientSchema = z.object({
  paymentVerified: z.boolean().nullable(),
  rating: z.number().nullable(),
  totalSpentUsd: z.number().nullable(),
  country: z.string().nullable(),
  hires: z.number().int().nullable(),
  /** Jobs the client has posted (with `hires`, the hire rate); absent where the marketplace does not say. */
  jobsPosted: z.number().int().nullable().optional(),
});
export type JobClient = z.infer<typeof jobClientSchema>;

/** A marketplace job as every screen and the runner see it, whichever marketplace it came from. */
export const jobSchema = z.object({
  /** `<platform>:<externalId>`: unique across marketplaces. */
  id: z.string(),
  platform: agentPlatformSchema,
  externalId: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  type: z.enum(['fixed', 'hourly']),
  currency: z.string(),
  minBudget: z.number().nullable(),
  maxBudget: z.number().nullable(),
  /** The budget in US dollars (the midpoint of the range), for ranking and filters. */
  budgetUsd: z.number().nullable(),
  skills: z.array(z.string()),
  experienceLevel: z.enum(['entry', 'intermediate', 'expert']).nullable(),
  duration: z.string().nullable(),
  datePosted: z.string(),
  clientName: z.string().nullable(),
  clientLocation: z.string().nullable(),
  logoUrl: z.string().nullable(),
  client: jobClientSchema,
  bidCount: z.number().int().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A reason behind a match score; `points` is what it added (or took) (optional: older results lack it). */
function factor<C extends string>(code: C): z.ZodObject<{ code: z.ZodLiteral<C>; points: z.ZodOptional<z.ZodNumber> }>;
function factor<C extends string, T extends z.ZodRawShape>(
  code: C,
  shape: T,
): z.ZodObject<{ code: z.ZodLiteral<C>; points: z.ZodOptional<z.ZodNumber> } & T>;
function factor(code: string, shape: z.ZodRawShape = {}) {
  return z.object({ code: z.literal(code), points: z.number().optional(), ...shape });
}

/** Why a job was ruled out before scoring: outside the agent's rates or job types. */
export const FILTER_RULES = ['hourlyBelow', 'hourlyAbove', 'fixedBelow', 'fixedAbove', 'type'] as const;

/**
 * The factors of a match score, each rendered by the PWA as a phrase in the user's language
 * (`search.match.<code>`). Codes of older results (`title`) stay readable.
 */
export const matchFactorSchema = z.discriminatedUnion('code', [
  factor('skills', { matched: z.array(z.string()), total: z.number().int() }),
  factor('noSkills'),
  factor('related', { skill: z.string(), via: z.string() }),
  factor('mainMissing', { skill: z.string() }),
  factor('languageMissing', { skill: z.string() }),
  factor('keywords', { terms: z.array(z.string()) }),
  factor('title', { overlap: z.number() }),
  factor('filtered', { rule: z.enum(FILTER_RULES), offered: z.number().nullable(), limit: z.number().nullable() }),
  factor('budgetFits'),
  factor('budgetLow'),
  factor('budgetUnknown'),
  factor('clientVerified'),
  factor('clientUnverified'),
  factor('clientRating', { rating: z.number() }),
  factor('clientRatingLow', { rating: z.number() }),
  factor('clientSpent', { usd: z.number() }),
  factor('newClient'),
  factor('hireRate', { percent: z.number() }),
  factor('hireRateLow', { percent: z.number() }),
  factor('fewBids', { count: z.number().int() }),
  factor('manyBids', { count: z.number().int() }),
  factor('oldPost', { days: z.number().int() }),
  factor('learned', { approved: z.number().int(), discarded: z.number().int() }),
]);
export type MatchFactor = z.infer<typeof matchFactorSchema>;

/** A job with its match score against the user's profile (0–100) and the reason. */
export const scoredJobSchema = jobSchema.extend({
  matchScore: z.number().int().min(0).max(100),
  /** The reason as a job item keeps it (`encodeMatchReason`: the factors and what the learner reads); the PWA renders `matchFactors`. */
  matchReason: z.string(),
  matchFactors: z.array(matchFactorSchema),
  status: z.enum(['new', 'applied', 'saved']),
});
export type ScoredJob = z.infer<typeof scoredJobSchema>;

/** The search form's criteria (part 1 section 3; part 2 "Search criteria"). */
export const searchCriteriaSchema = agentFieldsSchema
  .pick({
    upworkJobType: true,
    upworkExperienceLevel: true,
    upworkDuration: true,
    upworkMinRate: true,
    upworkMaxRate: true,
    upworkMinFixedRate: true,
    upworkMaxFixedRate: true,
    freelancerIsHourly: true,
    freelancerIsFixed: true,
    freelancerMinBudget: true,
    freelancerMaxBudget: true,
    freelancerHourlyRateMin: true,
    freelancerHourlyRateMax: true,
    freelancerLanguage: true,
  })
  .partial()
  .extend({
    title: z.string({ error: 'Please fill out all the required fields' }).trim().min(1, 'Please fill out all the required fields').max(200),
    /** The agent's skills (an agent's search and its floor preview): the marketplace query is built from them and the title. */
    skills: z.array(z.string().trim().max(60)).max(50).optional(),
    platform: agentPlatformSchema,
    pageLimit: z.coerce.number().int().min(1).max(5).default(1),
  });
export type SearchCriteria = z.output<typeof searchCriteriaSchema>;

export const searchResponseSchema = z.object({
  data: z.array(scoredJobSchema),
  total: z.number().int(),
  platform: agentPlatformSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
