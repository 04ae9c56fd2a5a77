import { z } from '../zod';
import { PLATFORMS } from '../marketplaces';
import { webLinkSchema } from '../validation';
import { agentRunSchema } from './run';

/**
 * A job agent ("automation"): every field of the specification (part 2, section 3) with the
 * wizard's bounds. Marketplace credentials are not agent fields: they are never accepted here and
 * never returned (they live encrypted in the integrations store).
 */
export const agentMessages = {
  titleMin: 'Title must be at least 2 characters.',
  emailsPerDayMin: 'Emails per day must be at least 1.',
  emailsPerDayWhole: 'Proposals per day must be a whole number, such as 2 or 3.',
  emailsPerDayMax: 'Your plan allows maximum {n} proposals per day.',
  jobTypeRequired: 'Job type is required',
  experienceRequired: 'Experience level is required',
  durationRequired: 'Duration is required',
  profileTitleMax: 'Must be at most 70 characters',
  timeFormat: 'Use the 24-hour format HH:MM',
  credentialsRefused: 'Credentials are not accepted here. Connect your account from Integrations.',
  agentCap: 'Your plan allows maximum {n} job agents.',
  rangeOrder: 'The minimum must not be above the maximum',
  /** A create with an id that cannot be used (deleted, or held by someone else: the two answer alike). */
  idUnusable: 'This agent id cannot be used. Create the agent again.',
} as const;

/** Slider bounds and steps (part 2, section 9). */
export const AGENT_BOUNDS = {
  upworkHourly: { min: 0, max: 1000, step: 5 },
  upworkFixed: { min: 0, max: 5000, step: 100 },
  upworkRate: { min: 0, max: 5000, step: 100 },
  freelancerBudget: { min: 0, max: 5000, step: 100 },
  freelancerHourly: { min: 1, max: 200, step: 1 },
  emailsPerDayDefault: 5,
  profileTitleMax: 70,
  minMatchScore: { min: 0, max: 100, step: 5 },
} as const;

/**
 * The minimum match score a new agent drafts or sends at, chosen on the labelled set in
 * bench/matching: no label-0 job in any profile's top ten, few label-0 jobs above it at all, and
 * more than nine in ten of the good jobs still above it, sparse profiles included
 * (`npm run bench -- matching` prints the sweep it was chosen from).
 */
export const DEFAULT_MIN_MATCH_SCORE = 55;

export { PLATFORMS };
/** One of the marketplaces (shared/src/marketplaces.ts). */
export const platformSchema = z.enum(PLATFORMS);
export const agentPlatformSchema = platformSchema;
export type AgentPlatform = z.infer<typeof agentPlatformSchema>;

export const AGENT_STATUSES = ['active', 'paused'] as const;
export const agentStatusSchema = z.enum(AGENT_STATUSES);
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const RUN_FREQUENCIES = ['daily', 'twice_weekly', 'weekly', 'biweekly'] as const;
export const UPWORK_JOB_TYPES = ['hourly', 'fixed', 'any'] as const;
export const EXPERIENCE_LEVELS = ['entry', 'intermediate', 'expert'] as const;
export const DURATIONS = ['short_term', 'medium_term', 'long_term', 'ongoing'] as const;
export const AVAILABILITIES = ['more_than_30', 'less_than_30', 'as_needed', 'not_available'] as const;
export const FREELANCER_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export const PROMPT_TEMPLATES = ['web_development', 'graphic_design', 'content_writing', 'digital_marketing', 'custom'] as const;
export const SEND_MODES = ['review', 'auto'] as const;
/** How an experiment's proposals get their template: at random, or by Thompson sampling on the results so far. */
export const EXPERIMENT_ASSIGNMENTS = ['random', 'thompson'] as const;
/** What an experiment tries to raise: replies, interviews (shortlists included) or won jobs. */
export const EXPERIMENT_METRICS = ['replied', 'interview', 'won'] as const;

/** Credential fields the specification deliberately keeps off agent creation. */
export const CREDENTIAL_FIELDS = [
  'upworkUsername',
  'upworkPassword',
  'upworkSecurityAnswer',
  'freelancerUsername',
  'freelancerPassword',
  'freelancerOauthToken',
] as const;

/** Empty numeric input becomes 0 and numeric text a number (the specification's edit rule). */
const coercedNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? 0 : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: 'Must be a number' }).finite().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`),
  );

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

const uniqueTrimmed = (max: number, itemMax: number) =>
  z
    .array(z.string().trim().max(itemMax))
    .max(max)
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => item !== '' && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
    });

/**
 * A template experiment: the agent's proposals are shared among two or more templates (arms). The
 * arm each proposal got is recorded on it, so the results can always be recomputed. An ended
 * experiment stays on the agent (with the template the user kept) until a new one starts.
 */
export const experimentSchema = z
  .object({
    /** Made by the client when the experiment starts: the proposals of an older one never mix in. */
    id: z.string().trim().min(1).max(64),
    arms: z
      .array(z.enum(PROMPT_TEMPLATES))
      .min(2, 'An experiment needs at least two templates')
      .max(PROMPT_TEMPLATES.length)
      .refine((arms) => new Set(arms).size === arms.length, 'Each template can be in an experiment once'),
    assignment: z.enum(EXPERIMENT_ASSIGNMENTS),
    metric: z.enum(EXPERIMENT_METRICS),
    startedAt: z.iso.datetime({ offset: true }),
    endedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The template the user kept when ending it ("Use the winner"). */
    winner: z.enum(PROMPT_TEMPLATES).nullable(),
  })
  .strict()
  .refine((experiment) => experiment.winner === null || experiment.arms.includes(experiment.winner), {
    message: 'The winner must be one of the templates in the experiment',
    path: ['winner'],
  });
export type Experiment = z.output<typeof experimentSchema>;

/** Whether an experiment is running (started and not ended). */
export const experimentRunning = (experiment: Experiment | null | undefined): experiment is Experiment =>
  Boolean(experiment && experiment.endedAt === null);

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, agentMessages.timeFormat);

/** Every field a user can set on an agent, each optional (defaults are the server's). */
export const agentFieldsSchema = z.object({
  name: text(120),
  title: z.string().trim().min(2, agentMessages.titleMin).max(200, 'Must be at most 200 characters'),
  platform: agentPlatformSchema,
  location: text(120),
  jobType: text(40),
  datePosted: text(10),
  emailsPerDay: z.preprocess(
    (value) => (value === '' || value === null ? 0 : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: agentMessages.emailsPerDayMin }).int(agentMessages.emailsPerDayWhole).min(1, agentMessages.emailsPerDayMin).max(1000),
  ),
  startTime: time,
  endTime: time,
  activeEvery: z.enum(RUN_FREQUENCIES),
  sendMode: z.enum(SEND_MODES),
  skills: uniqueTrimmed(50, 60),
  portfolioLinks: uniqueTrimmed(20, 500).pipe(z.array(webLinkSchema())),
  promptTemplate: z.enum(PROMPT_TEMPLATES),
  prompt: text(8000),
  experiment: experimentSchema.nullable(),

  upworkJobType: z.enum(UPWORK_JOB_TYPES, { error: agentMessages.jobTypeRequired }),
  upworkExperienceLevel: z.enum(EXPERIENCE_LEVELS, { error: agentMessages.experienceRequired }),
  upworkDuration: z.enum(DURATIONS, { error: agentMessages.durationRequired }),
  upworkPaymentRate: coercedNumber(AGENT_BOUNDS.upworkRate.min, AGENT_BOUNDS.upworkRate.max),
  upworkHourlyMinRate: coercedNumber(AGENT_BOUNDS.upworkHourly.min, AGENT_BOUNDS.upworkHourly.max),
  upworkHourlyMaxRate: coercedNumber(AGENT_BOUNDS.upworkHourly.min, AGENT_BOUNDS.upworkHourly.max),
  upworkFixedMinBudget: coercedNumber(AGENT_BOUNDS.upworkFixed.min, AGENT_BOUNDS.upworkFixed.max),
  upworkFixedMaxBudget: coercedNumber(AGENT_BOUNDS.upworkFixed.min, AGENT_BOUNDS.upworkFixed.max),
  upworkMinRate: coercedNumber(AGENT_BOUNDS.upworkHourly.min, AGENT_BOUNDS.upworkHourly.max),
  upworkMaxRate: coercedNumber(AGENT_BOUNDS.upworkHourly.min, AGENT_BOUNDS.upworkHourly.max),
  upworkMinFixedRate: coercedNumber(AGENT_BOUNDS.upworkFixed.min, AGENT_BOUNDS.upworkFixed.max),
  upworkMaxFixedRate: coercedNumber(AGENT_BOUNDS.upworkFixed.min, AGENT_BOUNDS.upworkFixed.max),
  upworkFreelancerName: text(120),
  upworkProfileUrl: z.union([z.literal(''), webLinkSchema(500)]),
  upworkWorkHistory: text(8000),
  upworkProfileTitle: z.string().trim().max(AGENT_BOUNDS.profileTitleMax, agentMessages.profileTitleMax),
  upworkOverview: text(8000),
  upworkBoostProposal: z.boolean(),
  upworkMaximumBid: coercedNumber(0, 1000),
  upworkAutoRefill: z.boolean(),
  upworkAutoRefillAmount: z.preprocess(
    (value) => (value === '' || value === null ? 0 : typeof value === 'string' ? Number(value) : value),
    z.number().int().min(0).max(1000),
  ),
  upworkSpecializedProfiles: uniqueTrimmed(10, 200),
  upworkCategories: uniqueTrimmed(20, 120),
  upworkPortfolio: text(8000),
  upworkEducation: text(4000),
  upworkCertifications: text(4000),
  upworkOtherExperiences: text(4000),
  /** '' until the user says: a default is never stated in a letter as their availability. */
  upworkAvailability: z.union([z.enum(AVAILABILITIES), z.literal('')]),
  upworkLanguages: text(500),
  upworkTestimonials: text(8000),
  upworkProjectCatalog: text(8000),
  upworkIdentityVerified: z.boolean(),

  freelancerIsHourly: z.boolean(),
  freelancerIsFixed: z.boolean(),
  freelancerMinBudget: coercedNumber(AGENT_BOUNDS.freelancerBudget.min, AGENT_BOUNDS.freelancerBudget.max),
  freelancerMaxBudget: coercedNumber(AGENT_BOUNDS.freelancerBudget.min, AGENT_BOUNDS.freelancerBudget.max),
  freelancerHourlyRateMin: coercedNumber(AGENT_BOUNDS.freelancerHourly.min, AGENT_BOUNDS.freelancerHourly.max),
  freelancerHourlyRateMax: coercedNumber(AGENT_BOUNDS.freelancerHourly.min, AGENT_BOUNDS.freelancerHourly.max),
  freelancerLanguage: z
    .array(z.enum(FREELANCER_LANGUAGES))
    .max(FREELANCER_LANGUAGES.length)
    .transform((list) => [...new Set(list)]),

  /** Jobs scoring below this are never drafted or sent (decisions.md). */
  minMatchScore: z.preprocess(
    (value) => (value === '' || value === null ? 0 : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be at least 0').max(100, 'Must be at most 100'),
  ),
  /** Client filters, where the marketplace gives the data (decisions.md). */
  clientVerifiedOnly: z.boolean(),
  clientMinRating: coercedNumber(0, 5),
  clientMinSpentUsd: coercedNumber(0, 10_000_000),
  excludedCountries: z
    .array(z.string().trim().toUpperCase().length(2, 'Use two-letter country codes'))
    .max(250)
    .transform((list) => [...new Set(list)]),
});
export type AgentFields = z.output<typeof agentFieldsSchema>;
export type AgentFieldName = keyof AgentFields;

/** The defaults a new agent gets for every field not given (part 2, sections 3 and 9). */
export const AGENT_DEFAULTS: Omit<AgentFields, 'title' | 'platform' | 'name'> = {
  location: 'Remote',
  jobType: 'contract',
  datePosted: '1w',
  emailsPerDay: AGENT_BOUNDS.emailsPerDayDefault,
  startTime: '09:00',
  endTime: '17:00',
  activeEvery: 'daily',
  sendMode: 'review',
  skills: [],
  portfolioLinks: [],
  promptTemplate: 'custom',
  prompt: '',
  experiment: null,
  upworkJobType: 'hourly',
  upworkExperienceLevel: 'intermediate',
  upworkDuration: 'medium_term',
  upworkPaymentRate: 0,
  upworkHourlyMinRate: 0,
  upworkHourlyMaxRate: 1000,
  upworkFixedMinBudget: 0,
  upworkFixedMaxBudget: 5000,
  upworkMinRate: 0,
  upworkMaxRate: 1000,
  upworkMinFixedRate: 0,
  upworkMaxFixedRate: 5000,
  upworkFreelancerName: '',
  upworkProfileUrl: '',
  upworkWorkHistory: '',
  upworkProfileTitle: '',
  upworkOverview: '',
  upworkBoostProposal: false,
  upworkMaximumBid: 0,
  upworkAutoRefill: false,
  upworkAutoRefillAmount: 0,
  upworkSpecializedProfiles: [],
  upworkCategories: [],
  upworkPortfolio: '',
  upworkEducation: '',
  upworkCertifications: '',
  upworkOtherExperiences: '',
  upworkAvailability: '',
  upworkLanguages: '',
  upworkTestimonials: '',
  upworkProjectCatalog: '',
  upworkIdentityVerified: false,
  freelancerIsHourly: true,
  freelancerIsFixed: true,
  freelancerMinBudget: 0,
  // The slider's top, "no limit": a fixed maximum hid every larger project (issue 34). Agents saved
  // with the old default of 1000 keep it: it cannot be told from a maximum the user chose.
  freelancerMaxBudget: AGENT_BOUNDS.freelancerBudget.max,
  freelancerHourlyRateMin: 20,
  freelancerHourlyRateMax: 100,
  freelancerLanguage: ['en'],
  minMatchScore: DEFAULT_MIN_MATCH_SCORE,
  clientVerifiedOnly: false,
  clientMinRating: 0,
  clientMinSpentUsd: 0,
  excludedCountries: [],
};

const ranges: Array<[AgentFieldName, AgentFieldName]> = [
  ['upworkHourlyMinRate', 'upworkHourlyMaxRate'],
  ['upworkFixedMinBudget', 'upworkFixedMaxBudget'],
  ['upworkMinRate', 'upworkMaxRate'],
  ['upworkMinFixedRate', 'upworkMaxFixedRate'],
  ['freelancerMinBudget', 'freelancerMaxBudget'],
  ['freelancerHourlyRateMin', 'freelancerHourlyRateMax'],
];

/** Range problems of a whole agent (after merging a patch into the stored record). */
export function agentRangeIssues(agent: Partial<AgentFields>): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  for (const [min, max] of ranges) {
    const low = agent[min];
    const high = agent[max];
    if (typeof low === 'number' && typeof high === 'number' && low > high) issues.push({ path: min, message: agentMessages.rangeOrder });
  }
  return issues;
}

const refuseCredentials = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const field of CREDENTIAL_FIELDS) {
    if (field in value) ctx.addIssue({ code: 'custom', path: [field], message: agentMessages.credentialsRefused });
  }
};

/** `POST /api/automations`: title and platform are required; a client-made UUID may be given. */
export const createAgentBodySchema = z
  .looseObject({ id: z.uuid().optional(), userId: z.string().optional() })
  .superRefine(refuseCredentials)
  .pipe(
    agentFieldsSchema
      .partial()
      .required({ title: true, platform: true })
      .extend({ id: z.uuid().optional(), userId: z.string().optional() })
      .strict(),
  );
export type CreateAgentBody = z.input<typeof createAgentBodySchema>;

/**
 * The versions a write was made on, per field: `baseVersions[field]` when given, else `baseVersion`.
 * A field changed on the server after its base, and set here to another value, answers 409.
 */
export const baseVersionsSchema = z.record(z.string().max(64), z.number().int().nonnegative()).optional();

/** `PUT /api/automations/{id}`: any fields; `baseVersion` is the version the edit was made on. */
export const updateAgentBodySchema = z
  .looseObject({})
  .superRefine(refuseCredentials)
  .pipe(
    agentFieldsSchema.partial().extend({ baseVersion: z.number().int().positive().optional(), baseVersions: baseVersionsSchema }).strict(),
  );
export type UpdateAgentBody = z.input<typeof updateAgentBodySchema>;

export const agentStatusBodySchema = z.object({
  status: agentStatusSchema,
  baseVersion: z.number().int().positive().optional(),
  baseVersions: baseVersionsSchema,
});

export const agentSchema = agentFieldsSchema.extend({
  id: z.string(),
  userId: z.string(),
  status: agentStatusSchema,
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRun: z.string().nullable(),
  /** When the runner next runs it (null before its first run is planned). */
  nextRunAt: z.string().nullable(),
  emailsSent: z.number().int(),
  jobsFound: z.number().int(),
  version: z.number().int(),
  /** The run under way, the last run, and a hold a failing service puts on runs (written by the runner only). */
  run: agentRunSchema.nullable().optional(),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentResponseSchema = z.object({ success: z.literal(true), data: agentSchema });
export const agentCreatedResponseSchema = z.object({ success: z.literal(true), id: z.string(), data: agentSchema });
export const agentListResponseSchema = z.object({ data: z.array(agentSchema) });
export const successResponseSchema = z.object({ success: z.literal(true) });
