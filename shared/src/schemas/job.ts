import { z } from '../zod';
import { agentFieldsSchema, agentPlatformSchema } from './agent';

/** What a marketplace tells of a job's client (null where it does not say). */
export const jobClientSchema = z.object({
  paymentVerified: z.boolean().nullable(),
  rating: z.number().nullable(),
  totalSpentUsd: z.number().nullable(),
  country: z.string().nullable(),
  hires: z.number().int().nullable(),
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

/** A job with its match score against the user's profile (0–100) and the one-line reason. */
export const matchFactorSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('skills'), matched: z.array(z.string()), total: z.number().int() }),
  z.object({ code: z.literal('noSkills') }),
  z.object({ code: z.literal('title'), overlap: z.number() }),
  z.object({ code: z.literal('budgetFits') }),
  z.object({ code: z.literal('budgetLow') }),
  z.object({ code: z.literal('budgetUnknown') }),
  z.object({ code: z.literal('clientVerified') }),
  z.object({ code: z.literal('clientUnverified') }),
  z.object({ code: z.literal('clientRating'), rating: z.number() }),
]);

export const scoredJobSchema = jobSchema.extend({
  matchScore: z.number().int().min(0).max(100),
  /** The reason in English; `matchFactors` lets the PWA say it in the user's language. */
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
