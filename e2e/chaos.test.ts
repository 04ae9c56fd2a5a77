import { describe, expect, it } from 'vitest';
import { runChaos } from './support/chaos/run';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

/** A seed from CHAOS_SEED (to replay a run), else a new one each run. */
const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 31);
const cycles = Number(process.env.CHAOS_CYCLES ?? 14);

describe('chaos: two tabs of one user, the network and the server misbehaving', () => {
  it(
    `every write the user was told succeeded is on the server once, every conflict was shown, the tabs agree (CHAOS_SEED=${seed})`,
    async () => {
      const report = await runChaos({
        seed,
        cycles,
        product: env.product(),
        browser: env.browser(),
        restarts: 1,
        log: process.env.CHAOS_VERBOSE ? (line) => console.log(line) : undefined,
      });
      if (report.problems.length > 0) {
        console.error(
          `chaos failed: replay with CHAOS_SEED=${seed} CHAOS_CYCLES=${cycles}\n${report.steps.join('\n')}\n${report.problems.join('\n')}`,
        );
      }
      expect(report.problems, `CHAOS_SEED=${seed}`).toEqual([]);
      expect(report.told).toBeGreaterThan(0);
    },
    Number(process.env.CHAOS_TIMEOUT_MS ?? 110_000),
  );
});
