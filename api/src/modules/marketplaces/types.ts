import type { Platform } from '@shared/marketplaces';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import type { ScreeningAnswer } from '@shared/schemas/letter';
import type { ConversationMessage } from '@shared/schemas/job-item';

/** What an adapter needs to act for one user on one marketplace. */
export interface MarketplaceSession {
  accessToken: string;
  /** Upwork: the organization (tenant) the calls act for. */
  tenantId?: string | null;
  /** The scopes the token was granted, when the service says (gates capabilities such as proposals). */
  scope?: string | null;
}

export interface SearchPage {
  jobs: Job[];
  total: number;
  /** Whether asking for the next page can give more. */
  hasMore: boolean;
  /** The requests the search made to the marketplace (each lane's pages), for the call counts. */
  requests?: number;
}

export interface ProposalInput {
  job: Pick<Job, 'externalId' | 'type' | 'minBudget' | 'maxBudget' | 'currency'>;
  /** The bid amount in the job's currency (hourly rate for hourly jobs). */
  amount: number;
  /** Delivery in days (Freelancer `period`). */
  periodDays: number;
  coverLetter: string;
  /** Upwork: the answers to the job's screening questions, sent beside the letter. */
  screeningAnswers?: readonly ScreeningAnswer[];
}

export interface PlacedProposal {
  externalId: string;
  amount: number;
  submittedAt: string;
}

/** A sent proposal to read the fate of: the job and the marketplace's proposal (bid) id. */
export interface ProposalRef {
  jobExternalId: string;
  proposalExternalId: string;
}

/**
 * What a marketplace says of one sent proposal:
 * - `open`: nothing decided yet; `shortlisted`: shortlisted or in an interview;
 * - `won`: the client chose it (a Freelancer.com award or an Upwork offer), waiting for the freelancer;
 * - `hired`: the freelancer accepted; `lost`: declined, or the award was revoked, rejected or cancelled;
 * - `withdrawn`: the freelancer retracted it; `closed`: the job closed without it (or is gone).
 */
export type ProposalState = 'open' | 'shortlisted' | 'won' | 'hired' | 'lost' | 'withdrawn' | 'closed';

export interface ProposalFate {
  proposalExternalId: string;
  state: ProposalState;
  /** The marketplace's own words for it (`award_status:pending`, `Offered`, `project:closed`, …). */
  raw: string;
  /** The client's first message about it, when the connection may read messages and there is one. */
  clientMessage: { id: string; text: string; at: string | null } | null;
  /**
   * Every message about it both ways (the client's and the freelancer's), oldest first: [] when
   * there is none or the connection may not read messages.
   */
  conversation: ConversationMessage[];
  /** False when the connection may not read messages: the status is all there is. */
  messagesReadable: boolean;
}

export interface MarketplaceProfile {
  externalUserId: string;
  username: string;
  displayName: string | null;
  profileUrl: string | null;
}

/** One marketplace, spoken in its real wire format. */
export interface MarketplaceAdapter {
  readonly platform: Platform;
  /** `page` counts from 0. */
  search(session: MarketplaceSession | null, criteria: SearchCriteria, page: number, pageSize: number): Promise<SearchPage>;
  /** Whether this session may submit proposals through the API (else the user sends them by hand). */
  canPlaceProposals(session: MarketplaceSession | null): boolean;
  placeProposal(session: MarketplaceSession, input: ProposalInput): Promise<PlacedProposal>;
  /**
   * The session's own proposal on a job, or null when the marketplace has none: what a sender
   * asks before sending again after a crash or an unclear answer, so a bid is never placed twice.
   */
  findProposal(session: MarketplaceSession, jobExternalId: string): Promise<PlacedProposal | null>;
  self(session: MarketplaceSession): Promise<MarketplaceProfile>;
  /**
   * The fate of sent proposals, read in as few requests as the API allows; a proposal the
   * marketplace no longer knows comes back `closed`, one it could not tell this time is left out.
   * Reads only: never retried on 429 here (the caller schedules the next try after Retry-After).
   */
  proposalFates?(session: MarketplaceSession, refs: readonly ProposalRef[]): Promise<ProposalFate[]>;
  /** Upwork: the screening questions a job asks, read before its letter is written (Freelancer.com has none). */
  screeningQuestions?(session: MarketplaceSession, jobExternalId: string): Promise<string[]>;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Absolute expiry (ISO), when the service says. */
  expiresAt: string | null;
  scope: string | null;
}

/** The authorization-code flow of a marketplace. */
export interface OAuthClient {
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
}

export type { Platform };

/** Both marketplaces, each with its adapter and OAuth client (real service or sandbox). */
export type Marketplaces = Record<Platform, { adapter: MarketplaceAdapter; oauth: OAuthClient }>;
