import { and, eq } from 'drizzle-orm';
import { thompsonChoice } from '@shared/experiments/beta';
import { outcomeFlags } from '@shared/experiments/outcome-flags';
import type { PromptTemplateId } from '@shared/prompt-templates';
import { experimentRunning, type Agent } from '@shared/schemas/agent';
import type { JobItemOutcomeValue } from '@shared/schemas/job-item';
import type { Tx } from '../../store/sqlite/client';
import { tablesOf } from '../../store/schema/index';

/** A proposal this old without news counts as a miss for Thompson sampling (before that, it is still out). */
export const OBSERVE_AFTER_MS = 3 * 24 * 3_600_000;

export interface Assignment {
  /** The template the letter is written from. */
  template: PromptTemplateId;
  /** The running experiment that chose it (null: the agent's own template). */
  experimentId: string | null;
}

/**
 * The template for an agent's next proposal: its own, or, while it runs an experiment, one of the
 * experiment's arms: at random, or by Thompson sampling over what the arms' sent proposals did so
 * far on the experiment's metric (a uniform prior, so with no data yet it is a fair draw).
 */
export async function assignTemplate(tx: Tx, agent: Agent, now: Date, random: () => number): Promise<Assignment> {
  const { jobItems } = tablesOf(tx);
  const experiment = agent.experiment;
  if (!experimentRunning(experiment)) return { template: agent.promptTemplate, experimentId: null };
  const arms = experiment.arms;
  if (experiment.assignment === 'random')
    return { template: arms[Math.min(arms.length - 1, Math.floor(random() * arms.length))]!, experimentId: experiment.id };
  const counts = arms.map(() => ({ successes: 0, trials: 0 }));
  const rows = await tx
    .select({
      promptTemplate: jobItems.promptTemplate,
      status: jobItems.status,
      outcome: jobItems.outcome,
      outcomeSource: jobItems.outcomeSource,
      repliedAt: jobItems.repliedAt,
      sentAt: jobItems.sentAt,
      outcomeTracking: jobItems.outcomeTracking,
    })
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agent.id), eq(jobItems.experimentId, experiment.id), eq(jobItems.status, 'completed')));
  for (const row of rows) {
    const index = arms.indexOf(row.promptTemplate as PromptTemplateId);
    if (index < 0) continue;
    const flags = outcomeFlags({
      status: row.status,
      outcome: row.outcome as JobItemOutcomeValue | null,
      outcomeSource: row.outcomeSource,
      repliedAt: row.repliedAt?.toISOString() ?? null,
    });
    const success = experiment.metric === 'replied' ? flags.replied : experiment.metric === 'interview' ? flags.interview : flags.won;
    const settled =
      success ||
      row.outcomeTracking === 'done' ||
      row.outcomeTracking === 'expired' ||
      (row.sentAt !== null && now.getTime() - row.sentAt.getTime() >= OBSERVE_AFTER_MS);
    if (!settled) continue;
    counts[index]!.trials++;
    if (success) counts[index]!.successes++;
  }
  return { template: arms[thompsonChoice(counts, random)]!, experimentId: experiment.id };
}

/**
 * The agent as the letter writer sees it for an assigned template: an experiment's arm uses that
 * template's text, or (the `custom` arm) the user's own prompt; outside an experiment, unchanged.
 */
export function agentForAssignment<T extends Pick<Agent, 'promptTemplate' | 'prompt'>>(agent: T, assignment: Assignment): T {
  if (assignment.experimentId === null) return agent;
  return { ...agent, promptTemplate: assignment.template, prompt: assignment.template === 'custom' ? agent.prompt : '' };
}
