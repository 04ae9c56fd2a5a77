import type { AgentPlatform } from '../schemas/agent';
import { stem, STOP_WORDS, tokenize, wordWeight } from './text';
import { coverage, findSkills, resolveSkill, skillById } from './vocabulary';

/** What a job is scored against: the freelancer's skills, title and overview, and rates. */
export interface MatchProfile {
  /** Free text, as the user typed them ("ReactJS", "Python (pandas)"); mapped onto the vocabulary. */
  skills: readonly string[];
  /** Profile or agent title, e.g. "Senior React developer"; its skills count as skills, its other words as keywords. */
  title?: string;
  /** A profile overview: the skills it names count, a little less than listed ones. */
  overview?: string;
  /** Lowest hourly rate taken, in USD (the platform's default floor when unset). */
  minHourlyUsd?: number;
  maxHourlyUsd?: number;
  /** Smallest fixed budget worth bidding on, in USD (the platform's default floor when unset). */
  minFixedUsd?: number;
  maxFixedUsd?: number;
  /** Contract types taken (both when unset). */
  jobTypes?: ReadonlyArray<'hourly' | 'fixed'>;
  /** Whose default floor applies when no minimum is set (by default the job's marketplace). */
  platform?: AgentPlatform;
}

/** A profile prepared once for scoring many jobs. */
export interface CompiledProfile {
  profile: MatchProfile;
  /** Every vocabulary skill the profile covers, how well, and through which of its skills. */
  cover: Map<string, { strength: number; via: string }>;
  /** Skills the vocabulary does not know, matched as written. */
  literals: Array<{ tokens: string[]; name: string }>;
  /**
   * The head word (the last) of each skill as the user typed it, to the skill: a skill the vocabulary
   * does not know with the same head ("web testing" for "manual testing") is the same trade, less surely.
   */
  heads: Map<string, string>;
  /** Telling words of the title that are not skills (stemmed) with their weight. */
  words: Array<{ stem: string; word: string; weight: number }>;
  hasSkills: boolean;
}

/** Head words that name no trade on their own ("fleet administration" is not "Jira administration"). */
const GENERIC_HEADS = new Set([
  'development',
  'developer',
  'design',
  'designer',
  'management',
  'manager',
  'administration',
  'admin',
  'services',
  'service',
  'support',
  'specialist',
  'expert',
  'consultant',
  'consulting',
  'engineering',
  'engineer',
  'skills',
  'work',
  'assistant',
  'marketing',
  'data',
  'software',
  'apps',
  'app',
  'english',
]);

/** An overview's skills count this much of a listed skill. */
const OVERVIEW_WEIGHT = 0.7;

export function compileProfile(profile: MatchProfile): CompiledProfile {
  const listed = new Set<string>();
  const literals: CompiledProfile['literals'] = [];
  for (const text of profile.skills) {
    const resolved = resolveSkill(text);
    for (const id of resolved.ids) listed.add(id);
    if (resolved.literal && !literals.some((l) => l.tokens.join(' ') === resolved.literal!.join(' ')))
      literals.push({ tokens: resolved.literal, name: text.trim() });
  }
  const titleTokens = tokenize(profile.title ?? '');
  // The title is the user's own words: names that are everyday words count ("Go developer").
  const titleHits = findSkills(titleTokens, { listed: true });
  for (const hit of titleHits) listed.add(hit.skill);
  const cover = coverage([...listed]);
  const fromOverview = findSkills(tokenize(profile.overview ?? ''))
    .map((h) => h.skill)
    .filter((id) => !listed.has(id));
  for (const [id, entry] of coverage([...new Set(fromOverview)])) {
    const strength = entry.strength * OVERVIEW_WEIGHT;
    if ((cover.get(id)?.strength ?? 0) < strength) cover.set(id, { strength, via: entry.via });
  }
  const heads = new Map<string, string>();
  for (const text of profile.skills) {
    const tokens = tokenize(text);
    const head = tokens.length > 1 ? tokens[tokens.length - 1]!.text : null;
    if (head && head.length >= 4 && !GENERIC_HEADS.has(head) && !heads.has(head)) heads.set(head, text.trim());
  }
  const inSkill = new Set<number>();
  for (const hit of titleHits) for (let i = hit.start; i < hit.end; i++) inSkill.add(i);
  const words: CompiledProfile['words'] = [];
  titleTokens.forEach((token, i) => {
    if (inSkill.has(i) || STOP_WORDS.has(token.text) || token.text.length < 2) return;
    const weight = wordWeight(token.text);
    const key = stem(token.text);
    if (weight > 0 && !words.some((w) => w.stem === key)) words.push({ stem: key, word: token.raw, weight });
  });
  return { profile, cover, literals, heads, words, hasSkills: cover.size > 0 || literals.length > 0 };
}

/** The name of a profile skill as shown in a reason. */
export const skillName = (id: string): string => skillById(id)?.name ?? id;
