import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import type { JobItemOutcome } from '../../data/outbox-table';
import type { ApprovedBid } from '../../data/job-items-repository';
import { createLetterDrafts } from '../../data/letter-drafts';
import { useJobItemRepository } from './use-job-item-repository';
import { toast } from '../../stores/toast';

/** How long a one-tap approval (the inbox) waits before it goes out, while Undo can take it back. */
export const APPROVE_UNDO_SECONDS = 30;

/**
 * The letter last copied for each proposal sent by hand (Open on Upwork), so Mark as sent stores
 * what was pasted on the marketplace, whichever of the card or the review opened it.
 */
const copiedLetters = new Map<string, string>();

/**
 * The decisions on proposals, with their toasts. Each lands in IndexedDB at once (offline too) and
 * syncs in the background; a later refusal by the server comes back as a sync notice. A decision
 * that sends, saves or throws away a letter forgets the edit kept on this device.
 */
export function useProposalActions() {
  const { t } = useTranslation();
  const repository = useJobItemRepository();
  const drafts = () => createLetterDrafts();

  async function attempt(run: () => Promise<unknown>, done: string, undo?: () => Promise<unknown>, undone?: string): Promise<boolean> {
    try {
      if (!repository) throw new Error('signed out');
      await run();
      toast({
        title: done,
        variant: 'success',
        ...(undo
          ? { action: { label: t('agents.proposals.undo'), run: () => void attempt(undo, undone ?? t('agents.proposals.restored')) } }
          : {}),
      });
      return true;
    } catch (error) {
      console.error('proposal action failed', error);
      toast({ title: t('agents.proposals.failed'), variant: 'destructive' });
      return false;
    }
  }

  /** Runs a decision and, once it is in, forgets the edit kept on this device. */
  const settled = async (id: string, run: () => Promise<unknown>) => {
    await run();
    await drafts()
      .drop(id)
      .catch(() => undefined);
  };

  /** The letter when it was edited (against the one the user read), else undefined (the server keeps its own). */
  const edited = (seen: JobItem, letter: string | undefined) =>
    letter !== undefined && letter.trim() !== (seen.proposalRequirements ?? '').trim() ? letter.trim() : undefined;

  // `seen` is the proposal as the user read it (the dialog as opened): its version is the base.
  return {
    approve: (item: JobItem, letter?: string, seen: JobItem = item, bid: ApprovedBid = {}) =>
      attempt(() => settled(item.id, () => repository!.approve(item.id, edited(seen, letter), seen, bid)), t('agents.proposals.approved')),
    /** One tap from a list: approved as it is, going out after a short wait while Undo holds it again. */
    approveNow: (item: JobItem) =>
      attempt(
        () => settled(item.id, () => repository!.approve(item.id, undefined, item, { undoSeconds: APPROVE_UNDO_SECONDS })),
        t('agents.review.approvedUndo', { seconds: APPROVE_UNDO_SECONDS }),
        () => repository!.hold(item.id),
        t('agents.review.undone'),
      ),
    hold: (item: JobItem) => attempt(() => repository!.hold(item.id), t('agents.proposals.held')),
    cancel: (item: JobItem) => attempt(() => repository!.cancel(item.id), t('agents.proposals.cancelled')),
    discard: (item: JobItem) =>
      attempt(
        () => settled(item.id, () => repository!.discard(item.id)),
        t('agents.proposals.discarded'),
        item.proposalRequirements !== null && item.status === 'draft' ? () => repository!.restore(item.id) : undefined,
      ),
    /** Sent by hand: with the letter given, else the one last copied for it, else the stored one. */
    markSent: (item: JobItem, letter?: string) => {
      const text = (letter ?? copiedLetters.get(item.id))?.trim();
      const sent = text !== undefined && text !== '' && text !== (item.proposalRequirements ?? '').trim() ? text : undefined;
      return attempt(
        () =>
          settled(item.id, async () => {
            await repository!.markSent(item.id, sent);
            copiedLetters.delete(item.id);
          }),
        t('agents.proposals.markedSent'),
      );
    },
    saveLetter: (item: JobItem, letter: string, seen: JobItem = item) =>
      attempt(() => settled(item.id, () => repository!.saveLetter(item.id, letter.trim(), seen)), t('agents.proposals.saved')),
    setOutcome: (item: JobItem, outcome: JobItemOutcome | null) =>
      attempt(() => repository!.setOutcome(item.id, outcome, item), t('agents.proposals.outcomeSaved')),

    /**
     * Opens the job on Upwork in a new tab and copies the letter (as edited, when given; else the
     * edit kept on this device, else the proposal's), to paste there; remembered for Mark as sent.
     */
    async openOnUpwork(item: JobItem, letter?: string): Promise<void> {
      const url = item.jobUrl ?? item.applyUrl;
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      const kept =
        letter === undefined
          ? await drafts()
              .get(item.id)
              .catch(() => undefined)
          : undefined;
      const text = letter ?? kept?.letter ?? item.proposalRequirements ?? '';
      try {
        await navigator.clipboard.writeText(text);
        copiedLetters.set(item.id, text);
        toast({ title: t('agents.proposals.copied'), variant: 'success' });
      } catch {
        toast({ title: t('agents.proposals.copyFailed'), variant: 'destructive' });
      }
    },
  };
}

export type ProposalActions = ReturnType<typeof useProposalActions>;
