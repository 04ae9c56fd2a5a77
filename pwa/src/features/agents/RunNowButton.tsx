import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runResponseSchema, type RunSummary } from '@shared/schemas/job-item';
import type { TFunction } from 'i18next';
import { Button } from '../../ui/Button';
import { useSyncStatus } from '../../sync/use-sync-status';
import { isApiError } from '../../lib/api';
import { toast } from '../../stores/toast';
import { useApi } from '../../session/session-provider';

/** What a run did: found, drafted, queued, skipped (and why), failed, held with a red flag. */
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
  const text = why.length > 0 ? `${counts}. ${t('agents.run.skippedBecause', { reasons: why.join(', ') })}` : counts;
  // Jobs that would pass but raise a red flag: held as drafts for the user, outside the day's limit.
  return summary.flagged > 0 ? `${text}. ${t('search.risk.runHeld', { count: summary.flagged })}` : text;
}

/**
 * "Run now" on the agent page: runs the agent at once on the server (online only; still within the
 * daily cap), then says what the run did and syncs so its drafts show in the Job Proposals tab.
 */
export function RunNowButton({ agentId, onRan }: { agentId: string; /** After a run, whatever it did. */ onRan?: () => void }) {
  const api = useApi();
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const [running, setRunning] = useState(false);
  const hintId = useId();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

  async function run() {
    setRunning(true);
    try {
      const answer = await api.post(`/automations/${encodeURIComponent(agentId)}/run`, undefined, runResponseSchema);
      const summary = answer.data;
      if (summary.skipped) {
        toast({
          title: t('agents.run.skipped'),
          description: t(`agents.run.skippedReason.${summary.skipped}`),
          variant: 'default',
        });
      } else {
        toast({
          title: t('agents.run.done'),
          description: runSummaryText(summary, t),
          variant: summary.failed > 0 ? 'default' : 'success',
        });
      }
      sync.syncNow();
      onRan?.();
    } catch (error) {
      if (isApiError(error) && error.status === 409) toast({ title: t('agents.run.busy'), variant: 'default' });
      else {
        console.error('run now failed', error);
        toast({ title: t('agents.run.failed'), variant: 'destructive' });
      }
    } finally {
      setRunning(false);
    }
  }

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
