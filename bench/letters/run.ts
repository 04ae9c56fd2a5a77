import { systemClock } from '../../api/src/kernel/clock';
import type { BenchPost } from './load';
import { judge } from './measure';
import { runLetters, type WriterName } from './pipeline';
import type { Judged, RunsByWriter } from './report';
import { startWorld, type World } from './world';

/** Runs posts through the product with each writer and judges every letter; starts its own world unless given one. */
export async function benchLetters(
  posts: readonly BenchPost[],
  options: { world?: World; writers?: WriterName[]; now?: Date } = {},
): Promise<RunsByWriter & { world: World }> {
  const world = options.world ?? (await startWorld(systemClock));
  const runs: RunsByWriter = { fake: [], offline: [] };
  for (const writer of options.writers ?? (['fake', 'offline'] as const)) {
    const { results } = await runLetters(posts, writer, world, options.now);
    runs[writer] = results.map((result): Judged => ({ result, judgement: judge(result) }));
  }
  return { ...runs, world };
}
