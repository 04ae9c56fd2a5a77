import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { formatDate, optionLabel } from './agent-text';
import { runSummaryText } from './RunNowButton';
import { formatDuration, runStatus, waitingFor } from './run-status';

/** Re-reads the time now and then, so a run past its lease or a hold past its end stops showing. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The agent's runs on its page, as the last sync brought them: the run under way with its progress,
 * a hold while a service the agent needs keeps failing (which service, why, and when it is tried
 * again: no job is lost meanwhile), the last run's summary, what the agent is waiting for (drafts of
 * good jobs waiting for the next share of the day, or a job that reaches its minimum), and how long after posting its
 * drafts come (median and last).
 */
export function AgentRunStatus({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation();
  const now = useNow(15_000);
  const { running, held, last } = runStatus(agent.run, now);
  const waiting = waitingFor(agent.run, now);
  const latency = agent.run?.latency ?? null;
  if (!running && !held && !last && !latency) return null;
  const service = !held ? '' : held.service === 'writer' ? t('agents.run.services.writer') : optionLabel(t, 'platform', held.service);
  return (
    <div className="mt-4 space-y-2" data-agent-run>
      <div role="status" aria-live="polite" className="space-y-2">
        {running && (
          <p className="flex items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
            />
            {running.queued
              ? t('agents.run.progress.queued')
              : running.found === null
                ? t('agents.run.progress.searching')
                : t('agents.run.progress.writing', { found: running.found, written: running.written, planned: running.planned })}
          </p>
        )}
        {held && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-run-held={held.service}>
            {t(`agents.run.held.${held.reason}`, { service, time: formatDate(held.until, i18n.language, true) })}
            {held.everyone ? ` ${t('agents.run.heldEveryone')}` : ''}
          </p>
        )}
      </div>
      {last && !running && (
        <p className="text-sm text-slate-700">
          {t('agents.run.lastSummary', {
            time: formatDate(last.endedAt, i18n.language, true),
            summary: last.skipped ? t(`agents.run.skippedReason.${last.skipped}`) : runSummaryText(last, t),
          })}
        </p>
      )}
      {waiting && (
        <p className="text-sm text-slate-700" data-run-waiting={waiting.reason}>
          {waiting.reason === 'reserve'
            ? t(waiting.opensAt ? 'agents.run.waiting.reserve' : 'agents.run.waiting.reserveOpen', {
                count: waiting.kept,
                time: formatDate(waiting.opensAt, i18n.language, true),
              })
            : t('agents.run.waiting.jobs', { score: agent.minMatchScore, time: formatDate(waiting.nextRunAt, i18n.language, true) })}
        </p>
      )}
      {latency && (
        <p className="text-sm text-slate-700" data-run-latency>
          {t('agents.run.latency', {
            median: formatDuration(latency.medianMs, i18n.language),
            last: formatDuration(latency.lastMs, i18n.language),
            count: latency.recent.length,
          })}
        </p>
      )}
    </div>
  );
}
