import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import type { RunSummary } from '@shared/schemas/job-item';
import { runStartedSchema } from '@shared/schemas/run';
import type { TFunction } from 'i18next';
import { Button } from '../../ui/Button';
import { useSyncStatus } from '../../sync/use-sync-status';
import { isApiError } from '../../lib/api';
import { toast } from '../../stores/toast';
import { useApi } from '../../session/session-provider';
import { runEnded, runStatus } from './run-status';

/** What a run did: found, drafted, queued, skipped (and why), failed, held with a red flag, given back. */
export function runSummaryText(summary: RunSummary, t: TFunction): string {
  const skipped = summary.poorMatch + summary.overCap + summary.quota + summary.clientFiltered;
  const counts = t('agents.run.summary', {
    found: summary.found + summary.clientFiltered,
    drafts: summary.drafts,
    queued: summary.queued,
    skipped,
    failed: summary.failed,
  });
  const why = [
    summary.clientFiltered > 0 ? t('agents.run.skippedWhy.client', { count: summary.clientFiltered }) : null,
    summary.poorMatch > 0 ? t('agents.run.skippedWhy.poorMatch', { count: summary.poorMatch }) : null,
    summary.overCap > 0 ? t('agents.run.skippedWhy.overCap', { count: summary.overCap }) : null,
    summary.quota > 0 ? t('agents.run.skippedWhy.quota', { count: summary.quota }) : null,
  ].filter(Boolean);
  let text = why.length > 0 ? `${counts}. ${t('agents.run.skippedBecause', { reasons: why.join(', ') })}` : counts;
  // Jobs the writer could not write yet: back in the pool, for the next run.
  if ((summary.returned ?? 0) > 0) text = `${text}. ${t('agents.run.returned', { count: summary.returned })}`;
  // Jobs that would pass but raise a red flag: held as drafts for the user, outside the day's limit.
  return summary.flagged > 0 ? `${text}. ${t('search.risk.runHeld', { count: summary.flagged })}` : text;
}

/** How often the page syncs while a run it started is under way (its progress comes by sync). */
const WATCH_EVERY_MS = 2_000;
/** A run is never waited for longer than a lease (a process that died mid-run leaves it to the schedule). */
const WATCH_LIMIT_MS = 15 * 60_000;

/**
 * "Run now" on the agent page: the server starts the run and answers at once (online only; still
 * within the daily cap); the page then syncs every few seconds, so the run's progress shows
 * (AgentRunStatus), and says what it did when it ends; its drafts arrive with the same syncs.
 */
export function RunNowButton({ agent, onRan }: { agent: Agent; /** After a run, whatever it did. */ onRan?: () => void }) {
  const api = useApi();
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const [starting, setStarting] = useState(false);
  /** When the run this page started began (the server's time, and this device's), while the page waits for its end. */
  const [watching, setWatching] = useState<{ startedAt: string; since: number } | null>(null);
  const hintId = useId();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const underWay = runStatus(agent.run, Date.now()).running !== null;
  const { syncNow } = sync;

  useEffect(() => {
    if (!watching) return;
    const ended = runEnded(agent.run, watching.startedAt);
    if (ended) {
      setWatching(null);
      if (ended.skipped)
        toast({ title: t('agents.run.skipped'), description: t(`agents.run.skippedReason.${ended.skipped}`), variant: 'default' });
      else
        toast({
          title: t('agents.run.done'),
          description: runSummaryText(ended, t),
          variant: ended.failed > 0 || (ended.returned ?? 0) > 0 ? 'default' : 'success',
        });
      onRan?.();
      return;
    }
    const timer = setInterval(() => (Date.now() - watching.since > WATCH_LIMIT_MS ? setWatching(null) : syncNow()), WATCH_EVERY_MS);
    return () => clearInterval(timer);
  }, [watching, agent.run, syncNow, t, onRan]);

  async function run() {
    setStarting(true);
    try {
      const answer = await api.post(`/automations/${encodeURIComponent(agent.id)}/run`, undefined, runStartedSchema);
      // Queued behind a run of the agent under way: it starts when that one ends.
      toast({ title: answer.data.state === 'queued' ? t('agents.run.queued') : t('agents.run.started'), variant: 'default' });
      setWatching({ startedAt: answer.data.startedAt, since: Date.now() });
      syncNow();
    } catch (error) {
      if (isApiError(error) && error.status === 409) toast({ title: t('agents.run.busy'), variant: 'default' });
      else {
        console.error('run now failed', error);
        toast({ title: t('agents.run.failed'), variant: 'destructive' });
      }
    } finally {
      setStarting(false);
    }
  }

  const running = starting || watching !== null || underWay;
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        busy={running}
        disabled={offline}
        aria-describedby={offline ? hintId : undefined}
        onClick={() => void run()}
      >
        {running ? t('agents.run.running') : t('agents.run.runNow')}
      </Button>
      {offline && (
        <span id={hintId} className="max-w-48 text-xs text-slate-600">
          {t('agents.run.offlineHint')}
        </span>
      )}
    </div>
  );
}
