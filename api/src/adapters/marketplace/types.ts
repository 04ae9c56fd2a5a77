import type { Job, SearchCriteria } from '@shared/schemas/job';

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
}

export interface ProposalInput {
  job: Pick<Job, 'externalId' | 'type' | 'minBudget' | 'maxBudget' | 'currency'>;
  /** The bid amount in the job's currency (hourly rate for hourly jobs). */
  amount: number;
  /** Delivery in days (Freelancer `period`). */
  periodDays: number;
  coverLetter: string;
}

export interface PlacedProposal {
  externalId: string;
  amount: number;
  submittedAt: string;
}

export interface MarketplaceProfile {
  externalUserId: string;
  username: string;
  displayName: string | null;
  profileUrl: string | null;
}

/** One marketplace, spoken in its real wire format. */
export interface MarketplaceAdapter {
  readonly platform: 'upwork' | 'freelancer';
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

export type Platform = 'upwork' | 'freelancer';

/** Both marketplaces, each with its adapter and OAuth client (real service or sandbox). */
export type Marketplaces = Record<Platform, { adapter: MarketplaceAdapter; oauth: OAuthClient }>;
