import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run fuzz`: the API fuzzer (api/src/testing/contract/fuzz.test.ts) for longer than `npm test`
 * runs it: FUZZ_RUNS requests per operation (250 unless set) from a new seed each time, or the one in
 * FUZZ_SEED. The seed is printed first and again on failure; FUZZ_OPERATION and FUZZ_PATH (printed
 * with a failure) replay one case. Extra arguments go to vitest.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = process.env.FUZZ_SEED ?? String(crypto.randomInt(0, 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '250';
const replay = `FUZZ_SEED=${seed}${process.env.FUZZ_OPERATION ? ` FUZZ_OPERATION='${process.env.FUZZ_OPERATION}'` : ''} FUZZ_RUNS=${runs} npm run fuzz`;
console.log(
  `fuzz: seed ${seed}, ${runs} requests per operation${process.env.FUZZ_OPERATION ? `, only ${process.env.FUZZ_OPERATION}` : ''}`,
);
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--project', 'unit', 'api/src/testing/contract/fuzz.test.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
if (result.status !== 0) console.error(`\nfuzz: failed with seed ${seed}. Run again: ${replay}`);
process.exit(result.status ?? 1);
