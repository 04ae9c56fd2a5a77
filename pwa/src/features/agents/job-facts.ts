import type { JobItem } from '@shared/schemas/job-item';

/**
 * Which facts a proposal's card lists: the budget always (its absence is worth saying), the date it
 * was applied only once it was sent, and the experience level and duration only when the
 * marketplace gave them, so no card is a column of "Not specified".
 */
export type JobFact = 'budget' | 'applied' | 'experience' | 'duration';

export function jobFacts(item: Pick<JobItem, 'appliedDate' | 'experienceLevel' | 'duration'>): JobFact[] {
  const facts: JobFact[] = ['budget'];
  if (item.appliedDate) facts.push('applied');
  if (item.experienceLevel) facts.push('experience');
  if (item.duration) facts.push('duration');
  return facts;
}
