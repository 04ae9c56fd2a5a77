import { and, eq } from 'drizzle-orm';
import { experimentReport, type ExperimentReport } from '@shared/experiments/report';
import type { JobItemOutcomeValue } from '@shared/schemas/job-item';
import type { PromptTemplateId } from '@shared/prompt-templates';
import type { Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import type { AgentService } from './agents';

/**
 * The results of an agent's template experiment (running, or the last one ended), recomputed from
 * the proposals themselves: each records the arm it was written with. The app computes the same
 * figures on the device (shared/src/experiments/report.ts).
 */
export async function agentExperimentReport(
  deps: { store: Store; agents: AgentService },
  userId: string,
  agentId: string,
): Promise<ExperimentReport | null> {
  const { jobItems } = tablesOf(deps.store.db);
  const agent = await deps.agents.get(userId, agentId);
  if (!agent.experiment) return null;
  const rows = await deps.store.db
    .select({
      status: jobItems.status,
      outcome: jobItems.outcome,
      outcomeSource: jobItems.outcomeSource,
      repliedAt: jobItems.repliedAt,
      promptTemplate: jobItems.promptTemplate,
      experimentId: jobItems.experimentId,
    })
    .from(jobItems)
    .where(and(eq(jobItems.userId, userId), eq(jobItems.agentId, agentId), eq(jobItems.experimentId, agent.experiment.id)));
  const items = rows.map((row) => ({
    ...row,
    outcome: row.outcome as JobItemOutcomeValue | null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    promptTemplate: row.promptTemplate as PromptTemplateId | null,
  }));
  return experimentReport(agent.experiment, items);
}
