import { useCallback, useEffect, useId, useState } from 'react';
import { learningResetResponseSchema, learningResponseSchema, type LearningSummary } from '@shared/schemas/matching';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useSyncStatus } from '../../sync/use-sync-status';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { SettingsCard } from './SettingsCard';
import { useApi } from '../../session/session-provider';

/**
 * What the match score learnt from the user's decisions, and forgetting it: a confirmation
 * (Cancel or Reset, a click outside does not close it) before anything is deleted. Online only.
 */
export function LearningCard() {
  const api = useApi();
  const { t, language } = useLooseT();
  const sync = useSyncStatus();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const headingId = useId();
  const [summary, setSummary] = useState<LearningSummary | null | 'error'>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setSummary((await api.get('/matching/learning', learningResponseSchema)).data);
    } catch {
      setSummary('error');
    }
  }, [api]);

  useEffect(() => {
    if (!offline) void load();
  }, [offline, load]);

  const reset = async () => {
    setBusy(true);
    try {
      setSummary((await api.delete('/matching/learning', learningResetResponseSchema)).data);
      setConfirming(false);
      toast({ variant: 'success', title: t('settings.learning.resetDone') });
    } catch {
      toast({ variant: 'destructive', title: t('settings.learning.resetFailed') });
    } finally {
      setBusy(false);
    }
  };

  const number = new Intl.NumberFormat(language);
  let body: string;
  if (offline) body = t('settings.learning.offline');
  else if (summary === 'error') body = t('settings.learning.loadFailed');
  else if (summary === null) body = t('common.loading');
  else if (summary.signals === 0) body = t('settings.learning.empty');
  else {
    const counts = Object.fromEntries(
      Object.entries(summary)
        .filter(([, v]) => typeof v === 'number')
        .map(([k, v]) => [k, number.format(v as number)]),
    );
    body = t('settings.learning.summary', counts);
  }

  return (
    <SettingsCard id={headingId} title={t('settings.learning.title')} subtitle={t('settings.learning.subtitle')}>
      <p role="status" className="mt-3 text-sm text-slate-800" data-learning-summary>
        {body}
      </p>
      <div className="mt-4">
        <Button
          variant="secondary"
          disabled={offline || summary === null || summary === 'error' || summary.signals === 0}
          onClick={() => setConfirming(true)}
        >
          {t('settings.learning.reset')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => {
          if (!busy) setConfirming(false);
        }}
        role="alertdialog"
        size="sm"
        dismissOnOutsideClick={false}
        title={t('settings.learning.confirmTitle')}
        description={t('settings.learning.confirmBody')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('settings.learning.cancel')}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void reset()}>
              {t('settings.learning.confirm')}
            </Button>
          </>
        }
      />
    </SettingsCard>
  );
}
