import { useCallback, useEffect, useState } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { CredentialsStatus } from '@shared/schemas/integrations';
import { api } from '../../app/session';
import { connectionStatusPath } from '../../domain/search-connect';
import type { UpworkCheck } from '../../domain/search-agent';

export interface Connection {
  state: UpworkCheck;
  username: string | null;
}

export type Connections = Record<AgentPlatform, Connection>;

const CHECKING: Connection = { state: 'checking', username: null };

/** Both marketplaces' connection status (`GET /api/jobs/{platform}-status/{userId}`); unknown when offline. */
export function useConnections(userId: string | undefined): { connections: Connections; refresh: () => void } {
  const [connections, setConnections] = useState<Connections>({ upwork: CHECKING, freelancer: CHECKING });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const check = async (platform: AgentPlatform) => {
      let next: Connection;
      try {
        const status = await api.get<CredentialsStatus>(connectionStatusPath(platform, userId), { signal: controller.signal });
        next = { state: status?.hasCredentials ? 'connected' : 'missing', username: status?.username ?? null };
      } catch {
        if (controller.signal.aborted) return;
        next = { state: 'unknown', username: null };
      }
      setConnections((current) => ({ ...current, [platform]: next }));
    };
    void check('upwork');
    void check('freelancer');
    return () => controller.abort();
  }, [userId, round]);

  const refresh = useCallback(() => {
    setConnections({ upwork: CHECKING, freelancer: CHECKING });
    setRound((r) => r + 1);
  }, []);
  return { connections, refresh };
}
