/**
 * `npx tsx bench/run-all.ts`: every `bench/*.bench.ts` and `bench/<folder>/*.bench.ts` (the letter
 * bench: `bench/letters/letters.bench.ts`), then `bench/bundle-size.ts`, one after
 * another, each in its own process (so one's servers and timers never disturb the next). Prints
 * what they print; exits non-zero if one of them failed, after running the rest.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './support';

const dir = path.join(ROOT, 'bench');
const only = process.argv.slice(2);
const benches = (folder: string) =>
  fs
    .readdirSync(path.join(dir, folder))
    .filter((name) => name.endsWith('.bench.ts'))
    .sort()
    .map((name) => path.posix.join(folder, name));
const folders = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const scripts = [...benches(''), ...folders.flatMap(benches), 'bundle-size.ts'].filter(
  (name) => only.length === 0 || only.some((part) => name.includes(part)),
);

const failed: string[] = [];
for (const name of scripts) {
  console.log(`\n=== bench/${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join('bench', name)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(name);
    console.log(`=== bench/${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s ===`);
  } else {
    console.log(`=== bench/${name} done in ${seconds} s ===`);
  }
}

if (failed.length > 0) {
  console.error(`\n${failed.length} bench script(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
