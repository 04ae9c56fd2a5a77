import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import type { JobItemOutcome } from '../../data/outbox-table';
import { JOB_OUTCOMES } from './job-proposal';

/** What happened after a proposal was sent: viewed, replied, interview, hired, lost (or not set). */
export function OutcomeSelect({ item, onChange }: { item: JobItem; onChange: (outcome: JobItemOutcome | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ms-auto flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-slate-600">
        {t('agents.proposals.outcome')}
      </label>
      <select
        id={id}
        value={item.outcome ?? ''}
        aria-label={t('agents.proposals.outcomeFor', { title: item.title })}
        onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as JobItemOutcome))}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <option value="">{t('agents.proposals.outcomeNone')}</option>
        {JOB_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {t(`agents.proposals.outcomes.${outcome}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
