import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Job } from '@shared/schemas/job';
import type { MatchProfile } from '@shared/scoring';
import {
  freelancerProjectSchema,
  freelancerProjectToJob,
  freelancerUserSchema,
} from '../../api/src/modules/marketplaces/freelancer/adapter';
import { upworkNodeSchema, upworkNodeToJob } from '../../api/src/modules/marketplaces/upwork/adapter';

/**
 * The labelled evaluation set (README.md beside this file): profiles, and jobs as each marketplace
 * answers them, turned into Jobs by the adapters' own code. Labels: 2 a job this freelancer would
 * bid on gladly, 1 an acceptable one, 0 (or no label) one they would not.
 */

const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().optional(),
  skills: z.array(z.string()),
  overview: z.string().optional(),
  minHourlyUsd: z.number().optional(),
  maxHourlyUsd: z.number().optional(),
  minFixedUsd: z.number().optional(),
  maxFixedUsd: z.number().optional(),
});

/**
 * What a hard case is, for the report: `scam:<risk code>` (a job no careful freelancer would bid on),
 * `scope` (the work far beyond the money), `wrongTrade` (the keyword in another trade), `lowRate`,
 * `hardPositive` (a good job whose tool is an input, a destination, the industry or the device).
 */
const kindSchema = z.string().regex(/^(scam:[a-zA-Z]+|scope|wrongTrade|lowRate|hardPositive)$/);

const entrySchema = z.union([
  z.object({
    labels: z.record(z.string(), z.number().int().min(0).max(2)),
    kind: kindSchema.optional(),
    freelancer: z.object({ project: freelancerProjectSchema, owner: freelancerUserSchema.optional() }),
  }),
  z.object({ labels: z.record(z.string(), z.number().int().min(0).max(2)), kind: kindSchema.optional(), upwork: upworkNodeSchema }),
]);
const fileSchema = z.object({ now: z.string().optional(), jobs: z.array(entrySchema) });

export interface BenchProfile extends MatchProfile {
  id: string;
  name: string;
}

export interface BenchSet {
  profiles: BenchProfile[];
  jobs: Job[];
  /** label of job id for profile id (missing: 0). */
  labels: Map<string, Map<string, number>>;
  /** The moment the set was written at (posting ages are relative to it). */
  now: number;
  /** The kind of each hard case, by job id (`scam:<code>`, `scope`, `wrongTrade`, `lowRate`, `hardPositive`). */
  kinds: Map<string, string>;
  /** The file each job was read from, by job id. */
  files: Map<string, string>;
}

/** The held-out sets beside `labelled/`, oldest first: measured apart, never tuned on (each folder's README). */
export const HELD_OUT_SETS = [
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
  'held-out-13',
  'held-out-14',
  'held-out-15',
  'held-out-16',
  'held-out-17',
  'held-out-18',
  'held-out-19',
  'held-out-20',
] as const;

export function loadBenchSet(dir: string): BenchSet {
  const profiles = z.array(profileSchema).parse(JSON.parse(fs.readFileSync(path.join(dir, 'profiles.json'), 'utf8')));
  const jobs: Job[] = [];
  const kinds = new Map<string, string>();
  const files = new Map<string, string>();
  const labels = new Map<string, Map<string, number>>(profiles.map((p) => [p.id, new Map()]));
  /** Profiles a file labels for that profiles.json does not hold (e.g. a set grown on two branches at once). */
  let now = Date.UTC(2026, 2, 12, 12);
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'profiles.json')
    .sort()) {
    const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
    if (!parsed.success)
      throw new Error(
        `${name}: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    if (parsed.data.now) now = Date.parse(parsed.data.now);
    for (const entry of parsed.data.jobs) {
      const job =
        'freelancer' in entry
          ? freelancerProjectToJob(entry.freelancer.project, entry.freelancer.owner, 'https://www.freelancer.com')
          : upworkNodeToJob(entry.upwork, 'https://www.upwork.com');
      if (jobs.some((j) => j.id === job.id)) throw new Error(`${name}: duplicate job ${job.id}`);
      jobs.push(job);
      files.set(job.id, name);
      if (entry.kind) kinds.set(job.id, entry.kind);
      for (const [profile, label] of Object.entries(entry.labels)) {
        const byJob = labels.get(profile);
        if (!byJob) throw new Error(`${name}: ${job.id} labels unknown profile ${profile}`);
        byJob.set(job.id, label);
      }
    }
  }
  return { profiles, jobs, labels, now, kinds, files };
}
