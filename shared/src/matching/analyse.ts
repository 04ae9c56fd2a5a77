import type { Job } from '../schemas/job';
import { stem, STOP_WORDS, tokenize, type Token } from './text';
import { findSkills, LANGUAGE_GROUP, resolveSkill, skillById, type SkillHit } from './vocabulary';

/**
 * A job read once: the skills it needs (from its listed skills, title and description) with how
 * much each matters, its main skill, its words for term weighting, and its budget in US dollars.
 * Scoring it against any number of profiles reuses this.
 */

export interface JobSkill {
  /** A vocabulary id, or `literal:<words>` for a listed skill the vocabulary does not know. */
  id: string;
  /** The name shown in reasons. */
  name: string;
  inTags: boolean;
  inTitle: boolean;
  descCount: number;
  /** How much the job needs it (listed, in the title, repeated in the text; the main skill most). */
  weight: number;
  literal: boolean;
}

export interface Mentions {
  title: number;
  tags: number;
  desc: number;
}

export interface AnalysedJob {
  job: Job;
  /** What the job needs, heaviest first. */
  skills: JobSkill[];
  main: JobSkill | null;
  /** Every skill the job names (requirements or not), for term weighting. */
  mentions: Map<string, Mentions>;
  /** Stemmed ordinary words: counts in the title and the description. */
  titleWords: Map<string, number>;
  descWords: Map<string, number>;
  descLength: number;
  /** Lower-case tokens, for profile skills the vocabulary does not know (matched literally). */
  titleTokens: string[];
  descTokens: string[];
  tagTokens: string[][];
  /** The budget in US dollars (per hour for hourly jobs); null when unknown. */
  minUsd: number | null;
  maxUsd: number | null;
}

/** Words after which a title names the client, topic or purpose rather than the work. */
const CONTEXT_WORDS = new Set(['for', 'about', 'regarding', 'on']);

/** Title Case titles ("Build An Express Checkout Page") say nothing with their capitals. */
function titleCase(tokens: readonly Token[]): boolean {
  const long = tokens.filter((t) => t.raw.length > 3 && /^\p{L}/u.test(t.raw));
  return long.length >= 3 && long.filter((t) => /^\p{Lu}/u.test(t.raw)).length / long.length >= 0.6;
}

function countWords(tokens: readonly Token[], hits: readonly SkillHit[]): Map<string, number> {
  const inSkill = new Set<number>();
  for (const hit of hits) for (let i = hit.start; i < hit.end; i++) inSkill.add(i);
  const out = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (inSkill.has(i) || STOP_WORDS.has(token.text) || token.text.length < 2) return;
    const key = stem(token.text);
    out.set(key, (out.get(key) ?? 0) + 1);
  });
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The job's budget in US dollars: from `budgetUsd` (the range's midpoint), else as given when in USD. */
export function budgetInUsd(job: Pick<Job, 'minBudget' | 'maxBudget' | 'budgetUsd' | 'currency'>): {
  minUsd: number | null;
  maxUsd: number | null;
} {
  const min = job.minBudget ?? null;
  const max = job.maxBudget ?? null;
  const mid = min !== null && max !== null ? (min + max) / 2 : (min ?? max);
  let rate: number | null = null;
  if (job.budgetUsd !== null && job.budgetUsd !== undefined && mid) rate = job.budgetUsd / mid;
  else if (job.currency === 'USD') rate = 1;
  if (rate === null || mid === null) return { minUsd: null, maxUsd: null };
  const low = min !== null && min > 0 ? min : null;
  const high = max !== null && max > 0 ? max : low;
  return { minUsd: low === null ? null : round2(low * rate), maxUsd: high === null ? null : round2(high * rate) };
}

export function analyseJob(job: Job): AnalysedJob {
  const titleTokens = tokenize(job.title);
  const descTokens = tokenize(job.description);
  const titleHits = findSkills(titleTokens, { cased: !titleCase(titleTokens) });
  const descHits = findSkills(descTokens);
  const mentions = new Map<string, Mentions>();
  const mention = (id: string, field: keyof Mentions) => {
    const m = mentions.get(id) ?? { title: 0, tags: 0, desc: 0 };
    m[field]++;
    mentions.set(id, m);
  };
  const tagTokens: string[][] = [];
  const literalTags = new Map<string, string>();
  let firstTag: string | null = null;
  for (const tag of job.skills) {
    const resolved = resolveSkill(tag);
    tagTokens.push(tokenize(tag).map((t) => t.text));
    if (resolved.ids.length === 0 && resolved.literal) {
      const id = `literal:${resolved.literal.join(' ')}`;
      literalTags.set(id, tag.trim());
      mention(id, 'tags');
      firstTag ??= id;
    }
    for (const id of resolved.ids) {
      mention(id, 'tags');
      firstTag ??= id;
    }
  }
  const titlePosition = new Map<string, number>();
  const contextIndex = titleTokens.findIndex((t) => CONTEXT_WORDS.has(t.text));
  const contextFrom = contextIndex >= 0 ? contextIndex : null;
  for (const hit of titleHits) {
    mention(hit.skill, 'title');
    if (!titlePosition.has(hit.skill)) titlePosition.set(hit.skill, hit.start);
  }
  for (const hit of descHits) mention(hit.skill, 'desc');

  // Requirements: weak skills (languages, tools named in passing) only when listed or in the title;
  // a language only beside the work that needs it (a translation, a Spanish-speaking support role).
  const groups = new Set([...mentions.keys()].map((id) => skillById(id)?.group).filter(Boolean));
  const candidates: Array<JobSkill & { mainScore: number }> = [];
  for (const [id, m] of mentions) {
    const skill = skillById(id);
    const literal = !skill;
    if (skill?.weak && m.tags === 0 && m.title === 0) continue;
    if (skill?.onlyWith && m.tags === 0 && !skill.onlyWith.some((g) => groups.has(g))) continue;
    const inTags = m.tags > 0;
    const inTitle = m.title > 0;
    let weight = (inTags ? 1 : 0) + (inTitle ? 1 : 0) + Math.min(0.6, 0.3 * m.desc);
    if (skill?.broad) weight *= 0.5;
    if (literal) weight *= 0.7;
    const position = titlePosition.get(id);
    let mainScore =
      (inTags ? 1 : 0) +
      (id === firstTag ? 0.3 : 0) +
      (inTitle ? 1.5 : 0) +
      (position !== undefined ? Math.max(0, 0.3 - position * 0.03) : 0);
    mainScore += Math.min(0.6, 0.15 * m.desc);
    if (skill?.work && inTitle) mainScore += 1.5;
    // "Website for a course creator", "posts about Kubernetes": what follows is context, unless it is also a listed skill.
    if (inTitle && m.tags === 0 && position !== undefined && contextFrom !== null && position > contextFrom) mainScore *= 0.7;
    if (skill?.broad) mainScore *= 0.5;
    if (skill?.group === LANGUAGE_GROUP) mainScore *= 0.6;
    candidates.push({ id, name: skill?.name ?? literalTags.get(id) ?? id, inTags, inTitle, descCount: m.desc, weight, literal, mainScore });
  }
  // A narrower skill carries the broader ones it implies: "Python developer for a Django API" is a Django job.
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const boosted = new Map(
    candidates.map((c) => [
      c.id,
      c.mainScore + 0.3 * (skillById(c.id)?.implies ?? []).reduce((sum, p) => sum + (byId.get(p)?.mainScore ?? 0), 0),
    ]),
  );
  let main: (typeof candidates)[number] | null = null;
  for (const c of candidates) if (c.mainScore > 0 && (!main || boosted.get(c.id)! > boosted.get(main.id)!)) main = c;
  if (main) main.weight += 1;
  const skills = candidates.sort((a, b) => b.weight - a.weight || a.id.localeCompare(b.id)).map(({ mainScore: _unused, ...s }) => s);

  const { minUsd, maxUsd } = budgetInUsd(job);
  return {
    job,
    skills,
    main: main ? (skills.find((s) => s.id === main!.id) ?? null) : null,
    mentions,
    titleWords: countWords(titleTokens, titleHits),
    descWords: countWords(descTokens, descHits),
    descLength: descTokens.length,
    titleTokens: titleTokens.map((t) => t.text),
    descTokens: descTokens.map((t) => t.text),
    tagTokens,
    minUsd,
    maxUsd,
  };
}
