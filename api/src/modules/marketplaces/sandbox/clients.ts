import type { Platform } from '@shared/marketplaces';
import { ACTIVE_DAYS, postedProject, type SandboxProject } from './projects';
import { seededRandom } from './random';

/**
 * The sandbox's clients: each one reads the proposals it gets and answers some of them, shortlists
 * fewer and awards fewer still. Nothing runs in the background: a client's whole reaction to a bid
 * is a pure function of the seed, the bid and the project, computed when asked, and what the
 * marketplace shows at a time is that reaction up to that time (tests move a manual clock).
 *
 * The chance of each step rises with what the client can see in the proposal: how many of the
 * job's skills it shows ("match"), how much of the post's title it addresses, and whether the price
 * is within the budget ("fit").
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ClientOptions {
  /** The sandbox's seed: the same seed and bids always give the same clients' behaviour. */
  seed: string;
  /** Clients react this many times faster than people would (end-to-end tests); 1 in `npm start`. */
  speedup: number;
}

/** The clients of `npm start`: people's pace, one fixed seed. */
export const DEFAULT_CLIENT_OPTIONS: ClientOptions = { seed: 'bidpilot-sandbox-clients', speedup: 1 };

export interface BidSeen {
  platform: Platform;
  /** The sandbox's row id of the bid. */
  id: number;
  letter: string;
  /** In the project's currency (Freelancer) or USD (Upwork). */
  amount: number;
  /** Epoch ms. */
  placedAt: number;
}

export interface ClientMessage {
  /** 1, 2, … in the order sent. */
  n: number;
  at: number;
  text: string;
}

export interface ClientReaction {
  /** What the client saw in the proposal, 0–1. */
  score: number;
  viewedAt: number | null;
  messages: ClientMessage[];
  shortlistedAt: number | null;
  /** The client chose this proposal (Freelancer award, Upwork offer). */
  awardedAt: number | null;
  /** The client turned it down, or closed the job without it. */
  declinedAt: number | null;
  /** How Upwork shows a proposal that was not chosen: declined by the client, or archived with the job. */
  upworkEnd: 'Declined' | 'Archived';
}

const STOP = new Set([
  'with',
  'from',
  'that',
  'this',
  'your',
  'need',
  'needed',
  'into',
  'small',
  'have',
  'will',
  'and',
  'for',
  'our',
  'the',
]);

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#+.]+/gu, ' ')
    .replace(/\.(?=\s)/g, '')} `;

/** Whether the letter names a term (a skill such as "Node.js", or a word of the title). */
const names = (letter: string, term: string) => letter.includes(normalise(term));

function titleWords(title: string): string[] {
  const words = normalise(title)
    .split(' ')
    .filter((word) => word.length >= 4 && !STOP.has(word));
  return [...new Set(words)];
}

/** What the client sees in a proposal, 0–1: skills shown, title addressed, price within budget. */
export function proposalScore(project: SandboxProject, bid: Pick<BidSeen, 'platform' | 'letter' | 'amount'>): number {
  const letter = normalise(bid.letter);
  const skills =
    project.skills.length === 0 ? 0 : project.skills.filter((skill) => names(letter, skill.name)).length / project.skills.length;
  const words = titleWords(project.title);
  const title = words.length === 0 ? 0 : words.filter((word) => letter.includes(` ${word} `)).length / words.length;
  const min = bid.platform === 'upwork' ? project.budgetMinUsd : project.budgetMin;
  const maxGiven = bid.platform === 'upwork' ? project.budgetMaxUsd : project.budgetMax;
  const max = maxGiven ?? min * 1.5;
  const price = bid.amount <= max ? 1 : Math.max(0, max / bid.amount) ** 2;
  return Math.round((0.45 * skills + 0.35 * title + 0.2 * price) * 1000) / 1000;
}

const REPLIES = [
  'Hi, thanks for your proposal for "{title}". Could you share a similar project you have done?',
  'Hello, I liked your proposal. Are you available for a short call this week to discuss "{title}"?',
  'Thanks for applying. What would your timeline be for the first milestone?',
  'Hi! Your proposal stood out. How much experience do you have with {skill}?',
  'Thank you for the detailed proposal. Can you start on Monday?',
];
const SHORTLIST = [
  'You are on my shortlist. One more question: how do you usually report progress?',
  'I have shortlisted you. Could we talk about the scope in more detail?',
];
const AWARD = [
  'I would like to hire you for "{title}". Looking forward to working together!',
  'Good news: I have chosen your proposal. Let us get started.',
];

const fill = (text: string, project: SandboxProject) =>
  text.replace('{title}', project.title).replace('{skill}', project.skills[0]?.name ?? 'this work');

const memo = new Map<string, ClientReaction>();

/** The client's reaction to one bid: the same inputs always give the same reaction. */
export function clientReaction(project: SandboxProject, bid: BidSeen, options: ClientOptions): ClientReaction {
  const key = `${options.seed}|${options.speedup}|${bid.platform}|${bid.id}|${project.id}|${bid.placedAt}|${bid.amount}|${bid.letter.length}`;
  const cached = memo.get(key);
  if (cached) return cached;
  const r = seededRandom(key);
  // Every draw is made whatever the branch, so one step's outcome never shifts another's.
  const draws = { view: r.next(), reply: r.next(), shortlist: r.next(), award: r.next(), end: r.next() };
  const delay = (min: number, max: number) => (min + r.next() * (max - min)) / Math.max(1, options.speedup);
  const delays = {
    view: delay(5 * MINUTE, 8 * HOUR),
    reply: delay(20 * MINUTE, 36 * HOUR),
    shortlist: delay(HOUR, 24 * HOUR),
    award: delay(6 * HOUR, 4 * DAY),
    decline: delay(2 * DAY, 10 * DAY),
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(r.next() * list.length)]!;
  const texts = { reply: pick(REPLIES), shortlist: pick(SHORTLIST), award: pick(AWARD) };

  const score = proposalScore(project, bid);
  const closesAt = project.postedAt + ACTIVE_DAYS * DAY;
  const viewedAt = draws.view < 0.6 + 0.35 * score ? bid.placedAt + delays.view : null;
  const repliedAt = viewedAt !== null && draws.reply < 0.08 + 0.72 * score ? viewedAt + delays.reply : null;
  const shortlistedAt = repliedAt !== null && draws.shortlist < 0.3 + 0.4 * score ? repliedAt + delays.shortlist : null;
  const awardAt = shortlistedAt !== null && draws.award < 0.15 + 0.45 * score ? shortlistedAt + delays.award : null;
  // At the marketplace's own pace, a job closes when its bidding ends: no award after that.
  const awardedAt = awardAt !== null && (options.speedup > 1 || awardAt < closesAt) ? awardAt : null;
  const declinedAt =
    awardedAt === null ? Math.min(bid.placedAt + delays.decline, Math.max(closesAt, bid.placedAt + delays.decline / 10)) : null;

  const messages: ClientMessage[] = [];
  if (repliedAt !== null) messages.push({ n: 1, at: repliedAt, text: fill(texts.reply, project) });
  if (shortlistedAt !== null) messages.push({ n: 2, at: shortlistedAt, text: fill(texts.shortlist, project) });
  if (awardedAt !== null) messages.push({ n: 3, at: awardedAt, text: fill(texts.award, project) });
  const reaction: ClientReaction = {
    score,
    viewedAt,
    messages,
    shortlistedAt,
    awardedAt,
    declinedAt,
    upworkEnd: draws.end < 0.5 ? 'Declined' : 'Archived',
  };
  if (memo.size > 20_000) memo.clear();
  memo.set(key, reaction);
  return reaction;
}

/** The reaction as it stands at `now`. */
export function reactionAt(reaction: ClientReaction, now: number) {
  const by = (at: number | null) => at !== null && at <= now;
  return {
    viewed: by(reaction.viewedAt),
    messages: reaction.messages.filter((message) => message.at <= now),
    shortlisted: by(reaction.shortlistedAt),
    awarded: by(reaction.awardedAt),
    declined: by(reaction.declinedAt),
  };
}

/** A bid as the sandbox stores it (either marketplace's). */
export interface StoredBid {
  id: number;
  projectId: string;
  description: string;
  amount: number;
  createdAt: Date;
}

/** How the project's client has reacted to a stored bid by `nowMs`: null when the project is gone. */
export function bidReaction(platform: Platform, bid: StoredBid, nowMs: number, options: ClientOptions) {
  const project = postedProject(platform, bid.projectId, nowMs);
  if (!project) return null;
  const seen = { platform, id: bid.id, letter: bid.description, amount: bid.amount, placedAt: bid.createdAt.getTime() };
  const reaction = clientReaction(project, seen, options);
  return { project, reaction, now: reactionAt(reaction, nowMs) };
}
