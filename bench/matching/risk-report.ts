import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RISK_CODES, type RiskFlag } from '@shared/schemas/job';
import { analyseJob } from '@shared/matching/analyse';
import { assessRisk } from '@shared/matching/risk/assess';
import { loadBenchSet } from './load';

/**
 * Red flags on the labelled set: how many label-0 and label ≥ 1 jobs each flag raises on, the good
 * jobs flagged (false positives, listed with the words that raised them) and the label-0 jobs that
 * raise nothing (read them by eye for scams the assessment misses). Run:
 * `npx tsx bench/matching/risk-report.ts` (`MATCHING_DATA=<folder>` for another set).
 */

const dir = process.env.MATCHING_DATA ?? path.join(import.meta.dirname, 'labelled');
const set = loadBenchSet(dir);
const analysed = set.jobs.map(analyseJob);

const start = performance.now();
// Red flags only: a doubt of the learned reading (`unsure`, held for a look) is the matching bench's to count.
const flagsOf = analysed.map((job) => assessRisk(job).filter((flag) => !flag.unsure));
const elapsed = performance.now() - start;
// Again on fresh copies (the assessment is cached per analysed job): the patterns are compiled and warm, as on a running server.
// CPU time, not wall time (on a shared machine the wall clock measures the neighbours); the best of five passes.
let warm = Infinity;
for (let pass = 0; pass < 5; pass++) {
  const again = set.jobs.map(analyseJob);
  const warmStart = process.cpuUsage();
  for (const job of again) assessRisk(job);
  const used = process.cpuUsage(warmStart);
  warm = Math.min(warm, (used.user + used.system) / 1000);
}

/** A job's best label over every profile (missing: 0). */
const best = set.jobs.map((job) => Math.max(0, ...[...set.labels.values()].map((byJob) => byJob.get(job.id) ?? 0)));

const describe = (flag: RiskFlag) =>
  [
    flag.code,
    flag.signal,
    flag.expectedUsd !== undefined ? `expected $${flag.expectedUsd} vs offered $${flag.offeredUsd}` : undefined,
    flag.items !== undefined ? `${flag.items} items at $${flag.perItemUsd}` : undefined,
    flag.quote ? `“${flag.quote}”` : undefined,
  ]
    .filter(Boolean)
    .join(' ');

const bad = best.map((label, i) => (label === 0 ? i : -1)).filter((i) => i >= 0);
const good = best.map((label, i) => (label >= 1 ? i : -1)).filter((i) => i >= 0);

console.log(
  `Risk flags on ${set.jobs.length} jobs (${bad.length} label 0, ${good.length} label ≥ 1) from ${path.relative(process.cwd(), dir)}`,
);
console.log(
  `assessed in ${elapsed.toFixed(1)} ms cold (compiling and warming the patterns), ${warm.toFixed(1)} ms CPU warm (${((warm * 1000) / set.jobs.length).toFixed(0)} µs a job)\n`,
);

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`${'code'.padEnd(18)}${pad('label 0', 9)}${pad('label≥1', 9)}`);
for (const code of RISK_CODES) {
  const count = (indices: number[]) => indices.filter((i) => flagsOf[i]!.some((f) => f.code === code)).length;
  console.log(`${code.padEnd(18)}${pad(count(bad), 9)}${pad(count(good), 9)}`);
}
const anyFlag = (indices: number[]) => indices.filter((i) => flagsOf[i]!.length > 0).length;
console.log(`${'any'.padEnd(18)}${pad(anyFlag(bad), 9)}${pad(anyFlag(good), 9)}`);

// Recall per hard-case kind the set's authors wrote (`"kind"` in the set: `scam:<family>`, `scope`, …): how many raise any flag,
// and how many raise the flag of their own family (scope: scopeOverBudget or pricePerItemLow).
const byKind = new Map<string, number[]>();
set.jobs.forEach((job, i) => {
  const kind = set.kinds.get(job.id);
  if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), i]);
});
if (byKind.size > 0) {
  console.log(`\n${'kind'.padEnd(26)}${pad('jobs', 6)}${pad('any flag', 10)}${pad('own flag', 10)}${pad('phrase/scope', 14)}`);
  for (const [kind, indices] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const own = (flag: RiskFlag) =>
      kind === 'scope' ? flag.code === 'scopeOverBudget' || flag.code === 'pricePerItemLow' : flag.code === kind.replace(/^scam:/, '');
    const any = indices.filter((i) => flagsOf[i]!.length > 0).length;
    const mine = indices.filter((i) => flagsOf[i]!.some(own)).length;
    const content = indices.filter((i) => flagsOf[i]!.some((f) => f.code !== 'clientRisk')).length;
    console.log(`${kind.padEnd(26)}${pad(indices.length, 6)}${pad(any, 10)}${pad(mine, 10)}${pad(content, 14)}`);
  }
}

console.log('\nGood jobs flagged (false positives):');
const falsePositives = good.filter((i) => flagsOf[i]!.length > 0);
if (falsePositives.length === 0) console.log('  none');
for (const i of falsePositives) {
  console.log(`  [${best[i]}] ${set.jobs[i]!.id} ${set.jobs[i]!.title}`);
  for (const flag of flagsOf[i]!) console.log(`      ${describe(flag)}`);
}

console.log('\nLabel-0 jobs flagged:');
for (const i of bad.filter((j) => flagsOf[j]!.length > 0)) {
  console.log(`  ${set.jobs[i]!.id} ${set.jobs[i]!.title}`);
  for (const flag of flagsOf[i]!) console.log(`      ${describe(flag)}`);
}

if (process.env.RISK_UNFLAGGED) {
  console.log('\nLabel-0 jobs not flagged (read by eye for scams the assessment misses):');
  for (const i of bad.filter((j) => flagsOf[j]!.length === 0)) {
    const job = set.jobs[i]!;
    console.log(`  ${job.id} ${job.type} $${job.budgetUsd ?? '?'} ${job.title}: ${job.description.slice(0, 160).replace(/\s+/g, ' ')}`);
  }
}
