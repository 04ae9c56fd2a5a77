import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import type { JobItemOutcome } from '../../data/outbox-table';
import { useJobItemRepository } from './use-job-item-repository';
import { toast } from '../../stores/toast';

/**
 * The decisions on proposals, with their toasts. Each lands in IndexedDB at once (offline too) and
 * syncs in the background; a later refusal by the server comes back as a sync notice.
 */
export function useProposalActions() {
  const { t } = useTranslation();
  const repository = useJobItemRepository();

  async function attempt(run: () => Promise<unknown>, done: string, undo?: () => Promise<unknown>): Promise<boolean> {
    try {
      if (!repository) throw new Error('signed out');
      await run();
      toast({
        title: done,
        variant: 'success',
        ...(undo ? { action: { label: t('agents.proposals.undo'), run: () => void attempt(undo, t('agents.proposals.restored')) } } : {}),
      });
      return true;
    } catch (error) {
      console.error('proposal action failed', error);
      toast({ title: t('agents.proposals.failed'), variant: 'destructive' });
      return false;
    }
  }

  /** The letter when it was edited (against the one the user read), else undefined (the server keeps its own). */
  const edited = (seen: JobItem, letter: string | undefined) =>
    letter !== undefined && letter.trim() !== (seen.proposalRequirements ?? '').trim() ? letter.trim() : undefined;

  // `seen` is the proposal as the user read it (the dialog as opened): its version is the base.
  return {
    approve: (item: JobItem, letter?: string, seen: JobItem = item) =>
      attempt(() => repository!.approve(item.id, edited(seen, letter), seen), t('agents.proposals.approved')),
    hold: (item: JobItem) => attempt(() => repository!.hold(item.id), t('agents.proposals.held')),
    cancel: (item: JobItem) => attempt(() => repository!.cancel(item.id), t('agents.proposals.cancelled')),
    discard: (item: JobItem) =>
      attempt(
        () => repository!.discard(item.id),
        t('agents.proposals.discarded'),
        item.proposalRequirements !== null && item.status === 'draft' ? () => repository!.restore(item.id) : undefined,
      ),
    markSent: (item: JobItem) => attempt(() => repository!.markSent(item.id), t('agents.proposals.markedSent')),
    saveLetter: (item: JobItem, letter: string, seen: JobItem = item) =>
      attempt(() => repository!.saveLetter(item.id, letter.trim(), seen), t('agents.proposals.saved')),
    setOutcome: (item: JobItem, outcome: JobItemOutcome | null) =>
      attempt(() => repository!.setOutcome(item.id, outcome, item), t('agents.proposals.outcomeSaved')),

    /** Opens the job on Upwork in a new tab and copies the letter, to paste there. */
    async openOnUpwork(item: JobItem, letter?: string): Promise<void> {
      const url = item.jobUrl ?? item.applyUrl;
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      try {
        await navigator.clipboard.writeText(letter ?? item.proposalRequirements ?? '');
        toast({ title: t('agents.proposals.copied'), variant: 'success' });
      } catch {
        toast({ title: t('agents.proposals.copyFailed'), variant: 'destructive' });
      }
    },
  };
}

export type ProposalActions = ReturnType<typeof useProposalActions>;
