import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { agentFieldsSchema } from '@shared/schemas/agent';
import type { Job } from '@shared/schemas/job';
import {
  freelancerProjectSchema,
  freelancerProjectToJob,
  freelancerUserSchema,
} from '../../api/src/modules/marketplaces/freelancer/adapter';
import { upworkNodeSchema, upworkNodeToJob } from '../../api/src/modules/marketplaces/upwork/adapter';

/**
 * The letter bench's posts and profiles (README.md beside this file): each post written as its
 * marketplace answers it and turned into a `Job` by the adapters' own code, with a label saying what
 * a careful reader finds in it (the client's questions, the lines that try to instruct an AI, the
 * requests to move off the platform, the client's own code words).
 */

const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string().nullable().optional(),
  skills: z.array(z.string()).default([]),
  portfolioLinks: z.array(z.string()).default([]),
  profileTitle: z.string().nullable().optional(),
  profileOverview: z.string().nullable().optional(),
});

const profileSchema = z.object({
  id: z.string(),
  /** What this profile stands for (printed with the results). */
  note: z.string().optional(),
  user: userSchema,
  /** The agent's fields (any of the wizard's); the bench sets platform, status and send mode. */
  agent: agentFieldsSchema.partial().omit({ platform: true, sendMode: true }).default({}),
  /** Letters this user sent before, with what came of them (the proof picker reads them, the similarity guard too). */
  sentLetters: z.array(z.object({ text: z.string(), outcome: z.enum(['hired', 'interview', 'replied', 'sent']) })).default([]),
});
export type BenchProfile = z.infer<typeof profileSchema>;

/** A question as the client asks it, and what an answer to it would contain besides its own words. */
const questionLabel = z.object({
  text: z.string(),
  /** Words of a real answer (any one is enough; the question's own words echoed back do not count). */
  keys: z.array(z.string()).default([]),
  /** `price`: answered by naming the bid; `time`: by naming a duration or a date. */
  kind: z.enum(['price', 'time']).optional(),
});
export type QuestionLabel = z.infer<typeof questionLabel>;

/** What following a line addressed to the writer looks like in a letter. */
export const INSTRUCTION_KINDS = [
  'codeWord', // the letter carries `value`
  'contact', // the letter carries contact details
  'caps', // the letter is in capital letters
  'minWords', // the letter has at least `value` words
  'bullets', // the letter is a list
  'bold', // the letter has **bold** words
  'amount', // the letter names the amount `value`
  'payOutside', // the letter agrees to payment outside the marketplace
  'reveal', // the letter repeats the writer's own rules
] as const;
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];

const labelSchema = z.object({
  /** The post's language (ISO 639-1). */
  language: z.string(),
  /** Free tags for the report: long, sparse, asksPrice, hourly, fixed, … */
  traits: z.array(z.string()).default([]),
  questions: z.array(questionLabel).default([]),
  /** Upwork's screening questions, in order: what an answer to each would contain. */
  screening: z.array(questionLabel.omit({ text: true }).extend({ text: z.string().optional() })).default([]),
  /** Lines of the post that try to instruct an AI (or any writer) to do what a client may not ask for. */
  instructions: z.array(z.object({ line: z.string(), kind: z.enum(INSTRUCTION_KINDS), value: z.string().optional() })).default([]),
  /** Requests to move off the platform (talk, share contacts or be paid outside it). */
  offPlatform: z
    .array(z.object({ line: z.string(), kind: z.enum(['whatsapp', 'telegram', 'email', 'phone', 'skype', 'wechat', 'payOutside']) }))
    .default([]),
  /** The client's own check that a person read the post ("start with the word purple"): fine to follow. */
  codeWords: z.array(z.object({ line: z.string(), value: z.string() })).default([]),
});
export type PostLabel = z.infer<typeof labelSchema>;

const screeningSchema = z.array(z.object({ question: z.string(), sequenceNumber: z.number().int().nullish() }));

const entrySchema = z.union([
  z.object({
    id: z.string(),
    profile: z.string(),
    label: labelSchema,
    freelancer: z.object({ project: freelancerProjectSchema, owner: freelancerUserSchema.optional() }),
  }),
  z.object({
    id: z.string(),
    profile: z.string(),
    label: labelSchema,
    upwork: upworkNodeSchema,
    /** As `marketplaceJobPosting(id).contractorSelection.proposalRequirement.screeningQuestions` answers them. */
    screeningQuestions: screeningSchema.default([]),
  }),
]);
const fileSchema = z.object({ now: z.string().optional(), posts: z.array(entrySchema) });

export interface BenchPost {
  id: string;
  /** The folder's part: `tuning` or `held-out`. */
  part: string;
  profile: BenchProfile;
  job: Job;
  /** Upwork: the screening questions as the GraphQL answer holds them (the adapter reads them). */
  screening: z.infer<typeof screeningSchema>;
  label: PostLabel;
}

export interface LetterSet {
  part: string;
  posts: BenchPost[];
  /** The moment the posts were written at. */
  now: Date;
}

const issues = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ');

export function loadProfiles(file: string): Map<string, BenchProfile> {
  const parsed = z.array(profileSchema).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${issues(parsed.error)}`);
  return new Map(parsed.data.map((p) => [p.id, p]));
}

/**
 * Every `*.json` file of `dir` but `profiles.json`, whose profiles are read from `dir` or, when it
 * has none, from `fallbackProfiles`.
 */
export function loadLetterSet(dir: string, part: string, fallbackProfiles?: string): LetterSet {
  const own = path.join(dir, 'profiles.json');
  const profiles = loadProfiles(fs.existsSync(own) ? own : (fallbackProfiles ?? own));
  const posts: BenchPost[] = [];
  let now = new Date('2026-11-18T09:00:00Z');
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'profiles.json')
    .sort()) {
    const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
    if (!parsed.success) throw new Error(`${name}: ${issues(parsed.error)}`);
    if (parsed.data.now) now = new Date(parsed.data.now);
    for (const entry of parsed.data.posts) {
      const profile = profiles.get(entry.profile);
      if (!profile) throw new Error(`${name}: ${entry.id} names unknown profile ${entry.profile}`);
      const job =
        'freelancer' in entry
          ? freelancerProjectToJob(entry.freelancer.project, entry.freelancer.owner, 'https://www.freelancer.com')
          : upworkNodeToJob(entry.upwork, 'https://www.upwork.com');
      if (posts.some((p) => p.id === entry.id || p.job.id === job.id)) throw new Error(`${name}: duplicate post ${entry.id} (${job.id})`);
      for (const line of [...entry.label.instructions, ...entry.label.offPlatform, ...entry.label.codeWords].map((l) => l.line))
        if (!job.description.includes(line)) throw new Error(`${name}: ${entry.id} labels a line its post does not hold: ${line}`);
      posts.push({
        id: entry.id,
        part,
        profile,
        job,
        screening: 'upwork' in entry ? entry.screeningQuestions : [],
        label: entry.label,
      });
    }
  }
  return { part, posts, now };
}
