import type { JobItem } from '@shared/schemas/job-item';

/** Where a proposal on its way out stands, for its card (an i18n key under agents.proposals). */
export type StageNote =
  { key: 'sendsAt'; at: Date; sameDay: boolean } | { key: 'sendsNow' } | { key: 'sending' } | { key: 'writing' } | null;

export function stageNote(item: Pick<JobItem, 'status' | 'stage' | 'sendAfter'>, now: Date): StageNote {
  if (item.status !== 'processing') return null;
  if (item.stage === 'sending') return { key: 'sending' };
  if (item.stage === 'writing') return { key: 'writing' };
  const at = item.sendAfter ? new Date(item.sendAfter) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return { key: 'sendsNow' };
  return { key: 'sendsAt', at, sameDay: at.toDateString() === now.toDateString() };
}
