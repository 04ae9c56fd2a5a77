import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import { Badge, type BadgeVariant } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { useJobItems } from '../../hooks/use-job-items';
import { formatDate, optionLabel } from './agent-text';

const PAGE = 50;

/** The specification's badges: completed default, processing secondary, failed destructive, others outline. */
export function badgeVariant(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'processing') return 'secondary';
  if (status === 'failed') return 'destructive';
  return 'outline';
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** The Job Proposals tab: an agent's job items from IndexedDB, newest first, with the cover letter dialog. */
export function JobProposals({ agentId }: { agentId: string }) {
  const { t, i18n } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const items = useJobItems(agentId, { limit });
  const [letter, setLetter] = useState<JobItem | null>(null);

  if (items === undefined) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{t('agents.detail.noProposals')}</p>;
  }

  const notSpecified = t('agents.detail.notSpecified');
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-slate-900">{item.title}</h3>
                <p className="text-sm text-slate-600">{item.clientName || t('agents.detail.unknownClient')}</p>
              </div>
              <Badge variant={badgeVariant(item.status)}>{optionLabel(t, 'jobStatus', item.status)}</Badge>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Fact label={t('agents.detail.budget')} value={item.budget || notSpecified} />
              <Fact label={t('agents.detail.applied')} value={formatDate(item.appliedDate, i18n.language) || notSpecified} />
              <Fact label={t('agents.detail.experience')} value={item.experienceLevel ? optionLabel(t, 'upworkExperienceLevel', item.experienceLevel) : notSpecified} />
              <Fact label={t('agents.detail.duration')} value={item.duration ? optionLabel(t, 'upworkDuration', item.duration) : notSpecified} />
            </dl>
            {item.lastError && (
              <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                <span className="font-semibold">{t('agents.detail.lastError')}: </span>
                {item.lastError}
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setLetter(item)} aria-label={t('agents.detail.viewCoverLetterFor', { title: item.title })}>
                {t('agents.detail.viewCoverLetter')}
              </Button>
              {item.applyUrl && (
                <a href={item.applyUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost')}>
                  {t('agents.detail.viewJob')}
                  <span className="sr-only"> ({t('agents.detail.newTab')})</span>
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                  </svg>
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      {items.length >= limit && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => setLimit((n) => n + PAGE)}>
            {t('agents.detail.showMore')}
          </Button>
        </div>
      )}
      <Dialog open={letter !== null} onClose={() => setLetter(null)} title={t('agents.detail.coverLetterTitle')} description={letter?.title} size="lg">
        {letter?.proposalRequirements ? (
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{letter.proposalRequirements}</p>
        ) : (
          <p className="text-sm text-slate-600">{t('agents.detail.noCoverLetter')}</p>
        )}
      </Dialog>
    </>
  );
}
