import { useMemo } from 'react';
import { useAuth } from '../../session/auth-provider';
import type { AgentRepository } from '../../data/agents-repository';
import { appAgentRepository } from '../../sync/app-repositories';

/** The agent writes for the signed-in user (null when signed out); each write asks for a sync. */
export function useAgentRepository(): AgentRepository | null {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMemo(() => (userId ? appAgentRepository(userId) : null), [userId]);
}
