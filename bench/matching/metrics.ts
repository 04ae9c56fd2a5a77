/** Ranking measures over the first k results of a ranked list of job ids, with graded labels (0–2). */

const label = (labels: ReadonlyMap<string, number>, id: string) => labels.get(id) ?? 0;

/** Share of the first k places that hold a relevant job (label ≥ 1); empty places count as misses. */
export function precisionAt(ranked: readonly string[], labels: ReadonlyMap<string, number>, k = 10): number {
  return ranked.slice(0, k).filter((id) => label(labels, id) >= 1).length / k;
}

/** Normalised discounted cumulative gain at k, gain 2^label − 1. */
export function ndcgAt(ranked: readonly string[], labels: ReadonlyMap<string, number>, k = 10): number {
  const dcg = (grades: number[]) => grades.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...labels.values()].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => label(labels, id))) / ideal;
}

/** Jobs labelled 0 among the first k. */
export function irrelevantAt(ranked: readonly string[], labels: ReadonlyMap<string, number>, k = 10): number {
  return ranked.slice(0, k).filter((id) => label(labels, id) === 0).length;
}

/** Precision at R, R the number of relevant jobs: how much of the whole relevant set the ranking puts first. */
export function rPrecision(ranked: readonly string[], labels: ReadonlyMap<string, number>): number {
  const relevant = [...labels.values()].filter((l) => l >= 1).length;
  return relevant === 0 ? 0 : ranked.slice(0, relevant).filter((id) => label(labels, id) >= 1).length / relevant;
}
