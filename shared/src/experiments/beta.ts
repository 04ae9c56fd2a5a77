/**
 * Beta posteriors of success rates: draws (for Thompson sampling) and the probability that each arm
 * is the best (Monte Carlo). Every draw comes from the `random` given, so a seeded source gives the
 * same answer every time.
 */

export interface ArmCounts {
  successes: number;
  trials: number;
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  let u = 0;
  while (u <= Number.EPSILON) u = random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Gamma(shape, 1) draw (Marsaglia–Tsang; shape below 1 through Gamma(shape + 1)·U^(1/shape)). */
export function sampleGamma(shape: number, random: () => number): number {
  if (shape < 1) {
    let u = 0;
    while (u <= Number.EPSILON) u = random();
    return sampleGamma(shape + 1, random) * u ** (1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(a, b) draw. */
export function sampleBeta(a: number, b: number, random: () => number): number {
  const x = sampleGamma(a, random);
  const y = sampleGamma(b, random);
  return x + y === 0 ? 0.5 : x / (x + y);
}

/** The posterior of an arm from a uniform prior: Beta(1 + successes, 1 + failures). */
const posterior = (arm: ArmCounts): [number, number] => [1 + Math.max(0, arm.successes), 1 + Math.max(0, arm.trials - arm.successes)];

/** Thompson sampling: one draw from each arm's posterior; the arm with the highest draw (index). */
export function thompsonChoice(arms: readonly ArmCounts[], random: () => number): number {
  let best = 0;
  let bestDraw = -1;
  arms.forEach((arm, index) => {
    const draw = sampleBeta(...posterior(arm), random);
    if (draw > bestDraw) {
      bestDraw = draw;
      best = index;
    }
  });
  return best;
}

/**
 * The probability that each arm has the highest true rate, estimated from `draws` joint draws of
 * the posteriors (ties split evenly). The answers sum to 1.
 */
export function probabilityBest(arms: readonly ArmCounts[], random: () => number, draws = 20_000): number[] {
  const wins = new Array<number>(arms.length).fill(0);
  if (arms.length === 0) return wins;
  const params = arms.map(posterior);
  const sample = new Array<number>(arms.length);
  for (let i = 0; i < draws; i++) {
    let top = -1;
    for (let j = 0; j < params.length; j++) {
      sample[j] = sampleBeta(params[j]![0], params[j]![1], random);
      if (sample[j]! > top) top = sample[j]!;
    }
    const leaders = sample.filter((value) => value === top).length;
    for (let j = 0; j < params.length; j++) if (sample[j] === top) wins[j]! += 1 / leaders;
  }
  return wins.map((count) => count / draws);
}
