import { useEffect, useState } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import { marketplaceCallsSchema, type MarketplaceCalls } from '@shared/schemas/integrations';
import { useApi } from '../../session/session-provider';
import { useOnline } from '../../lib/use-online';
import { useLooseT } from './settings-text';

/**
 * This hour's calls to a marketplace under the user's account, against the hourly ceiling the
 * runner holds the user's agents to (`GET /api/integrations/{platform}/calls`). Shown only when
 * the server answers (online); the agents' run history says when a run waited for the next hour.
 */
export function CallsLine({ platform }: { platform: AgentPlatform }) {
  const api = useApi();
  const online = useOnline();
  const { t } = useLooseT();
  const [calls, setCalls] = useState<MarketplaceCalls | null>(null);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    api
      .get(`/integrations/${platform}/calls`, marketplaceCallsSchema, { signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) setCalls(answer);
      })
      .catch(() => {
        if (!controller.signal.aborted) setCalls(null);
      });
    return () => controller.abort();
  }, [api, online, platform]);
  if (!calls || calls.ceiling === null) return null;
  const name = t(`platform.${platform}`);
  return (
    <div className="text-sm text-slate-700" data-testid={`calls-${platform}`}>
      <p>{t('integrations.calls.line', { calls: calls.calls, ceiling: calls.ceiling, platform: name })}</p>
      <p className="text-xs text-slate-600">{t('integrations.calls.help', { platform: name })}</p>
    </div>
  );
}
