import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@shared/errors';
import type { ScoredJob } from '@shared/schemas/job';
import { Button } from '../../ui/Button';
import { floorPreview, previewCriteria, type FloorFields } from './match-floor';
import { useSyncStatus } from '../../sync/use-sync-status';
import { isApiError } from '../../lib/api';
import { searchAnswer } from '../search/search-answer';
import { useApi } from '../../session/session-provider';

type Loaded = { key: string; jobs: ScoredJob[]; at: number } | { key: string; error: unknown };

/** Wait this long after the last change before searching (typing a rate, a skill). */
const SETTLE_MS = 700;

/**
 * How many of the jobs posted in the last day would pass the agent's minimum match score and its
 * client filters: the agent's own search, scored by the server; changing only the floor or a client
 * filter recounts without a new search.
 * A polite live region, so a screen reader hears the new count.
 */
export function FloorPreview({ fields, floor, id }: { fields: FloorFields; floor: number; id?: string }) {
  const api = useApi();
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const criteria = useMemo(() => previewCriteria(fields), [fields]);
  const key = criteria ? JSON.stringify(criteria) : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key || offline) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .post('/jobs/search-with-form', JSON.parse(key), searchAnswer, { signal: controller.signal })
        .then((answer) => setLoaded({ key, jobs: answer.data, at: Date.now() }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setLoaded({ key, error });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, offline, attempt]);

  const current = loaded && loaded.key === key ? loaded : null;
  let text: string;
  if (!key) text = t('agents.floor.idle');
  else if (offline) text = t('agents.floor.offline');
  else if (!current) text = t('agents.floor.loading');
  else if ('error' in current) {
    text =
      isApiError(current.error) && current.error.code === ErrorCode.marketplaceNotConnected
        ? t('agents.floor.connect', { platform: t(`platform.${fields.platform}`) })
        : t('agents.floor.failed');
  } else {
    const count = floorPreview(current.jobs, Number.isFinite(floor) ? floor : 0, current.at, fields);
    text =
      count.total === 0
        ? t('agents.floor.none')
        : count.clientFiltered > 0
          ? t('agents.floor.resultFiltered', { ...count, filtered: count.clientFiltered })
          : t('agents.floor.result', count);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
      <p id={id} role="status" aria-live="polite" className="min-w-0 flex-1 text-sm text-slate-700" data-floor-preview>
        {text}
      </p>
      {key && !offline && current && (
        <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
          {t('agents.floor.refresh')}
        </Button>
      )}
    </div>
  );
}
