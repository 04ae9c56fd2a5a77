import { PROMPT_TEMPLATE_TEXTS, type PromptTemplateId } from '@shared/prompt-templates';
import type { Agent, AgentFields, Experiment } from '@shared/schemas/agent';

/**
 * The agent fields that end an experiment. Keeping a winner makes it the agent's template, with
 * the text the experiment wrote from: the template's own text, or for `custom` the user's prompt
 * (an experiment's arms never used the agent's edited copy of a template). Without a winner
 * ("Stop"), the agent's template stays as it was.
 */
export function endExperimentFields(
  agent: Pick<Agent, 'prompt'>,
  experiment: Experiment,
  winner: PromptTemplateId | null,
  now: Date,
): Partial<AgentFields> {
  const ended: Experiment = { ...experiment, endedAt: now.toISOString(), winner };
  if (winner === null) return { experiment: ended };
  return { experiment: ended, promptTemplate: winner, prompt: winner === 'custom' ? agent.prompt : PROMPT_TEMPLATE_TEXTS[winner] };
}
