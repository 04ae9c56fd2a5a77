import type { AgentFields } from './schemas/agent';
import type { Job } from './schemas/job';
import type { Proof } from './letters/proofs';
import { PROMPT_PLACEHOLDERS, type PromptPlaceholder } from './prompt-templates';

/** What a proposal prompt is filled from: the agent, the user's profile and the job (prompt-fill.ts). */

/** Placeholders offered beyond the specification's list. */
export const EXTRA_PLACEHOLDERS = ['jobTitle', 'jobBudget', 'clientName'] as const;
export type ExtraPlaceholder = (typeof EXTRA_PLACEHOLDERS)[number];
export type FillablePlaceholder = PromptPlaceholder | ExtraPlaceholder;
export const FILLABLE_PLACEHOLDERS: readonly FillablePlaceholder[] = [...PROMPT_PLACEHOLDERS, ...EXTRA_PLACEHOLDERS];

/**
 * The name each placeholder is offered under: what it is, on either marketplace (`{{name}}`, not
 * `{{upworkFreelancerName}}`). A prompt may use either name; both fill alike.
 */
export const PLACEHOLDER_NAMES: Readonly<Record<FillablePlaceholder, string>> = {
  upworkFreelancerName: 'name',
  upworkProfileTitle: 'profileTitle',
  upworkOverview: 'overview',
  skills: 'skills',
  upworkAvailability: 'availability',
  upworkCertifications: 'certifications',
  upworkPortfolio: 'portfolio',
  upworkWorkHistory: 'workHistory',
  upworkJobType: 'contractType',
  upworkEducation: 'education',
  upworkOtherExperiences: 'otherExperience',
  upworkLanguages: 'languages',
  upworkTestimonials: 'testimonials',
  upworkProjectCatalog: 'projectCatalog',
  upworkExperienceLevel: 'experienceLevel',
  upworkDuration: 'duration',
  upworkPaymentRate: 'preferredRate',
  jobDescription: 'jobDescription',
  upworkSpecializedProfiles: 'specializedProfiles',
  upworkCategories: 'categories',
  upworkProfileUrl: 'profileUrl',
  upworkHourlyMinRate: 'hourlyRateMin',
  upworkHourlyMaxRate: 'hourlyRateMax',
  upworkMinFixedRate: 'fixedBudgetMin',
  upworkMaxFixedRate: 'fixedBudgetMax',
  jobTitle: 'jobTitle',
  jobBudget: 'jobBudget',
  clientName: 'clientName',
};

const BY_NAME = new Map<string, FillablePlaceholder>([
  ...FILLABLE_PLACEHOLDERS.map((p) => [p, p] as const),
  ...FILLABLE_PLACEHOLDERS.map((p) => [PLACEHOLDER_NAMES[p], p] as const),
]);

/** The placeholder a name in a prompt stands for (either of its names), or undefined when unknown. */
export const placeholderNamed = (name: string): FillablePlaceholder | undefined => BY_NAME.get(name);

/**
 * Placeholders a Freelancer.com agent's prompt editor does not offer: Upwork's own profile sections,
 * criteria and profile link (they fill empty on Freelancer.com), and the preferred rate its wizard
 * does not ask for.
 */
export const UPWORK_ONLY_PLACEHOLDERS: ReadonlySet<FillablePlaceholder> = new Set([
  'upworkSpecializedProfiles',
  'upworkCategories',
  'upworkProjectCatalog',
  'upworkExperienceLevel',
  'upworkDuration',
  'upworkPaymentRate',
  'upworkProfileUrl',
]);

/** The agent fields a prompt reads (any subset: missing ones count as empty). */
export type PromptAgent = Partial<AgentFields>;

/** What the user's account adds when the agent leaves a field empty. */
export interface PromptProfile {
  firstName?: string | null;
  lastName?: string | null;
  skills?: readonly string[];
  portfolioLinks?: readonly string[];
  /** The freelancer's own headline and overview (Settings), for agents that leave theirs empty. */
  profileTitle?: string | null;
  profileOverview?: string | null;
  /** The profile's work history, portfolio and Upwork profile address, for agents that leave theirs empty. */
  workHistory?: string | null;
  portfolio?: string | null;
  upworkProfileUrl?: string | null;
}

/** The job being answered (the normalised Job; only title and description are required). */
export type PromptJob = Pick<Job, 'title' | 'description'> &
  Partial<Pick<Job, 'platform' | 'type' | 'currency' | 'minBudget' | 'maxBudget' | 'clientName' | 'skills'>>;

export interface PromptInput {
  agent: PromptAgent;
  profile?: PromptProfile;
  job: PromptJob;
  /**
   * The proof picked for this job (letters/proofs.ts). When given, a long work history or portfolio
   * is narrowed to the picked entries: only what is like the job reaches the writer.
   */
  proofs?: ReadonlyArray<Pick<Proof, 'source' | 'text'>>;
}
