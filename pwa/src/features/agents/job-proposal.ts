import { MANUAL_SEND_NOTE, type JobItem } from '@shared/schemas/job-item';

/** A draft the user must send by hand (Upwork without the proposals permission): open the job, paste the letter, then mark it sent. */
export function needsManualSend(item: Pick<JobItem, 'platform' | 'status' | 'lastError' | 'manualSend'>): boolean {
  return item.status === 'draft' && (item.manualSend || (item.platform === 'upwork' && item.lastError === MANUAL_SEND_NOTE));
}

/**
 * A draft written while its agent's share of the day was spent, still waiting for a share (or the
 * user's tap): not one a pause holds, which says so itself, nor one whose letter the user edited
 * (the agent never sends that one: it waits for the user's tap only).
 */
export function waitsForShare(item: Pick<JobItem, 'status' | 'waitingShare' | 'heldByPause' | 'userEdited'>): boolean {
  return item.status === 'draft' && item.waitingShare && !item.heldByPause && !item.userEdited;
}

export const LETTER_MAX = 8000;
export const JOB_OUTCOMES = ['viewed', 'replied', 'interview', 'hired', 'lost'] as const;

/**
 * Why an edited letter cannot be used (an i18n key under agents.proposals), or null; `limit` is its
 * marketplace's (the review shows that one with its own words and counter).
 */
export function letterProblem(letter: string, limit: number = LETTER_MAX): 'letterEmpty' | 'letterTooLong' | null {
  if (letter.trim().length === 0) return 'letterEmpty';
  if (letter.trim().length > limit) return 'letterTooLong';
  return null;
}
