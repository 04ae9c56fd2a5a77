import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_MIN_MATCH_SCORE } from '@shared/schemas/agent';
import { analyseJob, compileProfile, passesFloor, rankJobs } from '@shared/scoring';
import { rankJobs as baselineRank } from './matching/baseline-scorer';
import { loadBenchSet } from './matching/load';
import { irrelevantAt, ndcgAt, precisionAt, rPrecision } from './matching/metrics';
import { ROOT } from './support';

/**
 * `npm run bench -- matching`: precision@10 and nDCG@10 of the match score on the labelled set
 * (bench/matching/labelled, or the folder in MATCHING_DATA), per profile and overall, with the default
 * minimum match score; the same for the scorer before the vocabulary (no floor: it had none); how
 * the figures move with the floor; and the time to analyse and score. Prints figures only.
 */
const dir = process.env.MATCHING_DATA ? path.resolve(process.env.MATCHING_DATA) : path.join(ROOT, 'bench/matching/labelled');
const set = loadBenchSet(dir);
const analysed = set.jobs.map(analyseJob);
const fmt = (n: number) => n.toFixed(2);
const pad = (text: string, width: number) => text.padEnd(width);

console.log(
  `Matching: ${set.jobs.length} jobs (${set.jobs.filter((j) => j.platform === 'upwork').length} Upwork, ${set.jobs.filter((j) => j.platform === 'freelancer').length} Freelancer.com), ${set.profiles.length} profiles, from ${path.relative(ROOT, dir) || dir}`,
);

function evaluate(floor: number, reduce: (p: (typeof set.profiles)[number]) => (typeof set.profiles)[number] = (p) => p) {
  return set.profiles.map((original) => {
    const profile = reduce(original);
    const labels = set.labels.get(profile.id)!;
    const ranked = rankJobs(analysed, compileProfile(profile), { now: set.now });
    const above = ranked.filter((job) => passesFloor(job.match, floor)).map((job) => job.id);
    const relevant = [...labels.values()].filter((l) => l >= 1).length;
    return {
      profile,
      ids: above,
      precision: precisionAt(above, labels),
      ndcg: ndcgAt(above, labels),
      zeros: irrelevantAt(above, labels),
      /** Label-0 jobs an agent with a large enough allowance would draft. */
      zerosAbove: above.filter((id) => (labels.get(id) ?? 0) === 0).length,
      rPrecision: rPrecision(above, labels),
      recall: relevant === 0 ? 0 : above.filter((id) => (labels.get(id) ?? 0) >= 1).length / relevant,
      above: above.length,
      relevant,
      ranked,
    };
  });
}

const rows = evaluate(DEFAULT_MIN_MATCH_SCORE);
console.log(`\nWith the default minimum match score (${DEFAULT_MIN_MATCH_SCORE}):`);
console.log(
  `  ${pad('profile', 18)} ${pad('P@10', 6)} ${pad('nDCG@10', 8)} ${pad('R-prec', 7)} ${pad('label-0 in top 10', 18)} ${pad('label-0 above floor', 20)} ${pad('above floor', 12)} relevant`,
);
for (const r of rows) {
  console.log(
    `  ${pad(r.profile.id, 18)} ${pad(fmt(r.precision), 6)} ${pad(fmt(r.ndcg), 8)} ${pad(fmt(r.rPrecision), 7)} ${pad(String(r.zeros), 18)} ${pad(String(r.zerosAbove), 20)} ${pad(String(r.above), 12)} ${r.relevant}`,
  );
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
console.log(
  `  ${pad('overall', 18)} ${pad(fmt(mean(rows.map((r) => r.precision))), 6)} ${pad(fmt(mean(rows.map((r) => r.ndcg))), 8)} ${pad(fmt(mean(rows.map((r) => r.rPrecision))), 7)} ${pad(String(sum(rows.map((r) => r.zeros))), 18)} ${sum(rows.map((r) => r.zerosAbove))}`,
);

// The same labels with sparse profiles, as a new user writes them: three skills, no overview.
const sparse = evaluate(DEFAULT_MIN_MATCH_SCORE, (p) => ({ ...p, skills: p.skills.slice(0, 3), overview: undefined }));
console.log(`\nSparse profiles (first three skills, no overview), same floor:`);
for (const r of sparse)
  console.log(
    `  ${pad(r.profile.id, 18)} ${pad(fmt(r.precision), 6)} ${pad(fmt(r.ndcg), 8)} ${pad(fmt(r.rPrecision), 7)} ${pad(String(r.zeros), 18)} ${pad(String(r.zerosAbove), 20)} ${r.above}`,
  );
console.log(
  `  ${pad('overall', 18)} ${pad(fmt(mean(sparse.map((r) => r.precision))), 6)} ${pad(fmt(mean(sparse.map((r) => r.ndcg))), 8)} ${pad(fmt(mean(sparse.map((r) => r.rPrecision))), 7)} ${pad(String(sum(sparse.map((r) => r.zeros))), 18)} ${sum(sparse.map((r) => r.zerosAbove))}`,
);

console.log('\nBaseline: the scorer before the vocabulary (no floor), same jobs and profiles:');
const baseline = set.profiles.map((profile) => {
  const labels = set.labels.get(profile.id)!;
  const ids = baselineRank(set.jobs, {
    skills: profile.skills,
    title: profile.title,
    minHourlyUsd: profile.minHourlyUsd,
    minFixedUsd: profile.minFixedUsd,
  }).map((j) => j.id);
  return {
    profile,
    precision: precisionAt(ids, labels),
    ndcg: ndcgAt(ids, labels),
    rPrecision: rPrecision(ids, labels),
    zeros: irrelevantAt(ids, labels),
  };
});
console.log(`  ${pad('profile', 18)} ${pad('P@10', 6)} ${pad('nDCG@10', 8)} ${pad('R-prec', 7)} label-0 in top 10`);
for (const r of baseline)
  console.log(`  ${pad(r.profile.id, 18)} ${pad(fmt(r.precision), 6)} ${pad(fmt(r.ndcg), 8)} ${pad(fmt(r.rPrecision), 7)} ${r.zeros}`);
console.log(
  `  ${pad('overall', 18)} ${pad(fmt(mean(baseline.map((r) => r.precision))), 6)} ${pad(fmt(mean(baseline.map((r) => r.ndcg))), 8)} ${pad(fmt(mean(baseline.map((r) => r.rPrecision))), 7)} ${sum(baseline.map((r) => r.zeros))}`,
);

console.log('\nThe floor (minimum match score) against the labels:');
console.log(
  `  ${pad('floor', 6)} ${pad('min P@10', 9)} ${pad('mean P@10', 10)} ${pad('label-0 in top 10', 18)} ${pad('label-0 above floor', 20)} relevant jobs above it`,
);
for (let floor = 30; floor <= 70; floor += 5) {
  const r = evaluate(floor);
  console.log(
    `  ${pad(String(floor), 6)} ${pad(fmt(Math.min(...r.map((x) => x.precision))), 9)} ${pad(fmt(mean(r.map((x) => x.precision))), 10)} ${pad(String(sum(r.map((x) => x.zeros))), 18)} ${pad(String(sum(r.map((x) => x.zerosAbove))), 20)} ${(100 * mean(r.map((x) => x.recall))).toFixed(0)} %`,
  );
}

if (process.env.MATCHING_VERBOSE) {
  for (const r of rows) {
    const labels = set.labels.get(r.profile.id)!;
    console.log(`\n${r.profile.id}:`);
    for (const job of r.ranked.slice(0, Number(process.env.MATCHING_VERBOSE) || 25)) {
      const d = job.match.features?.d ?? [];
      const why = job.matchFactors.map((f) => `${f.code}${f.points !== undefined ? `(${f.points})` : ''}`).join(' ');
      console.log(
        `  ${String(job.matchScore).padStart(3)} L${labels.get(job.id) ?? 0} ${job.match.passes ? ' ' : 'x'} C${(d[0] ?? 0).toFixed(2)} R${(d[1] ?? 0).toFixed(2)} ${job.title.slice(0, 60).padEnd(60)} ${why}`,
      );
    }
  }
}

// Cost: analyse once, score against every profile.
const rounds = 20;
let started = performance.now();
for (let i = 0; i < rounds; i++) set.jobs.forEach(analyseJob);
const analyseMs = (performance.now() - started) / rounds;
const compiled = set.profiles.map((p) => compileProfile(p));
started = performance.now();
for (let i = 0; i < rounds; i++) for (const p of compiled) rankJobs(analysed, p, { now: set.now });
const scoreMs = (performance.now() - started) / rounds / compiled.length;
console.log(
  `\nCost: analysing ${set.jobs.length} jobs ${analyseMs.toFixed(1)} ms; scoring and ranking them against one profile ${scoreMs.toFixed(1)} ms (Node ${process.version})`,
);
