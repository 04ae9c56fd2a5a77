import { useCallback, useEffect, useState } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import { credentialsStatusSchema } from '@shared/schemas/integrations';
import { connectionStatusPath, type UpworkCheck } from './search-connect';
import { readCachedAnswer, saveCachedAnswer } from '../../data/cached-answers';
import { useApi } from '../../session/session-provider';

export interface Connection {
  state: UpworkCheck;
  username: string | null;
  /** When this is the last known status (the server could not be asked now): when it was checked. */
  checkedAt: number | null;
}

export type Connections = Record<AgentPlatform, Connection>;

const CHECKING: Connection = { state: 'checking', username: null, checkedAt: null };
/** One row a marketplace, so the two checks never overwrite each other's answer. */
const cacheKey = (platform: AgentPlatform) => `connections:${platform}`;

interface Known {
  state: 'connected' | 'missing';
  username: string | null;
}

/**
 * Both marketplaces' connection status (`GET /api/jobs/{platform}-status/{userId}`). Each answer is
 * kept on this device, so offline (or when the server cannot be reached) the last known status
 * shows with the time it was checked; unknown only when it was never checked here.
 */
export function useConnections(userId: string | undefined): { connections: Connections; refresh: () => void } {
  const api = useApi();
  const [connections, setConnections] = useState<Connections>({ upwork: CHECKING, freelancer: CHECKING });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const check = async (platform: AgentPlatform) => {
      let next: Connection;
      try {
        const status = await api.get(connectionStatusPath(platform, userId), credentialsStatusSchema, { signal: controller.signal });
        next = { state: status.hasCredentials ? 'connected' : 'missing', username: status.username, checkedAt: null };
        await saveCachedAnswer<Known>(cacheKey(platform), { state: next.state as Known['state'], username: next.username });
      } catch {
        if (controller.signal.aborted) return;
        const last = await readCachedAnswer<Known>(cacheKey(platform));
        next = last
          ? { state: last.value.state, username: last.value.username, checkedAt: last.savedAt }
          : { state: 'unknown', username: null, checkedAt: null };
      }
      if (!controller.signal.aborted) setConnections((current) => ({ ...current, [platform]: next }));
    };
    void check('upwork');
    void check('freelancer');
    return () => controller.abort();
  }, [api, userId, round]);

  const refresh = useCallback(() => {
    setConnections({ upwork: CHECKING, freelancer: CHECKING });
    setRound((r) => r + 1);
  }, []);
  // Back online: ask again.
  useEffect(() => {
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);
  return { connections, refresh };
}
