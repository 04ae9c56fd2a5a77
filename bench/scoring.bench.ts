import { performance } from 'node:perf_hooks';
import type { Job } from '@shared/schemas/job';
import { rankJobs, scoreJob, type MatchProfile } from '@shared/scoring';

/**
 * `npm run bench -- scoring`: the time to score (and rank) 1,000 jobs against a profile, the work a
 * search or an agent run does on every page of results. Prints figures only.
 */
const SKILLS = [
  'React',
  'Node.js',
  'TypeScript',
  'PostgreSQL',
  'Figma',
  'SEO',
  'Copywriting',
  'Python',
  'Django',
  'Flutter',
  'Excel',
  'WordPress',
];
const WORDS =
  'build redesign migrate optimise write launch dashboard landing page api mobile app store blog posts campaign data pipeline'.split(' ');

function makeJobs(n: number): Job[] {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const skills = Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(SKILLS));
    const title = `${pick(WORDS)} ${pick(WORDS)} with ${skills[0]}`;
    return {
      id: `freelancer:${i}`,
      platform: 'freelancer',
      externalId: String(i),
      title,
      description: Array.from({ length: 60 }, () => pick([...WORDS, ...SKILLS])).join(' '),
      url: `https://example.test/${i}`,
      type: next() < 0.5 ? 'fixed' : 'hourly',
      currency: 'USD',
      minBudget: 100,
      maxBudget: 2000,
      budgetUsd: 100 + next() * 1900,
      skills,
      experienceLevel: 'intermediate',
      duration: null,
      datePosted: new Date(1_763_000_000_000 - i * 60_000).toISOString(),
      clientName: null,
      clientLocation: null,
      logoUrl: null,
      client: { paymentVerified: next() < 0.7, rating: 3 + next() * 2, totalSpentUsd: next() * 50_000, country: 'US', hires: 3 },
      bidCount: 4,
    } satisfies Job;
  });
}

const profile: MatchProfile = {
  skills: ['React', 'Node.js', 'TypeScript', 'PostgreSQL'],
  title: 'Full-stack React developer',
  minHourlyUsd: 35,
  minFixedUsd: 300,
};
const jobs = makeJobs(1000);

for (let i = 0; i < 20; i++) rankJobs(jobs, profile); // warm up
const rounds = 200;
let started = performance.now();
for (let i = 0; i < rounds; i++) for (const job of jobs) scoreJob(job, profile);
const scoreMs = (performance.now() - started) / rounds;
started = performance.now();
for (let i = 0; i < rounds; i++) rankJobs(jobs, profile);
const rankMs = (performance.now() - started) / rounds;

console.log(`Scoring 1,000 jobs against a profile (${rounds} rounds, Node ${process.version})`);
console.log(`  score only:      ${scoreMs.toFixed(2)} ms per 1,000 jobs (${((1000 / scoreMs) * 1000).toFixed(0)} jobs/s)`);
console.log(`  score and rank:  ${rankMs.toFixed(2)} ms per 1,000 jobs`);
