import type { Experiment } from '../schemas/agent';
import type { JobItem } from '../schemas/job-item';
import type { PromptTemplateId } from '../prompt-templates';
import { hashSeed, mulberry32 } from '../seeded-random';
import { probabilityBest } from './beta';
import { outcomeFlags, type OutcomeItem } from './outcome-flags';
import { wilson, type Proportion } from './wilson';

export type ExperimentItem = OutcomeItem & Pick<JobItem, 'promptTemplate' | 'experimentId'>;

export interface ArmReport {
  template: PromptTemplateId;
  sent: number;
  replied: Proportion;
  interview: Proportion;
  won: Proportion;
  /** The probability that this arm's true rate (of the experiment's metric) is the highest. */
  probabilityBest: number;
}

export interface ExperimentReport {
  experimentId: string;
  metric: Experiment['metric'];
  arms: ArmReport[];
  sent: number;
  /**
   * The arm most likely best so far: null before the results tell the arms apart (nothing sent, no
   * arm with a single success on the metric, or the best two within LEAD_MARGIN of each other).
   */
  leader: PromptTemplateId | null;
  /** The leader once it is best with probability 95 % or more (else null: keep going). */
  likelyWinner: PromptTemplateId | null;
}

/** The probability an arm must reach before it is called the likely winner. */
export const WINNER_PROBABILITY = 0.95;
/** How far ahead of the next arm (in probability of being best) an arm must be to lead at all. */
export const LEAD_MARGIN = 0.1;

/**
 * The experiment's results from the proposals themselves (each records its arm): per arm the sent
 * count, reply, interview and win rates with Wilson intervals, and the probability of being best
 * on the experiment's metric (Monte Carlo over Beta posteriors, seeded by the experiment and its
 * counts, so the same results always give the same figures).
 */
export function experimentReport(experiment: Experiment, items: readonly ExperimentItem[], draws = 20_000): ExperimentReport {
  const counts = experiment.arms.map((template) => ({ template, sent: 0, replied: 0, interview: 0, won: 0 }));
  for (const item of items) {
    if (item.experimentId !== experiment.id || !item.promptTemplate) continue;
    const arm = counts.find((one) => one.template === item.promptTemplate);
    const flags = outcomeFlags(item);
    if (!arm || !flags.sent) continue;
    arm.sent++;
    if (flags.replied) arm.replied++;
    if (flags.interview) arm.interview++;
    if (flags.won) arm.won++;
  }
  const successes = (arm: (typeof counts)[number]) => arm[experiment.metric];
  const seed = hashSeed(`${experiment.id}|${counts.map((arm) => `${arm.sent}/${successes(arm)}`).join(',')}`);
  const sent = counts.reduce((sum, arm) => sum + arm.sent, 0);
  const best =
    sent > 0
      ? probabilityBest(
          counts.map((arm) => ({ successes: successes(arm), trials: arm.sent })),
          mulberry32(seed),
          draws,
        )
      : counts.map(() => 1 / counts.length);
  const arms = counts.map((arm, index) => ({
    template: arm.template,
    sent: arm.sent,
    replied: wilson(arm.replied, arm.sent),
    interview: wilson(arm.interview, arm.sent),
    won: wilson(arm.won, arm.sent),
    probabilityBest: best[index]!,
  }));
  const ranked = [...arms].sort((a, b) => b.probabilityBest - a.probabilityBest);
  const anySuccess = counts.some((arm) => successes(arm) > 0);
  const ahead = ranked.length < 2 || ranked[0]!.probabilityBest - ranked[1]!.probabilityBest >= LEAD_MARGIN;
  // Sends without a single reply (or interview, or win) say nothing yet about which template works.
  const top = sent > 0 && anySuccess && ahead ? ranked[0]! : null;
  return {
    experimentId: experiment.id,
    metric: experiment.metric,
    arms,
    sent,
    leader: top?.template ?? null,
    likelyWinner: top && top.probabilityBest >= WINNER_PROBABILITY ? top.template : null,
  };
}
