import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_MIN_MATCH_SCORE } from '@shared/schemas/agent';
import { analyseJob, compileProfile, passesFloor, rankJobs, type AnalysedJob } from '@shared/scoring';
import { keywordRateRank } from './matching/keyword-baseline';
import { HELD_OUT_SETS, loadBenchSet, type BenchProfile, type BenchSet } from './matching/load';
import { ndcgAt, precisionAt, rPrecision } from './matching/metrics';
import { ROOT } from './support';

/**
 * `npm run bench -- matching`: how well the match score ranks the labelled set (bench/matching/labelled,
 * or the folder in MATCHING_DATA) and, printed apart, the held-out set (bench/matching/held-out, or
 * MATCHING_HELDOUT) that no change is tuned on. Per profile: P@10 and nDCG@10 of what an agent would
 * spend its cap on (at or above the default floor, no red flag), the same for a keyword-plus-rate
 * baseline on the same jobs, the label-0 and scam jobs an agent would still bid on, the flagged jobs
 * it holds for the user (and how many of them were good), and the good jobs lost to a misread main
 * skill. Then, for the tuning set, how the figures move with the floor and with sparse profiles, and
 * the cost. Prints figures only; nothing fails on a number.
 */
const trainDir = process.env.MATCHING_DATA ? path.resolve(process.env.MATCHING_DATA) : path.join(ROOT, 'bench/matching/labelled');
/** Held-out sets, each printed apart (MATCHING_HELDOUT: folders separated by commas). */
const heldDirs = process.env.MATCHING_HELDOUT
  ? process.env.MATCHING_HELDOUT.split(',').map((dir) => path.resolve(dir))
  : HELD_OUT_SETS.map((dir) => path.join(ROOT, 'bench/matching', dir));
const fmt = (n: number) => n.toFixed(2);
const pad = (text: string | number, width: number) => String(text).padEnd(width);
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const isScam = (kind: string | undefined) => kind?.startsWith('scam:') ?? false;
/** A red flag (a rule's, or the learned reading's at its threshold), and a job held only for a look (`unsure`: read below it). */
const redFlagged = (job: { riskFlags: ReadonlyArray<{ unsure?: boolean }> }) => job.riskFlags.some((flag) => !flag.unsure);
const forALook = (job: { riskFlags: ReadonlyArray<{ unsure?: boolean }> }) => job.riskFlags.length > 0 && !redFlagged(job);

interface Row {
  profile: BenchProfile;
  precision: number;
  ndcg: number;
  rPrecision: number;
  recall: number;
  /** Label-0 jobs an agent with a large enough allowance would bid on (above the floor, unflagged). */
  zerosAbove: number;
  /** Their ids. */
  zerosAboveIds: string[];
  /** Of those, the ones written as scams or forbidden work. */
  scamsAbove: number;
  /** Flagged jobs above the floor (held for the user), and how many of them were labelled good. */
  held: number;
  heldGood: number;
  /** Jobs above the floor held only for a look (the learned reading unsure), and how many were labelled good. */
  look: number;
  lookGood: number;
  /** Good jobs under the floor with a `mainMissing` penalty. */
  lostToMain: number;
  above: number;
  relevant: number;
  baseline: { precision: number; ndcg: number };
  /** The whole ranking, kept only when asked (`keep`): each holds every job's match. */
  ranked: ReturnType<typeof rankJobs>;
}

/**
 * Each profile's ranking of the set and what it gives at `floor`. `rankings`: rankings already made
 * (the ranking does not depend on the floor; each holds every job's match, so remaking them per
 * floor held several gigabytes at once on the tuning set). `keep`: the rows carry their rankings
 * (otherwise an empty list: the tuning set's rankings and a second set of them, the sparse
 * profiles', went past Node's default heap of 4 GB). `baseline: false` leaves the keyword
 * baseline out (zeros), where nothing prints it: it took most of the floor table's minutes.
 */
function evaluate(
  set: BenchSet,
  analysed: AnalysedJob[],
  floor: number,
  options: {
    reduce?: (p: BenchProfile) => BenchProfile;
    rankings?: ReadonlyMap<string, ReturnType<typeof rankJobs>>;
    keep?: boolean;
    baseline?: boolean;
  } = {},
): Row[] {
  const { reduce = (p: BenchProfile) => p, rankings, keep = false } = options;
  return set.profiles.map((original) => {
    const profile = reduce(original);
    const labels = set.labels.get(profile.id)!;
    const ranked = rankings?.get(profile.id) ?? rankJobs(analysed, compileProfile(profile), { now: set.now });
    const passing = ranked.filter((job) => passesFloor(job.match, floor));
    const sent = passing.filter((job) => job.riskFlags.length === 0).map((job) => job.id);
    const held = passing.filter(redFlagged);
    const look = passing.filter(forALook);
    const good = (id: string) => (labels.get(id) ?? 0) >= 1;
    const relevant = [...labels.values()].filter((l) => l >= 1).length;
    const baseline = options.baseline === false ? [] : keywordRateRank(analysed, profile).map((job) => job.id);
    return {
      profile,
      precision: precisionAt(sent, labels),
      ndcg: ndcgAt(sent, labels),
      rPrecision: rPrecision(sent, labels),
      recall: relevant === 0 ? 0 : sent.filter(good).length / relevant,
      zerosAbove: sent.filter((id) => !good(id)).length,
      zerosAboveIds: sent.filter((id) => !good(id)),
      scamsAbove: sent.filter((id) => !good(id) && isScam(set.kinds.get(id))).length,
      held: held.length,
      heldGood: held.filter((job) => good(job.id)).length,
      look: look.length,
      lookGood: look.filter((job) => good(job.id)).length,
      lostToMain: ranked.filter(
        (job) => good(job.id) && !passesFloor(job.match, floor) && job.match.factors.some((f) => f.code === 'mainMissing'),
      ).length,
      above: sent.length,
      relevant,
      baseline: { precision: precisionAt(baseline, labels), ndcg: ndcgAt(baseline, labels) },
      ranked: keep ? ranked : [],
    };
  });
}

function printRows(rows: Row[]) {
  console.log(
    `  ${pad('profile', 20)} ${pad('P@10', 6)} ${pad('nDCG@10', 8)} ${pad('base P@10', 10)} ${pad('base nDCG', 10)} ${pad('bad>floor', 10)} ${pad('scams>floor', 12)} ${pad('held (good)', 12)} ${pad('look (good)', 12)} ${pad('lost: main', 11)} above/relevant`,
  );
  for (const r of rows)
    console.log(
      `  ${pad(r.profile.id, 20)} ${pad(fmt(r.precision), 6)} ${pad(fmt(r.ndcg), 8)} ${pad(fmt(r.baseline.precision), 10)} ${pad(fmt(r.baseline.ndcg), 10)} ${pad(r.zerosAbove, 10)} ${pad(r.scamsAbove, 12)} ${pad(`${r.held} (${r.heldGood})`, 12)} ${pad(`${r.look} (${r.lookGood})`, 12)} ${pad(r.lostToMain, 11)} ${r.above}/${r.relevant}`,
    );
  const p = mean(rows.map((r) => r.precision));
  const b = mean(rows.map((r) => r.baseline.precision));
  console.log(
    `  ${pad('mean', 20)} ${pad(fmt(p), 6)} ${pad(fmt(mean(rows.map((r) => r.ndcg))), 8)} ${pad(fmt(b), 10)} ${pad(fmt(mean(rows.map((r) => r.baseline.ndcg))), 10)} ${pad(sum(rows.map((r) => r.zerosAbove)), 10)} ${pad(sum(rows.map((r) => r.scamsAbove)), 12)} ${pad(`${sum(rows.map((r) => r.held))} (${sum(rows.map((r) => r.heldGood))})`, 12)} ${pad(`${sum(rows.map((r) => r.look))} (${sum(rows.map((r) => r.lookGood))})`, 12)} ${pad(sum(rows.map((r) => r.lostToMain)), 11)}`,
  );
  console.log(
    `  lowest P@10 ${fmt(Math.min(...rows.map((r) => r.precision)))}; profiles at P@10 ≥ 0.9: ${rows.filter((r) => r.precision >= 0.9).length}/${rows.length}; P@10 over the keyword-plus-rate baseline: ${b === 0 ? '∞' : (p / b).toFixed(2)}×`,
  );
}

/** Of the jobs written as hard cases, how many the assessment flags (whatever their score), by kind. */
function printKinds(set: BenchSet, analysed: AnalysedJob[]) {
  const byKind = new Map<string, { total: number; flagged: number; look: number }>();
  const anyProfile = compileProfile({ skills: [] });
  for (const job of analysed) {
    const kind = set.kinds.get(job.job.id);
    if (!kind) continue;
    const scored = rankJobs([job], anyProfile)[0]!;
    const entry = byKind.get(kind) ?? { total: 0, flagged: 0, look: 0 };
    entry.total++;
    if (redFlagged(scored)) entry.flagged++;
    else if (forALook(scored)) entry.look++;
    byKind.set(kind, entry);
  }
  if (byKind.size === 0) return;
  const goodIds = new Set([...set.labels.values()].flatMap((m) => [...m].filter(([, l]) => l >= 1).map(([id]) => id)));
  const good = analysed.filter((job) => goodIds.has(job.job.id)).map((job) => rankJobs([job], anyProfile)[0]!);
  console.log(`  hard cases flagged, by kind (flagged/written, and + those held only for a look):`);
  for (const [kind, { total, flagged, look }] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`    ${pad(kind, 26)} ${flagged}/${total}${look ? ` + ${look}` : ''}`);
  console.log(`    ${pad('good jobs flagged', 26)} ${good.filter(redFlagged).length}/${goodIds.size} + ${good.filter(forALook).length}`);
}

/** The label-0 jobs an agent would still bid on (above the floor, unflagged), summed over profiles by the kind they were written as. */
function printBadAbove(set: BenchSet, rows: Row[]) {
  const byKind = new Map<string, number>();
  for (const r of rows) {
    for (const id of r.zerosAboveIds) {
      const kind = set.kinds.get(id) ?? 'other';
      const key = kind.startsWith('scam:') ? 'scam' : kind;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
  }
  const parts = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`);
  console.log(`  bad above the floor, by kind (profile–job pairs): ${parts.length ? parts.join(', ') : 'none'}`);
}

function report(name: string, dir: string, keep = false): { set: BenchSet; analysed: AnalysedJob[]; rows: Row[] } {
  const set = loadBenchSet(dir);
  const analysed = set.jobs.map(analyseJob);
  console.log(
    `\n${name}: ${set.jobs.length} jobs (${set.jobs.filter((j) => j.platform === 'upwork').length} Upwork, ${set.jobs.filter((j) => j.platform === 'freelancer').length} Freelancer.com), ${set.profiles.length} profiles, from ${path.relative(ROOT, dir) || dir}; default floor ${DEFAULT_MIN_MATCH_SCORE}`,
  );
  const rows = evaluate(set, analysed, DEFAULT_MIN_MATCH_SCORE, { keep: keep || Boolean(process.env.MATCHING_VERBOSE) });
  printRows(rows);
  printKinds(set, analysed);
  printBadAbove(set, rows);
  if (process.env.MATCHING_VERBOSE) {
    for (const r of rows) {
      const labels = set.labels.get(r.profile.id)!;
      console.log(`\n${r.profile.id}:`);
      for (const job of r.ranked.slice(0, Number(process.env.MATCHING_VERBOSE) || 25)) {
        const why = job.matchFactors.map((f) => `${f.code}${f.points !== undefined ? `(${f.points})` : ''}`).join(' ');
        const flags = job.riskFlags.map((f) => `!${f.code}`).join(' ');
        console.log(
          `  ${String(job.matchScore).padStart(3)} L${labels.get(job.id) ?? 0} ${job.match.passes ? ' ' : 'x'} ${pad(set.kinds.get(job.id) ?? '', 14)} ${job.title.slice(0, 56).padEnd(56)} ${flags} ${why}`,
        );
      }
    }
  }
  return { set, analysed, rows };
}

const train = report('Tuning set', trainDir, true);
for (const heldDir of heldDirs) {
  const name = `Held-out set ${path.basename(heldDir)} (never tuned on)`;
  if (fs.existsSync(path.join(heldDir, 'profiles.json'))) report(name, heldDir);
  else console.log(`\nHeld-out set: none at ${path.relative(ROOT, heldDir)}`);
}

// The tuning set with sparse profiles, as a new user writes them: three skills, no overview.
{
  const sparse = evaluate(train.set, train.analysed, DEFAULT_MIN_MATCH_SCORE, {
    reduce: (p) => ({ ...p, skills: p.skills.slice(0, 3), overview: undefined }),
  });
  console.log(`\nTuning set, sparse profiles (first three skills, no overview), same floor:`);
  printRows(sparse);
}

console.log('\nTuning set, the floor (minimum match score) against the labels:');
console.log(`  ${pad('floor', 6)} ${pad('min P@10', 9)} ${pad('mean P@10', 10)} ${pad('bad above floor', 16)} relevant jobs above it`);
const trainRankings = new Map(train.rows.map((row) => [row.profile.id, row.ranked]));
for (let floor = 30; floor <= 70; floor += 5) {
  const r = evaluate(train.set, train.analysed, floor, { rankings: trainRankings, baseline: false });
  console.log(
    `  ${pad(floor, 6)} ${pad(fmt(Math.min(...r.map((x) => x.precision))), 9)} ${pad(fmt(mean(r.map((x) => x.precision))), 10)} ${pad(sum(r.map((x) => x.zerosAbove)), 16)} ${(100 * mean(r.map((x) => x.recall))).toFixed(0)} %`,
  );
}

// Cost: analyse once, score against a profile (the first twenty, three rounds: every profile ten
// times took longer than the rest of the bench together).
const rounds = 3;
let started = performance.now();
for (let i = 0; i < rounds; i++) train.set.jobs.forEach(analyseJob);
const analyseMs = (performance.now() - started) / rounds;
const compiled = train.set.profiles.slice(0, 20).map((p) => compileProfile(p));
started = performance.now();
for (let i = 0; i < rounds; i++) for (const p of compiled) rankJobs(train.analysed, p, { now: train.set.now });
const scoreMs = (performance.now() - started) / rounds / compiled.length;
console.log(
  `\nCost: analysing ${train.set.jobs.length} jobs ${analyseMs.toFixed(1)} ms; scoring and ranking them against one profile ${scoreMs.toFixed(1)} ms (Node ${process.version})`,
);
