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
  /** When the client's account was made (ISO); absent where the marketplace does not say (Upwork's search). */
  accountCreatedAt: z.string().nullable().optional(),
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

/**
 * How many words an hour the fastest honest pace delivers (a translator or an editor on a good day;
 * most do 300–1,000): a price a word under the user's hourly minimum even at this pace is under it
 * at any pace (`wordRateBelow`).
 */
export const WORDS_PER_HOUR = 2000;

/**
 * Why a job was ruled out before scoring: outside the agent's rates or job types; `wordRateBelow`: the
 * price a word the post states (offered, USD) is under the hourly minimum (limit) even at WORDS_PER_HOUR.
 */
export const FILTER_RULES = ['hourlyBelow', 'hourlyAbove', 'fixedBelow', 'fixedAbove', 'type', 'wordRateBelow'] as const;

/**
 * The factors of a match score, each rendered by the PWA as a phrase in the user's language
 * (`search.match.<code>`). Codes of older results (`title`) stay readable.
 */
export const matchFactorSchema = z.discriminatedUnion('code', [
  // `words`/`word`: the post's own word for a skill when it tells more than the skill's name ("Snowflake"
  // for BigQuery); `words` runs beside `matched` (null: the name says it). Optional: older results lack them.
  factor('skills', { matched: z.array(z.string()), total: z.number().int(), words: z.array(z.string().nullable()).optional() }),
  factor('noSkills'),
  factor('related', { skill: z.string(), word: z.string().optional(), via: z.string() }),
  factor('mainMissing', { skill: z.string(), word: z.string().optional() }),
  factor('languageMissing', { skill: z.string(), word: z.string().optional() }),
  // The post asks for nothing of the trade the profile's title names (`trade`: its skills' names).
  factor('outsideTrade', { trade: z.string() }),
  // The post's words that need the freelancer on site.
  factor('onSite', { quote: z.string() }),
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

/**
 * What makes a job one no careful freelancer would bid on, whatever it pays or however well it
 * matches (`shared/src/matching/risk/`). A flagged job is never sent automatically and never counts
 * against the daily cap; it is shown with its flags, and the user may still choose it.
 */
export const RISK_CODES = [
  /** A fee, deposit or purchase to start. */
  'upfrontFee',
  /** Receiving or passing on payments, cheques, gift cards or packages for someone. */
  'paymentHandling',
  /** Unpaid tests, "free trial" or "sample" work of real size. */
  'unpaidWork',
  /** Moving off the platform or sharing contact details before a contract. */
  'offPlatform',
  /** Fake reviews, ratings, followers or votes. */
  'fakeEngagement',
  /** Bulk or verified account creation. */
  'bulkAccounts',
  /** Copying, cracking, or removing a licence check. */
  'piracy',
  /** Watching a person without their consent. */
  'surveillance',
  /** Evading plagiarism or Content ID checks. */
  'checkEvasion',
  /** Falsified records for a lender or an authority. */
  'falsifiedRecords',
  /** Doing a student's graded work for them. */
  'academicCheating',
  /** Other work a marketplace's terms forbid. */
  'forbiddenByTerms',
  /** The work asked for is far beyond the money offered. */
  'scopeOverBudget',
  /** Many deliverables at a price per item far below the trade's floor. */
  'pricePerItemLow',
  /** The client looks risky: payment not verified with no spend, many posts and no hires, a new account. */
  'clientRisk',
] as const;
export type RiskCode = (typeof RISK_CODES)[number];

export const CLIENT_RISK_SIGNALS = ['unverifiedNoSpend', 'manyPostsNoHires', 'newAccount'] as const;

export const riskFlagSchema = z.object({
  code: z.enum(RISK_CODES),
  /** The post's own words that raised it (a short excerpt); null where numbers raised it. */
  quote: z.string().nullable(),
  /** scopeOverBudget: what the work asked for would cost at the trade's floor, and what is offered (USD). */
  expectedUsd: z.number().optional(),
  offeredUsd: z.number().optional(),
  /** pricePerItemLow: how many deliverables, and the price of each (USD). */
  items: z.number().int().optional(),
  perItemUsd: z.number().optional(),
  /** clientRisk: which signal. */
  signal: z.enum(CLIENT_RISK_SIGNALS).optional(),
  /** Read by the learned model (`risk/learned.ts`), not named by a rule: the post reads like this family. */
  likely: z.boolean().optional(),
  /**
   * Read by the learned model below its flag but above its lower cut: the post reads somewhat like
   * this family. No red flag; held for the user's look like one (never sent on its own).
   */
  unsure: z.boolean().optional(),
});
export type RiskFlag = z.infer<typeof riskFlagSchema>;

/** A job with its match score against the user's profile (0–100) and the reason. */
export const scoredJobSchema = jobSchema.extend({
  matchScore: z.number().int().min(0).max(100),
  /** The reason as a job item keeps it (`encodeMatchReason`: the factors and what the learner reads); the PWA renders `matchFactors`. */
  matchReason: z.string(),
  matchFactors: z.array(matchFactorSchema),
  /** Red flags and client risk (empty: none); a flagged job is held for the user, never auto-sent. */
  riskFlags: z.array(riskFlagSchema).default([]),
  /**
   * Where the user is with the job: `applied` only once a proposal was sent; `queued` (being written
   * or waiting to go out) and `draft` (waiting for the user's review) before; `new` otherwise.
   */
  status: z.enum(['new', 'applied', 'saved', 'queued', 'draft']),
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
    /**
     * Only jobs posted at or after this time (unix seconds): an agent's "posted within" window
     * (shared/src/posted-within.ts), sent to the marketplaces' own time filters and checked again here.
     */
    postedSince: z.coerce.number().int().min(0).optional(),
  });
export type SearchCriteria = z.output<typeof searchCriteriaSchema>;

export const searchResponseSchema = z.object({
  data: z.array(scoredJobSchema),
  total: z.number().int(),
  platform: agentPlatformSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
