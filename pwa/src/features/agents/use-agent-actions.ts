import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { useAgentRepository } from './use-agent-repository';
import { toast } from '../../stores/toast';

/**
 * The list's and the detail page's actions, with the specification's toasts. Each write lands in
 * IndexedDB at once (offline too) and syncs in the background; a later refusal by the server
 * comes back as a sync notice.
 */
export function useAgentActions() {
  const { t } = useTranslation();
  const repository = useAgentRepository();

  /** Active when not active, else paused: the opposite of what the user sees (its version is the base). */
  async function toggleStatus(agent: Pick<Agent, 'id' | 'status' | 'version'>): Promise<void> {
    const next = agent.status === 'active' ? 'paused' : 'active';
    try {
      if (!repository) throw new Error('signed out');
      await repository.setAgentStatus(agent.id, next, agent);
      toast({ title: next === 'active' ? t('agents.toast.activated') : t('agents.toast.paused'), variant: 'success' });
    } catch (error) {
      console.error('status change failed', error);
      toast({ title: t('agents.toast.toggleFailed'), variant: 'destructive' });
    }
  }

  async function remove(agent: Pick<Agent, 'id'>): Promise<boolean> {
    try {
      if (!repository) throw new Error('signed out');
      await repository.deleteAgent(agent.id);
      toast({ title: t('agents.toast.deleted'), variant: 'success' });
      return true;
    } catch (error) {
      console.error('delete failed', error);
      toast({ title: t('agents.toast.deleteFailed'), variant: 'destructive' });
      return false;
    }
  }

  return { repository, toggleStatus, remove };
}
