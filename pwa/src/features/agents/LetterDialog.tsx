import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LETTER_MAX, letterProblem, needsManualSend } from './job-proposal';
import type { ProposalActions } from './use-proposal-actions';
import { RiskFlags } from '../search/RiskFlags';
import { itemRiskFlags } from '../search/risk-text';

/** A draft's letter to edit, with its decisions; any other proposal's letter to read. */
function DraftLetter({ item, actions, onClose }: { item: JobItem; actions: ProposalActions; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  // The proposal as the user read it when the dialog opened: their edits are judged against it.
  const [seen, setSeen] = useState(item);
  const [letter, setLetter] = useState(item.proposalRequirements ?? '');
  const [touched, setTouched] = useState(false);
  const problem = letterProblem(letter);
  const changed = letter.trim() !== (seen.proposalRequirements ?? '').trim();
  const changedElsewhere = item.version !== seen.version && (item.proposalRequirements ?? '') !== (seen.proposalRequirements ?? '');
  const manual = needsManualSend(item);
  const guard = (next: () => Promise<boolean>) => async () => {
    setTouched(true);
    if (problem) return;
    if (await next()) onClose();
  };

  return (
    <div className="flex flex-col gap-3">
      {/* A flagged job: the user sees why before choosing to send it. */}
      <RiskFlags flags={itemRiskFlags(item)} note={t('search.risk.heldNote')} />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('agents.proposals.letterLabel')}
      </label>
      <textarea
        id={id}
        value={letter}
        onChange={(event) => setLetter(event.target.value)}
        onBlur={() => setTouched(true)}
        rows={14}
        maxLength={LETTER_MAX + 500}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem ? `${id}-error` : undefined}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm leading-relaxed text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
      {touched && problem && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(`agents.proposals.${problem}`)}
        </p>
      )}
      {changedElsewhere && (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p className="min-w-0 flex-1">{t('agents.proposals.changedElsewhere')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setSeen(item);
              setLetter(item.proposalRequirements ?? '');
            }}
          >
            {t('agents.proposals.showNewLetter')}
          </Button>
        </div>
      )}
      {manual && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('agents.proposals.manualHint')}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => void actions.discard(item).then((done) => done && onClose())}>
          {t('agents.proposals.discard')}
        </Button>
        {changed && (
          <Button variant="secondary" onClick={() => void guard(() => actions.saveLetter(item, letter, seen))()}>
            {t('agents.proposals.save')}
          </Button>
        )}
        {manual ? (
          <>
            <Button variant="secondary" onClick={() => void guard(() => actions.markSent(item))()}>
              {t('agents.proposals.markSent')}
            </Button>
            <Button onClick={() => void actions.openOnUpwork(item, letter)}>{t('agents.proposals.openOnUpwork')}</Button>
          </>
        ) : (
          <Button onClick={() => void guard(() => actions.approve(item, letter, seen))()}>{t('agents.proposals.approve')}</Button>
        )}
      </div>
    </div>
  );
}

/** The letter dialog of the Job Proposals tab. */
export function LetterDialog({ item, actions, onClose }: { item: JobItem | null; actions: ProposalActions; onClose: () => void }) {
  const { t } = useTranslation();
  const draft = item?.status === 'draft';
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={draft ? t('agents.proposals.reviewTitle') : t('agents.detail.coverLetterTitle')}
      description={item?.title}
      size="lg"
    >
      {item && draft ? (
        <DraftLetter key={item.id} item={item} actions={actions} onClose={onClose} />
      ) : item?.proposalRequirements ? (
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{item.proposalRequirements}</p>
      ) : (
        <p className="text-sm text-slate-600">{t('agents.detail.noCoverLetter')}</p>
      )}
    </Dialog>
  );
}
