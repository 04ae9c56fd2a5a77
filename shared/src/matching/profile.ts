import type { AgentPlatform } from '../schemas/agent';
import { sentenceEnd, sentenceStart } from './risk/quote';
import { stem, STOP_WORDS, tokenize, wordWeight, type Token } from './text';
import { ancestors, coverage, descendants, findSkills, resolveSkill, skillById, type SkillHit } from './vocabulary';

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
  /**
   * The languages the profile says it works in (the post languages it can be told apart by, as
   * letters/language.ts names them), or null when it names none: then no post is judged by its language.
   */
  languages: ReadonlySet<string> | null;
  /** Skills the overview says the freelancer does not do and the profile does not list ("I don't do bookkeeping"). */
  declined: ReadonlySet<string>;
  /**
   * The trade the title's role names ("**Three.js / WebGL Developer** | React Three Fiber, GLSL"): its
   * skills and what they cover (near skills included), or null when the role names no skill or a wide
   * field ("Web Developer"). A post that asks for none of it is another trade's work that the
   * freelancer's other listed tools happen to cover (TypeScript for a Three.js developer).
   */
  trade: { name: string; cover: ReadonlyMap<string, number> } | null;
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
/**
 * The vocabulary's languages by the code a post's language is told by (letters/language.ts); a
 * Ukrainian speaker is taken to read a post in Cyrillic, which the detector calls Russian.
 */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  'lang-english': 'en',
  'lang-spanish': 'es',
  'lang-portuguese': 'pt',
  'lang-french': 'fr',
  'lang-german': 'de',
  'lang-indonesian': 'id',
  'lang-malay': 'id',
  'lang-arabic': 'ar',
  'lang-russian': 'ru',
  'lang-ukrainian': 'ru',
  'lang-chinese': 'zh',
  'lang-cantonese': 'zh',
  'lang-hindi': 'hi',
  'lang-bengali': 'bn',
  'lang-japanese': 'ja',
  'lang-korean': 'ko',
  'lang-italian': 'it',
  'lang-polish': 'pl',
  'lang-dutch': 'nl',
  'lang-turkish': 'tr',
};
/** The vocabulary language a post's language code names in a reason (the first of LANGUAGE_CODES). */
export const LANGUAGE_SKILL_BY_CODE: ReadonlyMap<string, string> = new Map(
  Object.entries(LANGUAGE_CODES)
    .reverse()
    .map(([id, code]) => [code, id]),
);

/** A skill named only as the system work is moved away from counts this much: known, not offered. */
const SOURCE_WEIGHT = 0.3;

const MIGRATION_NOUNS = new Set(['migration', 'migrations']);
const MOVE_VERB = /^(?:migrat|mov|switch|convert|transferr?|port)\p{L}*$/u;
const JOINERS = new Set(['and', 'or', 'plain', 'other']);

/**
 * The skills a text of the profile names only as where work is moved from, which the freelancer knows
 * but does not offer: "Salesforce to HubSpot migration", "migrated teams from Salesforce, Pipedrive and
 * Zoho", "Salesforce/Pipedrive migrations" (two or more systems before "migrations": one, as in
 * "WordPress migrations", is the work itself). A skill also named plainly in the same text is not one.
 */
export function sourceSkills(tokens: readonly Token[], hits: readonly SkillHit[]): Set<string> {
  const source = new Set<string>();
  const plain = new Set<string>();
  const text = (i: number) => tokens[i]?.text ?? '';
  // Runs of hits side by side, or joined by "and"/"or" (the commas are gone from the tokens).
  const runs: SkillHit[][] = [];
  for (const hit of hits) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (last && (hit.start === last.end || (hit.start === last.end + 1 && JOINERS.has(text(last.end))))) run!.push(hit);
    else runs.push([hit]);
  }
  for (const run of runs) {
    const first = run[0]!;
    const end = run[run.length - 1]!.end;
    const next = hits.find((h) => h.start === end + 1);
    const intoOther = (text(end) === 'to' || text(end) === 'into') && next !== undefined;
    const fromAt = text(first.start - 1) === 'from';
    const moved = fromAt && [2, 3, 4, 5].some((back) => MOVE_VERB.test(text(first.start - back)));
    const isSource =
      (intoOther && (MIGRATION_NOUNS.has(text(next!.end)) || MIGRATION_NOUNS.has(text(next!.end + 1)) || fromAt)) ||
      moved ||
      (run.length >= 2 && MIGRATION_NOUNS.has(text(end)));
    for (const hit of run) (isSource ? source : plain).add(hit.skill);
  }
  for (const id of plain) source.delete(id);
  return source;
}

/** Words that start what the freelancer says they do not do ("I won't copy…", "No fake reviews…"). */
const REFUSAL =
  /\b(?:i|we)(?:['’]m| am| are)? (?:(?:won['’]?t|will not|don['’]?t|do not)(?! (?:just|only|merely|miss)\b)|refuse to|decline|am not available for|not available for)\b|^\s*no\b(?! (?:matter|problem|doubt|wonder)\b)/i;
/** Words after a refusal that turn to what the freelancer does ("…, but I do", "only", "instead"). */
const CONTRAST = /\b(?:but|only|instead|rather|except|however|though|yet)\b|;/i;
/** A sentence that ends by putting what it lists outside the work ("…and 3D renders are outside what I do"). */
const OUTSIDE =
  /\b(?:are|is)\s+(?:outside|beyond|not part of)\s+(?:what i (?:do|offer)|my (?:work|scope|services|trade))\b|\b(?:are|is) not (?:something|what) i (?:do|offer)\b/i;

/**
 * Whether the overview's words at `index` sit where the freelancer says they do not do it: after a
 * refusal in the same sentence, or in a sentence that puts what it names outside their work.
 * Overviews often end with what they turn down; those skills are not theirs.
 */
function refused(overview: string, index: number): boolean {
  const start = sentenceStart(overview, index);
  const before = overview.slice(start, index);
  const refusal = REFUSAL.exec(before);
  // "I don't do visual design, but I write the microcopy": what follows a contrast is what they do.
  if (refusal && !CONTRAST.test(before.slice(refusal.index + refusal[0].length))) return true;
  return OUTSIDE.test(overview.slice(start, sentenceEnd(overview, index)));
}

/** A mention of what the clients have, not what the freelancer does ("founders who have good bookkeeping"). */
const CLIENTS_HAVE = /\b(?:who|that|which)\s+(?:already\s+)?(?:have|has|own|owns)\s+(?:[\p{L}-]+\s+){0,2}$/iu;

function clientsOwn(overview: string, index: number): boolean {
  return CLIENTS_HAVE.test(overview.slice(Math.max(sentenceStart(overview, index), index - 40), index));
}

/** Where a title's role ends and the services it lists begin ("Role | service, service"). */
const TITLE_SEGMENT = /\s*[|·•—–]\s*|\s+-\s+|:\s/u;

/**
 * What a trade's skills cover as the trade: themselves, the narrower skills under them (a React job
 * is a JavaScript developer's trade) and the skills quickly learnt from them (GLSL beside Three.js),
 * never the broader ones they imply (JavaScript is no Three.js developer's specialty).
 */
function tradeCover(roleSkills: readonly string[]): Map<string, number> {
  const broader = new Set(roleSkills.flatMap((id) => [...ancestors(id).keys()]));
  const out = new Map<string, number>();
  for (const [id, entry] of coverage(roleSkills)) if (!broader.has(id) || roleSkills.includes(id)) out.set(id, entry.strength);
  for (const id of roleSkills) for (const child of descendants(id).keys()) out.set(child, 1);
  return out;
}

export function compileProfile(profile: MatchProfile): CompiledProfile {
  const listed = new Set<string>();
  /** Skills the profile names only as what its work moves away from ("Salesforce to HubSpot migration"). */
  const left = new Set<string>();
  const literals: CompiledProfile['literals'] = [];
  /** Listed skills named by a word that names them only in a skills list ("GDPR", "NDA", "Contracts"). */
  const listedOnly = new Set<string>();
  const namedPlainly = new Set<string>();
  for (const text of profile.skills) {
    const resolved = resolveSkill(text);
    const tokens = tokenize(text);
    const sources = sourceSkills(tokens, findSkills(tokens, { listed: true }));
    const plain = new Set(findSkills(tokens, { cased: true }).map((hit) => hit.skill));
    for (const id of resolved.ids) {
      (sources.has(id) ? left : listed).add(id);
      (plain.has(id) ? namedPlainly : listedOnly).add(id);
    }
    if (resolved.literal && !literals.some((l) => l.tokens.join(' ') === resolved.literal!.join(' ')))
      literals.push({ tokens: resolved.literal, name: text.trim() });
  }
  const titleTokens = tokenize(profile.title ?? '');
  // The title is the user's own words: names that are everyday words count ("Go developer").
  const titleHits = findSkills(titleTokens, { listed: true });
  const titleSources = sourceSkills(titleTokens, titleHits);
  // A word that names a skill only when listed ("Contracts", "NDA"), among the services a title
  // lists after its role, beside skills of another trade, is part of that trade's work
  // ("Influencer Marketing Manager | Negotiation, Contracts & Reporting" is no contract lawyer): a
  // neighbour, not the trade. In the role itself it is the trade ("R programmer", "Go developer").
  const plainTitle = new Set(findSkills(titleTokens, { cased: true }).map((hit) => hit.skill));
  // What the skills list names, read before the title adds to it (the title's order does not matter).
  const listedGroups = new Set([...listed].map((id) => skillById(id)?.group));
  const nothingListed = listed.size === 0;
  const roleEnd = TITLE_SEGMENT.exec(profile.title ?? '')?.index ?? Infinity;
  // (What goes to `left` counts only if nothing lists it: see the weighing below.)
  for (const hit of titleHits) {
    if (titleSources.has(hit.skill)) left.add(hit.skill);
    else if (
      plainTitle.has(hit.skill) ||
      titleTokens[hit.start]!.from < roleEnd ||
      nothingListed ||
      listedGroups.has(skillById(hit.skill)?.group)
    )
      listed.add(hit.skill);
    else left.add(hit.skill);
  }
  // The client's field in the role ("**Fashion** Technical Designer", "**Medical** Biller") is who the
  // work is for, not the trade.
  const roleSkills = [
    ...new Set(
      titleHits
        .filter((hit) => !titleSources.has(hit.skill) && titleTokens[hit.start]!.from < roleEnd && skillById(hit.skill)?.kind !== 'topic')
        .map((hit) => hit.skill),
    ),
  ];
  const trade =
    roleSkills.length === 0 || roleSkills.some((id) => skillById(id)?.broad)
      ? null
      : {
          name: roleSkills
            .slice(0, 2)
            .map((id) => skillById(id)?.name ?? id)
            .join(', '),
          cover: tradeCover(roleSkills),
        };
  // A word that names a skill only when listed, in the skills list of a profile whose title names
  // another field's trade, is part of that trade's work, as in the title's services above (a
  // marketing-automation specialist's "GDPR" is consent and data rules, not contract drafting): a
  // neighbour at the overview's weight, not a skill of its own.
  const roleGroups = new Set(roleSkills.map((id) => skillById(id)?.group));
  const neighbours = trade
    ? [...listedOnly].filter(
        (id) =>
          listed.has(id) &&
          !namedPlainly.has(id) &&
          !roleGroups.has(skillById(id)?.group) &&
          !titleHits.some((hit) => hit.skill === id) &&
          !trade.cover.has(id) &&
          !roleSkills.some((role) => coverage([id]).has(role)),
      )
    : [];
  const cover = coverage([...listed].filter((id) => !neighbours.includes(id)));
  const overviewTokens = tokenize(profile.overview ?? '');
  const overview = profile.overview ?? '';
  const refusedHits: SkillHit[] = [];
  const overviewHits: SkillHit[] = [];
  for (const hit of findSkills(overviewTokens)) {
    const at = overviewTokens[hit.start]!.from;
    if (refused(overview, at)) refusedHits.push(hit);
    else if (!clientsOwn(overview, at)) overviewHits.push(hit);
  }
  /** What the overview says the freelancer does not do ("I don't do bookkeeping catch-up"), unless it lists or names it plainly. */
  const turnedDown = new Set(refusedHits.map((hit) => hit.skill).filter((id) => !listed.has(id)));
  for (const hit of overviewHits) turnedDown.delete(hit.skill);
  const overviewSources = sourceSkills(overviewTokens, overviewHits);
  const fromOverview = overviewHits.map((h) => h.skill).filter((id) => !listed.has(id) && !overviewSources.has(id));
  for (const id of overviewSources) if (!listed.has(id)) left.add(id);
  const weigh = (ids: Iterable<string>, weight: number) => {
    for (const [id, entry] of coverage([...new Set(ids)])) {
      const strength = entry.strength * weight;
      if ((cover.get(id)?.strength ?? 0) < strength) cover.set(id, { strength, via: entry.via });
    }
  };
  weigh(fromOverview, OVERVIEW_WEIGHT);
  weigh(neighbours, OVERVIEW_WEIGHT);
  weigh(
    [...left].filter((id) => !listed.has(id) && !fromOverview.includes(id)),
    SOURCE_WEIGHT,
  );
  // A skill the overview turns down is no neighbour of the listed ones either (QuickBooks is listed,
  // "I don't do bookkeeping": bookkeeping jobs are not hers).
  for (const id of turnedDown) cover.delete(id);
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
  const languages = new Set<string>();
  for (const id of [...listed, ...overviewHits.map((h) => h.skill)]) {
    const code = LANGUAGE_CODES[id];
    if (code) languages.add(code);
  }
  return {
    profile,
    cover,
    literals,
    heads,
    words,
    hasSkills: cover.size > 0 || literals.length > 0,
    languages: languages.size > 0 ? languages : null,
    declined: turnedDown,
    trade,
  };
}

/** The name of a profile skill as shown in a reason. */
export const skillName = (id: string): string => skillById(id)?.name ?? id;
