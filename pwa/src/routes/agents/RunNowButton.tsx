import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runResponseSchema } from '@shared/schemas/job-item';
import { api } from '../../app/session';
import { Button } from '../../components/Button';
import { useSyncStatus } from '../../hooks/use-sync-status';
import { isApiError } from '../../lib/api';
import { toast } from '../../stores/toast';

/**
 * "Run now" on the agent page: runs the agent at once on the server (online only; still within the
 * daily cap), then says what the run did and syncs so its drafts show in the Job Proposals tab.
 */
export function RunNowButton({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const [running, setRunning] = useState(false);
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

  async function run() {
    setRunning(true);
    try {
      const answer = runResponseSchema.parse(await api.post<unknown>(`/automations/${encodeURIComponent(agentId)}/run`));
      const summary = answer.data;
      const counts = { found: summary.found, drafts: summary.drafts, queued: summary.queued, poorMatch: summary.poorMatch };
      if (summary.skipped) {
        toast({
          title: t('agents.run.skipped'),
          description: t(`agents.run.skippedReason.${summary.skipped}`),
          variant: 'default',
        });
      } else {
        toast({ title: t('agents.run.done'), description: t(summary.poorMatch > 0 ? 'agents.run.summaryPoorMatch' : 'agents.run.summary', counts), variant: 'success' });
      }
      sync.syncNow();
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
    <Button variant="secondary" busy={running} disabled={offline} title={offline ? t('agents.run.offlineHint') : undefined} onClick={() => void run()}>
      {running ? t('agents.run.running') : t('agents.run.runNow')}
    </Button>
  );
}
