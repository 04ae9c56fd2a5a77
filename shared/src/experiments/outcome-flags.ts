import type { JobItem } from '../schemas/job-item';

export type OutcomeItem = Pick<JobItem, 'status' | 'outcome' | 'outcomeSource' | 'repliedAt'>;

export interface OutcomeFlags {
  sent: boolean;
  /** The client answered (a message, a shortlist, an interview or an offer). */
  replied: boolean;
  /** Shortlisted, interviewed or hired. */
  interview: boolean;
  /** Hired, or offered the job (an award waiting for the freelancer counts: the client chose this proposal). */
  won: boolean;
}

const REPLIED = new Set(['replied', 'interview', 'hired']);
const INTERVIEW = new Set(['interview', 'hired']);

/**
 * What one proposal counts for in the rates. A mark the user set by hand is the truth as given;
 * otherwise a client message the marketplace showed counts as a reply even when the job was lost
 * later (the outcome then says `lost`, `repliedAt` keeps the reply).
 */
export function outcomeFlags(item: OutcomeItem): OutcomeFlags {
  const sent = item.status === 'completed';
  if (!sent) return { sent, replied: false, interview: false, won: false };
  const outcome = item.outcome ?? '';
  // A mark without a source was set by hand before outcomes were read from the marketplaces.
  const userMark = item.outcomeSource === 'manual' || (!item.outcomeSource && Boolean(item.outcome));
  const replied = REPLIED.has(outcome) || (!userMark && Boolean(item.repliedAt));
  return { sent, replied, interview: INTERVIEW.has(outcome), won: outcome === 'hired' };
}
