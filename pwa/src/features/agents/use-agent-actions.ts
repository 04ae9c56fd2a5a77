import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { useAgentRepository } from './use-agent-repository';
import { toast } from '../../stores/toast';
import Dexie from 'dexie';
import { appDb } from '../../data/app-db';
import { isQueued } from '../../data/job-items-table';

/**
 * The list's and the detail page's actions, with the specification's toasts. Each write lands in
 * IndexedDB at once (offline too) and syncs in the background; a later refusal by the server
 * comes back as a sync notice.
 */
/** The agent's plan on this device: proposals it queued by itself, and drafts a pause of it holds. */
async function planOf(agentId: string): Promise<{ queued: number; held: number }> {
  try {
    const items = await appDb().jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]).toArray();
    return {
      queued: items.filter((item) => isQueued(item) && item.approvedAt === null).length,
      held: items.filter((item) => item.status === 'draft' && item.heldByPause).length,
    };
  } catch {
    return { queued: 0, held: 0 };
  }
}

export function useAgentActions() {
  const { t } = useTranslation();
  const repository = useAgentRepository();

  /**
   * Active when not active, else paused: the opposite of what the user sees (its version is the base).
   * The toast says what the change does to the agent's plan: how many queued proposals a pause
   * holds, how many held ones a resume queues again (as this device knows them).
   */
  async function toggleStatus(agent: Pick<Agent, 'id' | 'status' | 'version'> & Partial<Pick<Agent, 'sendMode'>>): Promise<void> {
    const next = agent.status === 'active' ? 'paused' : 'active';
    try {
      if (!repository) throw new Error('signed out');
      const plan = await planOf(agent.id);
      await repository.setAgentStatus(agent.id, next, agent);
      const count = next === 'paused' ? plan.queued : agent.sendMode === 'review' ? 0 : plan.held;
      const title =
        next === 'active'
          ? count > 0
            ? t('agents.toast.resumedQueued', { count })
            : t('agents.toast.activated')
          : count > 0
            ? t('agents.toast.pausedHeld', { count })
            : t('agents.toast.paused');
      toast({ title, variant: 'success' });
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
