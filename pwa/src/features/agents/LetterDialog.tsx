import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import { Dialog } from '../../ui/Dialog';
import type { ProposalActions } from './use-proposal-actions';
import { ProposalReview } from './ProposalReview';

/**
 * The letter dialog of the proposals lists (an agent's, the inbox): a draft's whole proposal to
 * review (the job beside the letter, its check, the bid), any other proposal's letter to read.
 */
export function LetterDialog({ item, actions, onClose }: { item: JobItem | null; actions: ProposalActions; onClose: () => void }) {
  const { t } = useTranslation();
  const draft = item?.status === 'draft';
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={draft ? t('agents.proposals.reviewTitle') : t('agents.detail.coverLetterTitle')}
      description={item?.title}
      size={draft ? 'xl' : 'lg'}
    >
      {item && draft ? (
        <ProposalReview key={item.id} item={item} actions={actions} onClose={onClose} />
      ) : item?.proposalRequirements ? (
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{item.proposalRequirements}</p>
      ) : (
        <p className="text-sm text-slate-600">{t('agents.detail.noCoverLetter')}</p>
      )}
    </Dialog>
  );
}
