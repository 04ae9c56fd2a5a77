/**
 * Learning from the user's own decisions: an L2-regularised logistic regression over the match
 * score's factors and the job's skills, fitted on the user's signals (approve, edit then approve,
 * discard, replied, won, lost). The penalty is the prior: a handful of signals moves the score a
 * little, many move it more, never beyond ±MAX_POINTS. Pure; fits in milliseconds.
 */

/** The dense factors, in this order, each on a scale of about 0–1. */
export const DENSE_FEATURES = ['coverage', 'relevance', 'mainMissing', 'budget', 'client', 'competition', 'fixedPrice', 'size'] as const;

/** What the learner reads of one scored job (kept with the job item as it was scored). */
export interface MatchFeatures {
  /** DENSE_FEATURES values. */
  d: number[];
  /** The job's skill ids, heaviest first. */
  s: string[];
  /** Its main skill. */
  m: string | null;
}

export const SIGNAL_KINDS = ['approved', 'edited', 'discarded', 'replied', 'won', 'lost'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** What each signal says and how strongly: a reply or a win says more than an approval; a loss says little. */
export const SIGNAL_WEIGHTS: Readonly<Record<SignalKind, { label: 0 | 1; weight: number }>> = {
  approved: { label: 1, weight: 1 },
  edited: { label: 1, weight: 0.8 },
  discarded: { label: 0, weight: 1 },
  replied: { label: 1, weight: 1.5 },
  won: { label: 1, weight: 2 },
  lost: { label: 0, weight: 0.5 },
};

export interface Signal {
  kind: SignalKind;
  features: MatchFeatures;
}

export interface PersonalModel {
  bias: number;
  dense: number[];
  skills: Record<string, number>;
  /** The average decision value of the user's own signals: the adjustment is relative to it. */
  center: number;
  /** Signals behind the model (weighted). */
  weight: number;
  /** Positive and negative signals per skill, for the reason ("like 4 jobs you approved"). */
  positives: Record<string, number>;
  negatives: Record<string, number>;
}

/** The most a learned preference adds or takes, in score points. */
export const MAX_POINTS = 15;
/** Signals at which the model counts half (fewer: less). */
const HALF_CONFIDENCE = 12;
const LAMBDA_DENSE = 2;
const LAMBDA_SKILL = 1.5;
const ITERATIONS = 250;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function decision(model: Pick<PersonalModel, 'bias' | 'dense' | 'skills'>, x: MatchFeatures): number {
  let z = model.bias;
  for (let i = 0; i < model.dense.length; i++) z += model.dense[i]! * (x.d[i] ?? 0);
  for (const id of new Set(x.s)) z += model.skills[id] ?? 0;
  return z;
}

/** Fits the model; null without signals. */
export function fitPersonalModel(signals: readonly Signal[]): PersonalModel | null {
  const samples = signals.map((s) => ({ x: s.features, ...SIGNAL_WEIGHTS[s.kind] }));
  if (samples.length === 0) return null;
  const total = samples.reduce((sum, s) => sum + s.weight, 0);
  const model = { bias: 0, dense: DENSE_FEATURES.map(() => 0), skills: {} as Record<string, number> };
  const positives: Record<string, number> = {};
  const negatives: Record<string, number> = {};
  for (const sample of samples) {
    for (const id of new Set(sample.x.s)) {
      model.skills[id] ??= 0;
      const tally = sample.label === 1 ? positives : negatives;
      tally[id] = (tally[id] ?? 0) + 1;
    }
  }
  // Gradient descent on the mean loss (step 1 / (Lipschitz bound)); the penalties are the prior.
  const step = 1 / (0.25 * (DENSE_FEATURES.length + 8) + (LAMBDA_DENSE + LAMBDA_SKILL) / total);
  const gradDense = DENSE_FEATURES.map(() => 0);
  const gradSkills: Record<string, number> = {};
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    gradDense.fill(0);
    for (const id in gradSkills) gradSkills[id] = 0;
    let gradBias = 0;
    for (const { x, label, weight } of samples) {
      const error = weight * (sigmoid(decision(model, x)) - label);
      gradBias += error;
      for (let i = 0; i < gradDense.length; i++) gradDense[i]! += error * (x.d[i] ?? 0);
      for (const id of new Set(x.s)) gradSkills[id] = (gradSkills[id] ?? 0) + error;
    }
    model.bias -= (step * (gradBias + 0.1 * model.bias)) / total;
    for (let i = 0; i < gradDense.length; i++) model.dense[i]! -= (step * (gradDense[i]! + LAMBDA_DENSE * model.dense[i]!)) / total;
    for (const id in model.skills) model.skills[id]! -= (step * ((gradSkills[id] ?? 0) + LAMBDA_SKILL * model.skills[id]!)) / total;
  }
  const center = samples.reduce((sum, s) => sum + s.weight * decision(model, s.x), 0) / total;
  return { ...model, center, weight: total, positives, negatives };
}

/** How confident the model is, 0–1, by the signals behind it. */
export const confidence = (model: PersonalModel) => model.weight / (model.weight + HALF_CONFIDENCE);

/** The points a user's model adds to (or takes from) a job, and how many like it they approved or discarded. */
export function personalAdjustment(model: PersonalModel, x: MatchFeatures): { points: number; approved: number; discarded: number } {
  const points = MAX_POINTS * confidence(model) * Math.tanh(decision(model, x) - model.center);
  const ids = x.m ? [x.m, ...x.s.filter((id) => id !== x.m)] : x.s;
  const most = (tally: Record<string, number>) => ids.slice(0, 3).reduce((best, id) => Math.max(best, tally[id] ?? 0), 0);
  return { points, approved: most(model.positives), discarded: most(model.negatives) };
}
