import type { JobItemOutcomeValue } from '@shared/schemas/job-item';
import type { ProposalFate } from '../marketplaces/types';

/**
 * What a proposal's outcome becomes from what the marketplace shows (pure). It only moves forward
 * (viewed < replied < interview < hired), except to `lost`; a client message makes it at least
 * `replied` (a later `lost` keeps the reply in `repliedAt`).
 */

const RANK: Record<JobItemOutcomeValue, number> = { viewed: 1, replied: 2, interview: 3, hired: 4, lost: 0 };
const higher = (a: JobItemOutcomeValue | null, b: JobItemOutcomeValue) => (a === null || a === 'lost' || RANK[b] > RANK[a] ? b : a);

/** States after which nothing changes any more: polling stops. */
export const FINAL_STATES: ReadonlySet<ProposalFate['state']> = new Set(['hired', 'lost', 'withdrawn', 'closed']);

export function outcomeFromFate(
  current: JobItemOutcomeValue | null,
  fate: ProposalFate,
): { outcome: JobItemOutcomeValue | null; final: boolean } {
  let outcome = current;
  switch (fate.state) {
    case 'won':
    case 'hired':
      outcome = 'hired';
      break;
    case 'lost':
      outcome = 'lost';
      break;
    case 'closed':
      // A job closed after it was awarded to this proposal stays won.
      outcome = current === 'hired' ? 'hired' : 'lost';
      break;
    case 'shortlisted':
      outcome = higher(current, 'interview');
      break;
    case 'open':
    case 'withdrawn':
      break;
  }
  if (fate.clientMessage && outcome !== 'lost') outcome = higher(outcome, 'replied');
  return { outcome, final: FINAL_STATES.has(fate.state) };
}

/** The first line of a client's message, short enough for a notice. */
export function firstLine(text: string, max = 160): string {
  const line =
    text
      .split(/\r?\n/)
      .map((part) => part.trim())
      .find(Boolean) ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
