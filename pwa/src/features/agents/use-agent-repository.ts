import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { useAuth } from '../../session/session-provider';
import type { AgentRepository, NewAgentFields } from '../../data/agents-repository';
import { toast } from '../../stores/toast';
import { appAgentRepository } from '../../sync/app-repositories';

/** The agent writes for the signed-in user (null when signed out); each write asks for a sync. */
export function useAgentRepository(): AgentRepository | null {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMemo(() => (userId ? appAgentRepository(userId) : null), [userId]);
}

/**
 * Creating an agent from the wizard: saved on this device and synced, then the created toast and
 * `onCreated`; a failure is told in a toast (and given to `onFailed`). Signed out, it says so.
 */
export function useCreateAgent(
  onCreated: (agent: Agent, fields: NewAgentFields) => void,
  onFailed?: (error: unknown) => void,
): (fields: NewAgentFields) => Promise<void> {
  const { t } = useTranslation();
  const repository = useAgentRepository();
  return async (fields) => {
    if (!repository) {
      toast({ title: t('agents.toast.mustSignIn'), variant: 'destructive' });
      return;
    }
    try {
      const agent = await repository.createAgent(fields);
      toast({ title: t('agents.toast.created'), variant: 'success' });
      onCreated(agent, fields);
    } catch (error) {
      onFailed?.(error);
      toast({
        title: t('agents.toast.createFailed', { message: error instanceof Error ? error.message : String(error) }),
        variant: 'destructive',
      });
    }
  };
}
