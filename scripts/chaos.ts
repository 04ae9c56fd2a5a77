/**
 * `npm run chaos -- 1000`: the chaos test's long run. Runs as many cycles as asked (random
 * actions on two tabs of one user, with offline spells, reloads, a tab closed mid-sync, server
 * restarts and slow, failing and lost answers), in runs of CHAOS_RUN_CYCLES (40) cycles, each on a
 * fresh user with its own seed (CHAOS_SEED, or one from the clock, then +1 a run), against one
 * product process. Prints the figures: cycles, writes told, lost and doubled edits, conflicts
 * expected and shown, and every seed that failed (replay one with CHAOS_SEED=… CHAOS_CYCLES=…
 * npx vitest run --project e2e e2e/chaos.test.ts). Stops early after CHAOS_MINUTES (no limit by default).
 */
import { runChaos, type ChaosReport } from '../e2e/support/chaos/run';
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from './pwa-build';

const total = Number(process.argv[2] ?? process.env.CHAOS_CYCLES ?? 1000);
const perRun = Number(process.env.CHAOS_RUN_CYCLES ?? 40);
const firstSeed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Date.now() / 1000) % 2 ** 31;
ensurePwaBuild((line) => console.log(`[chaos] ${line}`));
const product = await startProduct();
const browser = await launchChromium();
// The time budget counts the cycles, not the build and the start.
const deadline = process.env.CHAOS_MINUTES ? Date.now() + Number(process.env.CHAOS_MINUTES) * 60_000 : Number.POSITIVE_INFINITY;
const reports: ChaosReport[] = [];
const crashed: Array<{ seed: number; error: string }> = [];
const started = Date.now();
let done = 0;
try {
  for (let seed = firstSeed; done < total && Date.now() < deadline; seed++) {
    const cycles = Math.min(perRun, total - done);
    try {
      const report = await runChaos({ seed, cycles, product, browser, restarts: 2 });
      reports.push(report);
      console.log(
        `[chaos] seed ${seed}: ${cycles} cycles, ${report.told} writes told, lost ${report.lost.length}, doubled ${report.doubled.length}, conflicts ${report.conflictsShown}/${report.conflictsExpected}, problems ${report.problems.length}`,
      );
      for (const problem of report.problems) console.log(`  - ${problem}`);
    } catch (error) {
      // The harness could not finish an action (a step timed out): not a verdict on the product.
      crashed.push({ seed, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
      console.log(`[chaos] seed ${seed}: did not finish: ${crashed[crashed.length - 1]!.error}`);
    }
    done += cycles;
  }
} finally {
  await browser.close();
  await product.stop();
}

const sum = (pick: (r: ChaosReport) => number) => reports.reduce((n, r) => n + pick(r), 0);
const actions: Record<string, number> = {};
for (const report of reports) for (const [name, n] of Object.entries(report.actions)) actions[name] = (actions[name] ?? 0) + n;
const failed = reports.filter((r) => r.problems.length > 0).map((r) => r.seed);
const cyclesChecked = sum((r) => r.cycles);
console.log(`
chaos: ${cyclesChecked} cycles checked in ${reports.length} runs (seeds ${firstSeed}–${firstSeed + reports.length + crashed.length - 1}), ${((Date.now() - started) / 60_000).toFixed(1)} min
  writes told succeeded: ${sum((r) => r.told)}
  lost edits:    ${sum((r) => r.lost.length)}
  doubled edits: ${sum((r) => r.doubled.length)}
  conflicts:     ${sum((r) => r.conflictsShown)} shown, ${sum((r) => r.conflictsExpected)} expected
  actions: ${Object.entries(actions)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')}
  runs with problems: ${failed.length ? failed.join(', ') : 'none'}
  runs the harness could not finish: ${crashed.length ? crashed.map((c) => `${c.seed} (${c.error})`).join('; ') : 'none'}`);
process.exit(failed.length > 0 ? 1 : 0);
