import { detectPostLanguage, type OtherLanguage, type TextLanguage } from '../letters/language';
import type { Job } from '../schemas/job';
import { verbExcludes, mentionRoles, verbGroups, type Mention, type MentionRole } from './roles';
import { onSiteQuote } from './onsite';
import { stem, STOP_WORDS, tokenize, type Token } from './text';
import { findSkills, LANGUAGE_GROUP, resolveSkill, skillById, type Skill, type SkillHit } from './vocabulary';

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
  /** The post's own word for it (its title's, else a listed skill's, else its description's), as written. */
  word: string;
  /** What it is to the work, from the words around it (the title's mention, else the description's). */
  role: MentionRole;
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
  /**
   * The skills that may be the main one, with their share (summing to 1): one at 1 when the post
   * says clearly what the work is; several when two read almost as well.
   */
  mainOptions: Array<{ skill: JobSkill; share: number }>;
  /** 1 when the main skill is read from the work; less when it is only what is left (an input, a topic). */
  mainSure: number;
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
  /** The post's words that need the freelancer on site (onsite.ts), or null for remote work. */
  onSite: string | null;
  /** The post says working in English will do ("English ok", "the report can be in English"). */
  englishOk: boolean;
  /** The language the post is written in, when it can be told (letters/language.ts) and the post does not name English. */
  postLanguage: PostLanguage | null;
}

/** "English is fine", "can be in English", "English ok", "auf Englisch", "en inglés está bien". */
const ENGLISH_OK =
  /\benglish (?:is |would be )?(?:ok|okay|fine|possible|welcome|accepted|no problem)\b|\b(?:can|may|could) (?:also )?be (?:done |written )?in english\b|\bin english (?:is |would be )?(?:ok|okay|fine|possible|no problem)\b|\benglish[- ]speak\w* (?:freelancers |candidates |applicants )?(?:are )?welcome\b|\bauf englisch\b|\benglisch (?:ist )?(?:ok|okay|m[öo]glich|kein problem)|en ingl[ée]s (?:est[áa] bien|es posible|tambi[ée]n)|ingl[eé]s (?:est[áa] bien|ok)|em ingl[eê]s (?:est[áa] bem|[ée] poss[ií]vel|ok)|en anglais (?:est |c['’]est )?(?:possible|ok|accept[ée])|anglais accept[ée]/u;

/** The post says English will do; the pattern runs only on a post that names the language at all. */
function saysEnglishWillDo(lower: string): boolean {
  return /engl|ingl|anglais/.test(lower) && ENGLISH_OK.test(lower);
}

/**
 * The post names English, in any of the interface's languages ("podcast em inglês", "englischsprachig",
 * "soporte en inglés"): English is part of the work, whatever language the post is written in.
 */
function namesEnglish(lower: string): boolean {
  return /engl|ingl[eéê]s|anglais|английск|inggris|الإنجليزي|الانجليزي|انجليزي|अंग्रेज|ইংরেজি|英语|英文/u.test(lower);
}

/** A post's language: the letters' detector's, and Japanese and Korean, which it does not tell (it reads kanji as Chinese). */
export type PostLanguage = TextLanguage | OtherLanguage | 'ja' | 'ko';
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HANGUL = /\p{Script=Hangul}/gu;

function postLanguageOf(post: string): PostLanguage | null {
  const letters = post.match(/\p{L}/gu)?.length ?? 0;
  if (letters >= 12) {
    // Japanese mixes kanji with kana; a few kana among the letters already say Japanese.
    if ((post.match(KANA)?.length ?? 0) / letters > 0.05) return 'ja';
    if ((post.match(HANGUL)?.length ?? 0) / letters > 0.3) return 'ko';
  }
  return detectPostLanguage(post);
}

/** How a mention's role weighs on the skill being the main one, and on it being needed at all. */
const ROLE_MAIN: Record<MentionRole, number> = { work: 1.3, neutral: 1, input: 0.3, destination: 0.45, context: 0.45 };
/**
 * A technology or platform the work is done in is often named as its destination or context
 * ("accessibility fixes for our React app", "companion app for Android"): for skills that are not
 * a tool, an input, a device or a topic those roles count less (a designer's "for an iOS app" yields
 * by its kind instead).
 */
const ROLE_MAIN_PLAIN: Record<MentionRole, number> = { ...ROLE_MAIN, destination: 0.75, context: 0.8 };
const ROLE_NEED: Record<MentionRole, number> = { work: 1, neutral: 1, input: 0.6, destination: 0.7, context: 0.5 };
/** The strongest role among a skill's mentions (work first). */
const ROLE_ORDER: readonly MentionRole[] = ['work', 'neutral', 'destination', 'context', 'input'];
/** A skill of a yielding kind beside the work it yields to counts this much towards being the main skill. */
const YIELD = 0.45;
/** How sure a main skill read only from an input, a destination or a topic is. */
const UNSURE_ROLE = 0.6;
/** How sure a main skill the vocabulary does not know is. */
const UNSURE_LITERAL = 0.6;
/** A main skill within this share of the best one is a plausible main skill too. */
const OPTION_FROM = 0.6;

/** Whether a skill of some kind yields, as the main skill, to another skill the job needs. */
function yieldsTo(kind: Skill['kind'], other: Skill | undefined, design: boolean): boolean {
  if (!kind || !other || other.kind === 'topic') return false;
  switch (kind) {
    case 'topic':
      return true;
    case 'tool':
    case 'platform':
      return other.work && other.kind === null;
    case 'input':
      // Design files are a developer's input, but a designer's tool when the post asks for design.
      return (
        (other.work && other.kind === null) || (!design && other.group !== 'design' && (other.kind === null || other.kind === 'platform'))
      );
    // A device, or a medium an engine makes ("VR training in Unity"), yields to the work on it.
    case 'device':
    case 'medium':
      return other.kind === null || other.kind === 'platform';
  }
}

/**
 * A mention's role for this skill: a verb of another trade's work does not make it the work ("build a
 * video editor", "design the iOS app screens"); a technology named with its product is the codebase.
 */
function roleFor(mention: Mention, skill: Skill | undefined): MentionRole {
  if (!skill) return mention.role;
  // A topic before a worker noun is the worker's topic ("real estate assistant"), not the work.
  if (skill.kind === 'topic' && mention.worker && mention.role === 'work') return 'neutral';
  const verb = mention.verb ?? mention.head;
  if (verb && (mention.role === 'work' || mention.role === 'neutral') && verbExcludes(verb, skill.group)) return 'context';
  if (mention.role === 'context' && mention.codebase && !mention.servesOther && !skill.kind && !skill.work) return 'neutral';
  return mention.role;
}

/** The post's words for a skill, as written: "Snowflake", "DaVinci Resolve". */
const spanText = (text: string, tokens: readonly Token[], hit: SkillHit) => text.slice(tokens[hit.start]!.from, tokens[hit.end - 1]!.to);

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

/**
 * How surely the main skill is the work: read from the work (1), or only what was left when every
 * mention is an input, a destination or a topic; and a listed skill the vocabulary does not know
 * ("Threat Modeling", "Pinterest Ads") is unsure too: nothing tells whether it is a neighbour of the
 * profile's skills or another trade.
 */
function mainSureOf(main: Pick<JobSkill, 'role' | 'literal'> | null): number {
  if (!main) return 1;
  const fromWork = main.role === 'work' || main.role === 'neutral';
  return (fromWork ? 1 : UNSURE_ROLE) * (main.literal ? UNSURE_LITERAL : 1);
}

export function analyseJob(job: Job): AnalysedJob {
  const titleTokens = tokenize(job.title);
  const descTokens = tokenize(job.description);
  const titleHits = findSkills(titleTokens, { cased: !titleCase(titleTokens) });
  const descHits = findSkills(descTokens);
  const words = new Map<string, { title?: string; tag?: string; desc?: string }>();
  const roles = new Map<string, { title: Mention[]; desc: Mention[] }>();
  const note = (id: string, where: 'title' | 'tag' | 'desc', word: string) => {
    const w = words.get(id) ?? {};
    w[where] ??= word;
    words.set(id, w);
  };
  const roleOf = (id: string) => {
    let r = roles.get(id);
    if (!r) roles.set(id, (r = { title: [], desc: [] }));
    return r;
  };
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
    const tokens = tokenize(tag);
    for (const hit of findSkills(tokens, { listed: true })) note(hit.skill, 'tag', spanText(tag, tokens, hit));
  }
  const titlePosition = new Map<string, number>();
  const titleRoles = mentionRoles(titleTokens, titleHits);
  const titleVerbs = verbGroups(titleTokens, titleHits);
  titleHits.forEach((hit, i) => {
    mention(hit.skill, 'title');
    note(hit.skill, 'title', spanText(job.title, titleTokens, hit));
    roleOf(hit.skill).title.push(titleRoles[i]!);
    if (!titlePosition.has(hit.skill)) titlePosition.set(hit.skill, hit.start);
  });
  const descRoles = mentionRoles(descTokens, descHits);
  descHits.forEach((hit, i) => {
    mention(hit.skill, 'desc');
    note(hit.skill, 'desc', spanText(job.description, descTokens, hit));
    roleOf(hit.skill).desc.push(descRoles[i]!);
  });

  // Requirements: weak skills (languages, tools named in passing) only when listed or in the title;
  // a language only beside the work that needs it (a translation, a Spanish-speaking support role).
  const groups = new Set([...mentions.keys()].map((id) => skillById(id)?.group).filter(Boolean));
  const candidates: Array<JobSkill & { mainScore: number; worker: boolean }> = [];
  for (const [id, m] of mentions) {
    const skill = skillById(id);
    const literal = !skill;
    if (skill?.weak && m.tags === 0 && m.title === 0) continue;
    if (skill?.onlyWith && m.tags === 0 && !skill.onlyWith.some((g) => groups.has(g))) continue;
    const inTags = m.tags > 0;
    const inTitle = m.title > 0;
    const said = roles.get(id);
    // Turned down by the post ("no Flutter please") and not named in its title: not needed, whatever the tags say;
    // turned down in passing ("not WordPress"), only when no other mention asks for it.
    const desc = said?.desc ?? [];
    if (
      !said?.title.length &&
      (desc.some((mention) => mention.refused === 'firmly') || (desc.length > 0 && desc.every((mention) => mention.refused !== null)))
    ) {
      continue;
    }
    // The role the post gives it: its title's mentions decide, else its description's (any plain mention is enough).
    const mentions = said?.title.length ? said.title : (said?.desc ?? []);
    const mentioned = mentions.map((m) => roleFor(m, skill));
    // Named as what another trade's verb works on ("design the iOS app screens"): as little the work as a topic.
    // So is a product that another layer's work is for ("a Go API for our Flutter app").
    const worked = mentions.some((m, i) => mentioned[i] === 'context' && (m.role !== 'context' || m.servesOther));
    const role = ROLE_ORDER.find((r) => mentioned.includes(r)) ?? 'neutral';
    const worker = mentions.some((m, i) => m.worker && mentioned[i] === 'work');
    let weight = ((inTags ? 1 : 0) + (inTitle ? 1 : 0) + Math.min(0.6, 0.3 * m.desc)) * ROLE_NEED[role];
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
    // "Design screens for …" with Mobile App Design listed: the title's verb names that skill's work.
    if (skill && inTags && !inTitle && titleVerbs.has(skill.group) && !skill.kind) mainScore += 0.75;
    // "Theme from our Figma designs", "reverse ETL to HubSpot", "posts for a real-estate firm": not the work.
    mainScore *= ((skill?.kind && skill.kind !== 'platform') || skill?.work || worked ? ROLE_MAIN : ROLE_MAIN_PLAIN)[role];
    // What the work serves, and nothing more ("HVAC contractor: roof check", "an API for our Flutter app"): a topic's share.
    if (role === 'context' && mentions.some((m, i) => mentioned[i] === 'context' && m.servesOther)) mainScore *= YIELD;
    if (skill?.broad) mainScore *= 0.5;
    if (skill?.group === LANGUAGE_GROUP) mainScore *= 0.6;
    const name = skill?.name ?? literalTags.get(id) ?? id;
    const w = words.get(id);
    const word = w?.title ?? w?.tag ?? w?.desc ?? literalTags.get(id) ?? name;
    candidates.push({ id, name, word, role, worker, inTags, inTitle, descCount: m.desc, weight, literal, mainScore });
  }
  // A tool, an input, a platform, a device or a topic yields to the work it serves ("Figma" to "Shopify",
  // "iOS" to "Mobile App Design", "Real Estate" to "Blog Writing"), unless the post names it as the work.
  const present = candidates.filter((c) => c.inTags || c.inTitle);
  const yielded = new Set<string>();
  for (const c of candidates) {
    const kind = skillById(c.id)?.kind ?? null;
    // A topic yields even to a worker noun: a "real estate assistant" is an assistant.
    if (!kind || (c.worker && kind !== 'topic')) continue;
    if (present.some((o) => o !== c && o.mainScore > 0 && yieldsTo(kind, skillById(o.id), titleVerbs.has('design')))) {
      c.mainScore *= YIELD;
      yielded.add(c.id);
      c.weight *= kind === 'topic' ? 0.3 : 0.8;
    }
  }
  // A narrower skill carries the broader ones it implies: "Python developer for a Django API" is a Django job.
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const boosted = new Map(
    candidates.map((c) => [
      c.id,
      // (A tool that yielded to its work does not win back through it: "Premiere Pro" implies "Video Editing".)
      c.mainScore +
        (yielded.has(c.id) ? 0 : 0.3 * (skillById(c.id)?.implies ?? []).reduce((sum, p) => sum + (byId.get(p)?.mainScore ?? 0), 0)),
    ]),
  );
  let main: (typeof candidates)[number] | null = null;
  for (const c of candidates) if (c.mainScore > 0 && (!main || boosted.get(c.id)! > boosted.get(main.id)!)) main = c;
  if (main) main.weight += 1;
  // Plausible main skills: each from 0 (at OPTION_FROM of the best) to 1 (the best), shared out.
  const best = main ? boosted.get(main.id)! : 0;
  const options = candidates
    .map((c) => ({
      id: c.id,
      w: best > 0 && c.mainScore > 0 ? Math.max(0, (boosted.get(c.id)! / best - OPTION_FROM) / (1 - OPTION_FROM)) : 0,
    }))
    .filter((o) => o.w > 0);
  const total = options.reduce((sum, o) => sum + o.w, 0);
  const skills = candidates
    .sort((a, b) => b.weight - a.weight || a.id.localeCompare(b.id))
    .map(({ mainScore: _score, worker: _worker, ...s }) => s);
  const byIdSkill = new Map(skills.map((s) => [s.id, s]));
  const mainOptions = options
    .sort((a, b) => b.w - a.w || a.id.localeCompare(b.id))
    .map((o) => ({ skill: byIdSkill.get(o.id)!, share: o.w / total }));

  const { minUsd, maxUsd } = budgetInUsd(job);
  const post = `${job.title}\n${job.description}`;
  const lowerPost = post.toLowerCase();
  return {
    job,
    skills,
    main: main ? (byIdSkill.get(main.id) ?? null) : null,
    mainOptions,
    mainSure: mainSureOf(main),
    mentions,
    titleWords: countWords(titleTokens, titleHits),
    descWords: countWords(descTokens, descHits),
    descLength: descTokens.length,
    titleTokens: titleTokens.map((t) => t.text),
    descTokens: descTokens.map((t) => t.text),
    tagTokens,
    minUsd,
    maxUsd,
    onSite: onSiteQuote(job.title, job.description),
    englishOk: saysEnglishWillDo(lowerPost),
    postLanguage: namesEnglish(lowerPost) ? null : postLanguageOf(post),
  };
}
