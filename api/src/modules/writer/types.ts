import type { Language } from '@shared/languages';
import type { PromptAgent, PromptJob, PromptProfile } from '@shared/prompt-fill';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { Proof } from '@shared/letters/proofs';
import type { ScreeningAnswer } from '@shared/schemas/letter';

/** The price the letter may quote (the rate the agent's settings give for this job). */
export interface ProposalBid {
  amount: number;
  currency: string;
  /** An hourly rate rather than a fixed price. */
  hourly: boolean;
  /** Delivery time, for fixed-price bids. */
  periodDays?: number;
}

export interface WriteInput {
  agent: PromptAgent;
  /** The user's account (name, skills, links) fills what the agent leaves empty. */
  profile?: PromptProfile;
  job: PromptJob;
  /** The letter's language; by default the language of the job post. */
  language?: Language;
  /** The marketplace (sets the length limit); by default the job's, else the agent's, else Upwork. */
  platform?: AgentPlatform;
  bid?: ProposalBid;
  /** The freelancer's own proof most like this job (letters/proofs.ts): the only past work the letter cites. */
  proofs?: readonly Proof[];
  /** Upwork: the job's screening questions, answered apart from the letter. */
  screeningQuestions?: readonly string[];
  signal?: AbortSignal;
}

export interface WriteResult {
  /** The letter, within the marketplace's length limit. */
  text: string;
  /** `ai`: the configured model; `offline`: the sandbox's offline writer. */
  writer: 'ai' | 'offline';
  model: string;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  /** The model stopped at `max_tokens` (the text was cut at a sentence). */
  truncated: boolean;
  /** Names written like placeholders in the agent's prompt that are not known (left as written). */
  unknownPlaceholders: string[];
  /** The post's questions and requests the letter was asked to answer. */
  questions: string[];
  /** Lines of the post that tried to instruct an AI (never obeyed; shown on the draft). */
  injected: string[];
  /** Upwork: an answer for each screening question asked ('' where the writer gave none). */
  screeningAnswers?: ScreeningAnswer[];
  /** The model judged the job one a careful freelancer would not take: why (the letter is held for the user). */
  concern?: string;
}

/** Writes one proposal; rejects only with `WriterError`. */
export interface ProposalWriter {
  readonly kind: 'ai' | 'offline';
  readonly model: string;
  write(input: WriteInput): Promise<WriteResult>;
}

export type WriterErrorCode =
  | 'timeout' // no answer within the timeout (after the client's retries)
  | 'rate_limited' // 429 after the retries
  | 'unavailable' // 5xx after the retries
  | 'network' // connection refused, reset, DNS
  | 'unauthorized' // 401: wrong key
  | 'forbidden' // 403: the key may not use this model
  | 'not_found' // 404: wrong base URL or model
  | 'bad_request' // 400/422: the request was refused as written
  | 'content_filter' // the model refused the content
  | 'empty' // an answer without a letter
  | 'aborted'; // the caller's signal

/**
 * Why a letter could not be written; `transient` says whether trying again later may work. Only
 * `bad_request` and `content_filter` are about the job itself; every other code is about the
 * service (down, slow, limited, or refusing our key or model): the job is not to blame.
 */
export class WriterError extends Error {
  override name = 'WriterError';
  constructor(
    readonly code: WriterErrorCode,
    message: string,
    readonly transient: boolean,
    /** `retryAfterMs`: how long the service asked us to wait (Retry-After), when it said. */
    readonly details: { status?: number; requestId?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

/** Failures that are about the job itself (its text was refused), not about the writing service. */
export const JOB_WRITER_ERRORS: ReadonlySet<WriterErrorCode> = new Set(['bad_request', 'content_filter']);
