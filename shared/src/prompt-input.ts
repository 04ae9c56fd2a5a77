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
