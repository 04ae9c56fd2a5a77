import type { Platform } from '@shared/marketplaces';
import {
  CATEGORIES,
  COMPANY_WORDS,
  COUNTRIES,
  CURRENCIES,
  FIRST_NAMES,
  FIXED_BANDS_USD,
  HOURLY_BANDS_USD,
  LAST_INITIALS,
  RED_FLAG_LINES,
  type Category,
  type Country,
  type Currency,
  type Skill,
} from './catalog';
import { hashSeed, seededRandom, type Random } from './random';
import { searchText, type SearchText } from './text-search';

/**
 * The sandbox's projects. Nothing is stored: project k of a marketplace is a pure function of
 * (marketplace, k), posted at `SANDBOX_EPOCH_MS + k · POST_INTERVAL_MS`, so "new projects arrive"
 * simply by the (injected) clock moving on.
 */
export const SANDBOX_EPOCH_MS = Date.UTC(2025, 0, 1);
export const POST_INTERVAL_MS = 5 * 60_000;
/** Active projects: posted within this many days. */
export const ACTIVE_DAYS = 14;
/** Freelancer's `/projects/all/` also lists closed projects up to this age. */
export const ARCHIVE_DAYS = 28;
const DAY_MS = 86_400_000;

export type SandboxPlatform = Platform;
export type ExperienceLevel = 'NONE' | 'ENTRY_LEVEL' | 'INTERMEDIATE' | 'EXPERT';
export type JobDuration = 'WEEK' | 'MONTH' | 'QUARTER' | 'SEMESTER' | 'ONGOING';

export const DURATION_LABELS: Record<JobDuration, string> = {
  WEEK: 'Less than 1 month',
  MONTH: '1 to 3 months',
  QUARTER: '3 to 6 months',
  SEMESTER: 'More than 6 months',
  ONGOING: 'Ongoing',
};

export interface SandboxClient {
  index: number;
  /** Freelancer user id of the project owner. */
  id: number;
  username: string;
  displayName: string;
  country: Country;
  city: string;
  paymentVerified: boolean;
  emailVerified: boolean;
  /** 0–5; 0 with no reviews yet. */
  rating: number;
  reviews: number;
  hires: number;
  postedJobs: number;
  totalSpentUsd: number;
  registeredAt: number;
}

export interface SandboxProject {
  platform: SandboxPlatform;
  k: number;
  /** Freelancer: the numeric project id; Upwork: the numeric job reference as a string. */
  id: string;
  ciphertext: string;
  seoUrl: string;
  title: string;
  description: string;
  previewDescription: string;
  postedAt: number;
  /** Seconds after posting of the last edit. */
  editedAfterS: number;
  type: 'fixed' | 'hourly';
  currency: Currency;
  /** In `currency`; per hour for hourly projects. `budgetMax` null when the client gave none. */
  budgetMin: number;
  budgetMax: number | null;
  budgetMinUsd: number;
  budgetMaxUsd: number | null;
  /** Upwork: hourly budget not provided by the client. */
  hourlyBudgetType: 'DEFAULT' | 'MANUAL' | 'NOT_PROVIDED';
  skills: Skill[];
  category: Category;
  language: string;
  experienceLevel: ExperienceLevel;
  duration: JobDuration;
  engagement: string | null;
  workload: 'FULL_TIME' | 'PART_TIME' | 'AS_NEEDED' | 'NOT_SURE';
  client: SandboxClient;
  upgrades: { featured: boolean; sealed: boolean; urgent: boolean; NDA: boolean; nonpublic: boolean; fulltime: boolean };
  bidsPerHour: number;
  bidAvgFactor: number;
  /**
   * Upwork: the screening questions the client picked (answered beside the cover letter); none on
   * Freelancer.com, which has no such thing.
   */
  screeningQuestions: string[];
  /** Title, skills and description as words, for text search (text-search.ts). */
  text: SearchText;
  titleText: SearchText;
  skillsText: SearchText;
}

/** The screening questions Upwork offers a client when posting a job (a client may pick a few). */
export const UPWORK_SCREENING_QUESTIONS = [
  'Describe your recent experience with similar projects',
  'Please list any certifications related to this project',
  'Include a link to your GitHub profile and/or website',
  'What past project or job have you had that is most like this one and why?',
  'What tools or frameworks would you use for this project?',
  'What challenging part of this job are you most experienced in?',
  'How would you approach the first week of this project?',
  'What is your availability for the next two weeks?',
] as const;

/**
 * A project's screening questions: about two Upwork jobs in five ask one to three. Drawn from their
 * own seed, so the rest of the project is as it always was.
 */
function screeningQuestionsFor(platform: SandboxPlatform, k: number): string[] {
  if (platform !== 'upwork') return [];
  const r = seededRandom(hashSeed(`screening:${k}`));
  if (!r.chance(0.4)) return [];
  return r.sample(UPWORK_SCREENING_QUESTIONS, r.int(1, 3));
}

const FREELANCER_ID_BASE = 38_000_000;
const UPWORK_ID_PREFIX = '178';

export function projectId(platform: SandboxPlatform, k: number): string {
  return platform === 'freelancer' ? String(FREELANCER_ID_BASE + k) : `${UPWORK_ID_PREFIX}${String(k).padStart(16, '0')}`;
}

/** The k of a project id (or Upwork ciphertext), or null when it is not one of ours. */
export function projectIndex(platform: SandboxPlatform, id: string): number | null {
  if (platform === 'freelancer') {
    if (!/^\d{1,12}$/.test(id)) return null;
    const k = Number(id) - FREELANCER_ID_BASE;
    return k >= 0 ? k : null;
  }
  if (/^~0[12][0-9a-f]{19}$/.test(id)) return parseInt(id.slice(-10), 16);
  if (id.length === 19 && id.startsWith(UPWORK_ID_PREFIX) && /^\d+$/.test(id)) return Number(id.slice(3));
  return null;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');

/** Rounds an amount to a figure a person would type. */
function niceRound(value: number): number {
  const step = value < 20 ? 1 : value < 200 ? 5 : value < 2000 ? 10 : value < 20_000 ? 100 : 500;
  return Math.max(step, Math.round(value / step) * step);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

const CLIENT_POOL = 600;
const clientCache = new Map<string, SandboxClient>();

function client(platform: SandboxPlatform, index: number): SandboxClient {
  const key = `${platform}:${index}`;
  const cached = clientCache.get(key);
  if (cached) return cached;
  const r = seededRandom(`${platform}:client:${index}`);
  const country = r.pick(COUNTRIES);
  const first = r.pick(FIRST_NAMES);
  const company = r.chance(0.4);
  const isNew = r.chance(0.2);
  const reviews = isNew ? 0 : r.int(1, 120);
  const hires = isNew ? 0 : reviews + r.int(0, 40);
  const made: SandboxClient = {
    index,
    id: 60_000_000 + index,
    username: company
      ? `${r.pick(COMPANY_WORDS)}${r.pick(COMPANY_WORDS)}${r.int(1, 99)}`
      : `${first
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z]/g, '')}${r.int(10, 9999)}`,
    displayName: company
      ? `${r.pick(COMPANY_WORDS)[0]!.toUpperCase()}${r.pick(COMPANY_WORDS).slice(1)} Ltd`
      : `${first} ${r.pick(LAST_INITIALS)}.`,
    country,
    city: r.pick(country.cities),
    paymentVerified: r.chance(0.8),
    emailVerified: r.chance(0.95),
    rating: reviews === 0 ? 0 : Math.round((3.6 + r.next() * 1.4) * 10) / 10,
    reviews,
    hires,
    postedJobs: hires + r.int(1, 30),
    totalSpentUsd: hires === 0 ? 0 : niceRound(hires * (150 + r.next() * 2500)),
    registeredAt: Math.floor((SANDBOX_EPOCH_MS - r.int(30, 3000) * DAY_MS) / 1000),
  };
  clientCache.set(key, made);
  return made;
}

function pickCurrency(r: Random, platform: SandboxPlatform, country: Country): Currency {
  if (platform === 'upwork') return CURRENCIES.USD;
  if (r.chance(0.55)) return CURRENCIES.USD;
  if (country.currency !== 'USD' && r.chance(0.7)) return CURRENCIES[country.currency];
  return CURRENCIES[r.pick(['EUR', 'GBP', 'INR', 'AUD', 'CAD'] as const)];
}

function makeDescription(r: Random, category: Category, values: Record<string, string>): string {
  const tasks = r.sample(category.tasks, r.int(3, 4)).map((t) => fill(t, values));
  const deliverables = r.sample(category.deliverables, r.int(1, 2)).map((d) => `- ${fill(d, values)}`);
  const closing = r.pick([
    'Please start your proposal with the word "sandbox" so we know you read this.',
    'Tell us about a similar project and your availability.',
    'Share links to relevant work. Budget is negotiable for the right person.',
    'We reply to every proposal within two days.',
    'Only apply if you can start this week.',
  ]);
  return `${tasks.slice(0, 2).join(' ')}\n\n${tasks.slice(2).join(' ')}\n\nDeliverables:\n${deliverables.join('\n')}\n\n${closing}`;
}

/**
 * Some projects, as on a real feed, ask for what no freelancer should do (a fee to start, …): drawn
 * from a source of their own, so whether a project carries one changes nothing else about it.
 */
function withRedFlag(platform: SandboxPlatform, k: number, category: Category, description: string): string {
  if (!category.redFlagShare) return description;
  const r = seededRandom(`${platform}:red-flag:${k}`);
  if (!r.chance(category.redFlagShare)) return description;
  const line = r.pick(RED_FLAG_LINES);
  const parts = description.split('\n\nDeliverables:');
  return parts.length === 2 ? `${parts[0]} ${line}\n\nDeliverables:${parts[1]}` : `${description}\n\n${line}`;
}

function build(platform: SandboxPlatform, k: number): SandboxProject {
  const r = seededRandom(`${platform}:project:${k}`);
  const category = r.pick(CATEGORIES);
  const skills = r.sample(category.skills, r.int(2, 5));
  const values = { skill: skills[0]!.name, skill2: skills[1]!.name, thing: r.pick(category.things) };
  const rawTitle = fill(r.pick(category.titles), values);
  const title = rawTitle.charAt(0).toUpperCase() + rawTitle.slice(1);
  const description = withRedFlag(platform, k, category, makeDescription(r, category, values));
  const owner = client(platform, r.int(0, CLIENT_POOL - 1));
  const type: 'fixed' | 'hourly' = r.chance(platform === 'upwork' ? 0.45 : 0.7) ? 'fixed' : 'hourly';
  const currency = pickCurrency(r, platform, owner.country);
  const band = type === 'fixed' ? r.pick(FIXED_BANDS_USD) : r.pick(HOURLY_BANDS_USD);
  let minUsd = band[0];
  let maxUsd: number | null = band[1];
  if (platform === 'upwork' && type === 'fixed') {
    // Upwork fixed-price jobs carry one amount.
    const amount = niceRound(band[0] + r.next() * (band[1] - band[0]));
    minUsd = amount;
    maxUsd = amount;
  }
  let hourlyBudgetType: SandboxProject['hourlyBudgetType'] = 'DEFAULT';
  if (type === 'hourly' && platform === 'upwork') hourlyBudgetType = r.chance(0.1) ? 'NOT_PROVIDED' : r.chance(0.5) ? 'MANUAL' : 'DEFAULT';
  if (platform === 'freelancer' && type === 'fixed' && r.chance(0.08)) maxUsd = null;
  const toCurrency = (usd: number) => (currency.code === 'USD' ? usd : niceRound(usd / currency.exchange_rate));
  const budgetMin = toCurrency(minUsd);
  const budgetMax = maxUsd === null ? null : Math.max(budgetMin, toCurrency(maxUsd));
  const id = projectId(platform, k);
  const language = owner.country.language !== 'en' && r.chance(0.5) ? owner.country.language : 'en';
  const experienceLevel: ExperienceLevel = r.chance(0.05)
    ? 'NONE'
    : r.pick(['ENTRY_LEVEL', 'INTERMEDIATE', 'INTERMEDIATE', 'EXPERT'] as const);
  const duration: JobDuration =
    type === 'fixed'
      ? r.pick(['WEEK', 'WEEK', 'MONTH', 'MONTH', 'QUARTER', 'SEMESTER'] as const)
      : r.pick(['MONTH', 'QUARTER', 'SEMESTER', 'ONGOING'] as const);
  const workload = type === 'fixed' ? 'NOT_SURE' : r.pick(['FULL_TIME', 'PART_TIME', 'PART_TIME', 'AS_NEEDED'] as const);
  const engagement =
    type === 'fixed'
      ? null
      : workload === 'FULL_TIME'
        ? '30+ hrs/week'
        : workload === 'PART_TIME'
          ? 'Less than 30 hrs/week'
          : 'Hours to be determined';
  const ciphertext = `~021${hashSeed(`${platform}:${k}`).toString(16).padStart(8, '0')}${k.toString(16).padStart(10, '0')}`;
  const preview = description.replace(/\s+/g, ' ').slice(0, 180);
  const skillsText = skills.map((s) => s.name).join(' ');
  return {
    platform,
    k,
    id,
    ciphertext,
    seoUrl: `${skills[0]!.seo}/${slug(title)}-${id}`,
    title,
    description,
    previewDescription: preview.length < description.replace(/\s+/g, ' ').length ? `${preview.replace(/\s+\S*$/, '')}…` : preview,
    postedAt: SANDBOX_EPOCH_MS + k * POST_INTERVAL_MS,
    editedAfterS: r.chance(0.3) ? r.int(60, 7200) : 0,
    type,
    currency,
    budgetMin,
    budgetMax,
    budgetMinUsd: minUsd,
    budgetMaxUsd: maxUsd,
    hourlyBudgetType,
    skills,
    category,
    language,
    experienceLevel,
    duration,
    engagement,
    workload,
    client: owner,
    upgrades: {
      featured: r.chance(0.1),
      sealed: r.chance(0.05),
      urgent: r.chance(0.08),
      NDA: r.chance(0.03),
      nonpublic: false,
      fulltime: workload === 'FULL_TIME',
    },
    bidsPerHour: 0.3 + r.next() * 3,
    bidAvgFactor: 0.85 + r.next() * 0.4,
    screeningQuestions: screeningQuestionsFor(platform, k),
    text: searchText(`${title}\n${skillsText}\n${description}`),
    titleText: searchText(title),
    skillsText: searchText(skills.map((s) => s.name).join('\n')),
  };
}

const MEMO_LIMIT = 40_000;
const memo = new Map<string, SandboxProject>();

/** Project k of a marketplace: deterministic, memoized. */
export function generateProject(platform: SandboxPlatform, k: number): SandboxProject {
  const key = `${platform}:${k}`;
  let project = memo.get(key);
  if (!project) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    project = build(platform, k);
    memo.set(key, project);
  }
  return project;
}

/** The index of the newest project posted at or before `nowMs`. */
export function latestIndex(nowMs: number): number {
  return Math.floor((nowMs - SANDBOX_EPOCH_MS) / POST_INTERVAL_MS);
}

const listCache = new Map<string, SandboxProject[]>();

/** Every project posted in the last `days` days before `nowMs`, newest first. */
export function postedProjects(platform: SandboxPlatform, nowMs: number, days = ACTIVE_DAYS): SandboxProject[] {
  const newest = latestIndex(nowMs);
  const key = `${platform}:${newest}:${days}`;
  const cached = listCache.get(key);
  if (cached) return cached;
  const oldest = Math.max(0, newest - Math.floor((days * DAY_MS) / POST_INTERVAL_MS) + 1);
  const list: SandboxProject[] = [];
  for (let k = newest; k >= oldest; k--) list.push(generateProject(platform, k));
  if (listCache.size > 8) listCache.clear();
  listCache.set(key, list);
  return list;
}

/** A project by id if it has been posted by `nowMs` (and is not older than the archive). */
export function findProject(platform: SandboxPlatform, id: string, nowMs: number): SandboxProject | null {
  const k = projectIndex(platform, id);
  if (k === null || k > latestIndex(nowMs)) return null;
  const project = generateProject(platform, k);
  if (platform === 'upwork' && id.startsWith('~') && project.ciphertext !== id) return null;
  return nowMs - project.postedAt <= ARCHIVE_DAYS * DAY_MS ? project : null;
}

/** A project by id once posted, however old (what became of a bid stays readable). */
export function postedProject(platform: SandboxPlatform, id: string, nowMs: number): SandboxProject | null {
  const k = projectIndex(platform, id);
  if (k === null || k > latestIndex(nowMs)) return null;
  const project = generateProject(platform, k);
  return platform === 'upwork' && id.startsWith('~') && project.ciphertext !== id ? null : project;
}

export function isActive(project: SandboxProject, nowMs: number): boolean {
  return nowMs - project.postedAt < ACTIVE_DAYS * DAY_MS;
}

/** Unix seconds of the last edit, never in the future. */
export function updatedAtSeconds(project: SandboxProject, nowMs: number): number {
  return Math.floor(Math.min(project.postedAt + project.editedAfterS * 1000, nowMs) / 1000);
}

/** Simulated competition: bids arrive at the project's own pace. */
export function bidStats(project: SandboxProject, nowMs: number): { count: number; avg: number } {
  const hours = Math.max(0, nowMs - project.postedAt) / 3_600_000;
  const count = Math.min(80, Math.floor(hours * project.bidsPerHour));
  const mid = project.budgetMax === null ? project.budgetMin * 1.5 : (project.budgetMin + project.budgetMax) / 2;
  return { count, avg: count === 0 ? 0 : Math.round(mid * project.bidAvgFactor * 100) / 100 };
}
