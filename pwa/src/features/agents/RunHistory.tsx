import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentRunListResponseSchema, type AgentRun, type RunJob } from '@shared/schemas/agent-run';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useApi } from '../../session/session-provider';
import { useSyncStatus } from '../../sync/use-sync-status';
import { formatDate, loose } from './agent-text';
import { groupedJobs, runLine, skipText, type RunFormat } from './run-history';

type Loaded = { runs: AgentRun[] } | { error: true } | null;

function useRunFormat(language: string): RunFormat {
  const number = new Intl.NumberFormat(language);
  const usd = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return { number: (n) => number.format(n), usd: (n) => usd.format(n) };
}

function JobRow({ job, format }: { job: RunJob; format: RunFormat }) {
  const { t } = useTranslation();
  const lt = loose(t);
  // Only a marketplace's web address is followed.
  const link = /^https?:\/\/[^\s]+$/i.test(job.url);
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-run-job={job.externalId} data-outcome={job.outcome}>
      <div className="min-w-0">
        {link ? (
          <a
            href={job.url}
            target="_blank"
            rel="noopener noreferrer"
            dir="auto"
            className="font-medium break-words text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {job.title}
            <span className="sr-only"> ({t('agents.detail.newTab')})</span>
          </a>
        ) : (
          <span dir="auto" className="font-medium break-words text-slate-900">
            {job.title}
          </span>
        )}
        <p className="text-sm text-slate-700">{job.skip ? skipText(job.skip, lt, format) : lt(`agents.runs.outcome.${job.outcome}`)}</p>
      </div>
      {job.score !== null && (
        <span className="shrink-0 text-sm font-semibold text-slate-800 tabular-nums">
          {t('agents.runs.score', { score: format.number(job.score) })}
        </span>
      )}
    </li>
  );
}

function RunItem({ run, format }: { run: AgentRun; format: RunFormat }) {
  const { t, i18n } = useTranslation();
  const lt = loose(t);
  const groups = groupedJobs(run);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-run={run.id}>
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 p-4 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="inline-block text-slate-500 transition-transform group-open:rotate-90 rtl:-scale-x-100">
            ›
          </span>
          <time dateTime={run.at} className="font-semibold text-slate-900">
            {formatDate(run.at, i18n.language, true)}
          </time>
          <Badge variant="outline">{run.manual ? t('agents.runs.manual') : t('agents.runs.scheduled')}</Badge>
          <span className="w-full text-sm text-slate-700 sm:w-auto">{runLine(run, lt)}</span>
        </summary>
        <div className="border-t border-slate-100 px-4 pb-4">
          {groups.length === 0 ? (
            <p className="pt-3 text-sm text-slate-600">{t('agents.runs.noJobs')}</p>
          ) : (
            groups.map(({ group, jobs }) => (
              <section key={group} className="pt-3" aria-label={lt(`agents.runs.group.${group}`, { count: jobs.length })}>
                <h4 className="text-sm font-semibold text-slate-900">{lt(`agents.runs.group.${group}`, { count: jobs.length })}</h4>
                <ul className="divide-y divide-slate-100">
                  {jobs.map((job) => (
                    <JobRow key={job.externalId} job={job} format={format} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </details>
    </li>
  );
}

/**
 * The Runs tab: the agent's last runs (scheduled and Run now), newest first, each with what it
 * found and what became of every job: kept, held with a red flag, failed, or skipped with the reason.
 * Read from the server (online only); `version` changes after a Run now to read them again.
 */
export function RunHistory({ agentId, version }: { agentId: string; version: number }) {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const sync = useSyncStatus();
  const headingId = useId();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [attempt, setAttempt] = useState(0);
  const format = useRunFormat(i18n.language);

  useEffect(() => {
    if (offline) return;
    const controller = new AbortController();
    api
      .get(`/automations/${encodeURIComponent(agentId)}/runs`, agentRunListResponseSchema, { signal: controller.signal })
      .then((answer) => setLoaded({ runs: answer.data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded((current) => (current && 'runs' in current ? current : { error: true }));
      });
    return () => controller.abort();
  }, [api, agentId, version, attempt, offline]);

  let body;
  if (loaded && 'runs' in loaded) {
    body =
      loaded.runs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('agents.runs.empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {loaded.runs.map((run) => (
            <RunItem key={run.id} run={run} format={format} />
          ))}
        </ul>
      );
  } else if (offline) body = <p className="mt-2 text-sm text-slate-600">{t('agents.runs.offline')}</p>;
  else if (loaded && 'error' in loaded)
    body = (
      <div role="alert" className="mt-2 text-sm text-red-800">
        <p>{t('agents.runs.failed')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => setAttempt((n) => n + 1)}>
          {t('agents.runs.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t('common.loading')} />
      </div>
    );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('agents.runs.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('agents.runs.subtitle')}</p>
      {body}
    </section>
  );
}
