import type { SkillEntry, SkillGroup, SkillKind } from './skill-entry';
import { BUSINESS_SKILLS } from './skills-business.data';
import { CREATIVE_SKILLS } from './skills-creative.data';
import { SOFTWARE_SKILLS } from './skills-software.data';
import { tokenize, type Token } from './text';
import { DEVELOPER_NOUNS } from './worker-nouns';

/**
 * The skill vocabulary, indexed: every spelling as a token phrase (longest phrase wins, so "React
 * Native" is never "React"), the relations between skills, and free text mapped onto it.
 */

export interface Skill {
  id: string;
  name: string;
  group: string;
  broad: boolean;
  work: boolean;
  essential: boolean;
  weak: boolean;
  /** What it usually is when it is not the work (a tool, an input, a platform, a device, a topic); null: the work. */
  kind: SkillKind | null;
  /** Groups one of whose skills a job must also need for this one to count as a requirement. */
  onlyWith: readonly string[] | null;
  implies: readonly string[];
  near: readonly string[];
  related: readonly string[];
}

/** How a phrase may match: anywhere; only with its own capitals; only as a listed skill; only beside a language. */
type Mode = 'any' | 'cased' | 'listed' | 'withLanguage';

interface Terminal {
  skill: string;
  mode: Mode;
  /** The capitals a `cased` phrase must be written with. */
  raw?: readonly string[];
  /** A `cased` name of software: a worker noun after it names it wherever its capitals say nothing ("Go Developer"). */
  software?: boolean;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  terminals: Terminal[];
}

export const SKILL_GROUPS: readonly SkillGroup[] = [...SOFTWARE_SKILLS, ...CREATIVE_SKILLS, ...BUSINESS_SKILLS];

/** The vocabulary's lookups, built on first use (a process that matches nothing yet pays nothing at start). */
interface Index {
  skills: Map<string, Skill>;
  entries: Map<string, SkillEntry>;
  /** Every spelling as a token phrase, leading to the skills it names. */
  root: TrieNode;
  childrenOf: Map<string, string[]>;
  relatedTo: Map<string, Set<string>>;
  /** Skills quickly learnt from a skill (React → Next.js). */
  nearFrom: Map<string, string[]>;
}

let built: Index | undefined;
const index = (): Index => (built ??= buildIndex());

/** Token phrases of a spelling: "Node.js" → ["node.js"], ["nodejs"], ["node", "js"]; "Front-end" also "frontend". */
function phrasesOf(spelling: string): Array<{ texts: string[]; raw: string[] }> {
  const tokens = tokenize(spelling);
  const base = { texts: tokens.map((t) => t.text), raw: tokens.map((t) => t.raw) };
  const out = [base];
  if (tokens.some((t) => t.text.includes('.') && t.text !== 'dotnet')) {
    out.push({ texts: base.texts.map((t) => t.replace(/\./g, '')), raw: base.raw.map((r) => r.replace(/\./g, '')) });
    out.push({
      texts: base.texts.flatMap((t) => t.split('.').filter(Boolean)),
      raw: base.raw.flatMap((r) => r.split('.').filter(Boolean)),
    });
  }
  if (/[-/]/.test(spelling) && tokens.length > 1) out.push({ texts: [base.texts.join('')], raw: [base.raw.join('')] });
  return out.filter((p) => p.texts.length > 0);
}

function insert(root: TrieNode, phrase: string[], terminal: Terminal) {
  let node = root;
  for (const text of phrase) {
    let child = node.next.get(text);
    if (!child) {
      child = { next: new Map(), terminals: [] };
      node.next.set(text, child);
    }
    node = child;
  }
  if (!node.terminals.some((t) => t.skill === terminal.skill && t.mode === terminal.mode)) node.terminals.push(terminal);
}

function add({ skills, entries, root }: Index, entry: SkillEntry, group: SkillGroup) {
  entries.set(entry.id, entry);
  skills.set(entry.id, {
    id: entry.id,
    name: entry.name,
    group: group.group,
    broad: entry.broad ?? false,
    work: entry.work ?? group.work ?? false,
    essential: entry.essential ?? group.essential ?? false,
    weak: entry.weak ?? group.weak ?? false,
    kind: entry.kind ?? group.kind ?? null,
    onlyWith: group.onlyWith ?? null,
    implies: entry.implies ?? [],
    near: entry.near ?? [],
    related: entry.related ?? [],
  });
  const restricted = new Set([...(entry.cased ?? []), ...(entry.listed ?? [])].map((s) => s.toLowerCase()));
  const free = [...(restricted.has(entry.name.toLowerCase()) ? [] : [entry.name]), ...(entry.aka ?? [])];
  for (const spelling of free) for (const p of phrasesOf(spelling)) insert(root, p.texts, { skill: entry.id, mode: 'any' });
  for (const spelling of entry.cased ?? [])
    for (const p of phrasesOf(spelling))
      insert(root, p.texts, { skill: entry.id, mode: 'cased', raw: p.raw, software: SOFTWARE_SKILLS.includes(group) });
  for (const spelling of entry.listed ?? [])
    for (const p of phrasesOf(spelling)) insert(root, p.texts, { skill: entry.id, mode: 'listed' });
  for (const spelling of entry.withLanguage ?? [])
    for (const p of phrasesOf(spelling)) insert(root, p.texts, { skill: entry.id, mode: 'withLanguage' });
}

function buildIndex(): Index {
  const built: Index = {
    skills: new Map(),
    entries: new Map(),
    root: { next: new Map(), terminals: [] },
    childrenOf: new Map(),
    relatedTo: new Map(),
    nearFrom: new Map(),
  };
  for (const group of SKILL_GROUPS) for (const entry of group.skills) add(built, entry, group);
  const { childrenOf, relatedTo, nearFrom } = built;
  for (const skill of built.skills.values()) {
    for (const from of skill.near) nearFrom.set(from, [...(nearFrom.get(from) ?? []), skill.id]);
    for (const parent of skill.implies) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), skill.id]);
    for (const other of skill.related) {
      relatedTo.set(skill.id, (relatedTo.get(skill.id) ?? new Set()).add(other));
      relatedTo.set(other, (relatedTo.get(other) ?? new Set()).add(skill.id));
    }
  }
  return built;
}

export const skillById = (id: string): Skill | undefined => index().skills.get(id);
export const allSkills = (): IterableIterator<Skill> => index().skills.values();
export const LANGUAGE_GROUP = 'languages';

/** One skill found in a text: its id and the tokens it spans. */
export interface SkillHit {
  skill: string;
  start: number;
  end: number;
}

export interface FindOptions {
  /** The text is a listed skill (a marketplace tag, a profile skill): `listed` names and any capitals match. */
  listed?: boolean;
  /** `cased` names may match (false for Title Case titles, where capitals say nothing). */
  cased?: boolean;
}

function accepts(terminal: Terminal, tokens: readonly Token[], start: number, options: FindOptions): boolean {
  switch (terminal.mode) {
    case 'any':
    case 'withLanguage':
      return true;
    case 'listed':
      return options.listed === true;
    case 'cased': {
      if (options.listed) return true;
      if (!terminal.raw!.every((raw, i) => tokens[start + i]?.raw === raw)) return false;
      if (options.cased !== false && !tokens[start]!.sentenceStart) return true;
      // First in a sentence or in a Title Case title the capitals say nothing, but "Go developer" still names Go.
      return terminal.software === true && WORKER_AFTER.has(tokens[start + terminal.raw!.length]?.text ?? '');
    }
  }
}

/** Nouns that, right after a cased software name, make it the name ("Go developer", "Swift engineer", "Go backend"). */
const WORKER_AFTER = new Set([...DEVELOPER_NOUNS, 'backend', 'back-end', 'microservice', 'microservices']);

/**
 * The skills a text names, longest phrase first at each position ("react native" before "react").
 * A "translate" with no language in the same text is no translation job ("translate designs into code").
 */
export function findSkills(tokens: readonly Token[], options: FindOptions = {}): SkillHit[] {
  const { root, skills } = index();
  const hits: Array<SkillHit & { mode: Mode }> = [];
  let i = 0;
  while (i < tokens.length) {
    let node: TrieNode | undefined = root;
    const candidates: Array<{ end: number; terminals: Terminal[] }> = [];
    for (let j = i; j < tokens.length && node; j++) {
      node = node.next.get(tokens[j]!.text);
      if (node?.terminals.length) candidates.push({ end: j + 1, terminals: node.terminals });
    }
    let matched: (SkillHit & { mode: Mode }) | null = null;
    for (let c = candidates.length - 1; c >= 0 && !matched; c--) {
      const terminal = candidates[c]!.terminals.find((t) => accepts(t, tokens, i, options));
      if (terminal) matched = { skill: terminal.skill, start: i, end: candidates[c]!.end, mode: terminal.mode };
    }
    if (matched) {
      hits.push(matched);
      i = matched.end;
    } else i++;
  }
  const hasLanguage = hits.some((h) => skills.get(h.skill)?.group === LANGUAGE_GROUP);
  let texts: Set<string> | undefined;
  const otherSense = (id: string) => {
    const words = options.listed ? undefined : index().entries.get(id)?.otherSense;
    if (!words) return false;
    texts ??= new Set(tokens.map((t) => t.text));
    return words.some((w) => texts!.has(w));
  };
  return hits
    .filter((h) => (h.mode !== 'withLanguage' || hasLanguage) && !otherSense(h.skill))
    .map(({ skill, start, end }) => ({ skill, start, end }));
}

/** A free-text skill (a user's, or a marketplace tag) as vocabulary ids, or as a literal phrase when unknown. */
export interface ResolvedSkill {
  /** The text as given. */
  text: string;
  ids: string[];
  /** Lower-case tokens to match literally when the vocabulary does not know the skill. */
  literal: string[] | null;
}

const resolved = new Map<string, ResolvedSkill>();

export function resolveSkill(text: string): ResolvedSkill {
  const key = text.trim().toLowerCase();
  const cached = resolved.get(key);
  if (cached) return { ...cached, text };
  const tokens = tokenize(text);
  const ids = [...new Set(findSkills(tokens, { listed: true }).map((h) => h.skill))];
  const result: ResolvedSkill = { text, ids, literal: ids.length === 0 && tokens.length > 0 ? tokens.map((t) => t.text) : null };
  if (resolved.size > 5000) resolved.clear();
  resolved.set(key, result);
  return result;
}

/** Broader skills of a skill with their distance (Next.js → React 1, JavaScript 2). */
export function ancestors(id: string): Map<string, number> {
  const { skills } = index();
  const out = new Map<string, number>();
  let frontier = [id];
  for (let depth = 1; frontier.length > 0 && depth <= 4; depth++) {
    const next: string[] = [];
    for (const current of frontier) {
      for (const parent of skills.get(current)?.implies ?? []) {
        if (parent === id || out.has(parent)) continue;
        out.set(parent, depth);
        next.push(parent);
      }
    }
    frontier = next;
  }
  return out;
}

/** Narrower skills of a skill with their distance (React → Next.js 1). */
export function descendants(id: string): Map<string, number> {
  const { childrenOf } = index();
  const out = new Map<string, number>();
  let frontier = [id];
  for (let depth = 1; frontier.length > 0 && depth <= 3; depth++) {
    const next: string[] = [];
    for (const current of frontier) {
      for (const child of childrenOf.get(current) ?? []) {
        if (child === id || out.has(child)) continue;
        out.set(child, depth);
        next.push(child);
      }
    }
    frontier = next;
  }
  return out;
}

/** How well having skill `have` covers a job's need for `need`: 1 the same, less for related skills, 0 unrelated. */
export const COVER = {
  same: 1,
  /** You have a narrower skill (Next.js) and the job needs the broader one (React): per step. */
  narrower: 0.9,
  /** You have a skill from which this one is quickly learnt (React → Next.js, CSS → Tailwind). */
  near: 0.7,
  /** You have the broader skill (JavaScript) and the job needs a narrower one (Angular). */
  broader: 0.3,
  /** The same from a wide field (Mobile App Development → React Native): says even less. */
  broaderField: 0.15,
  related: 0.3,
} as const;

/** Every skill a set of skills covers, with how well and through which of them. */
export function coverage(have: readonly string[]): Map<string, { strength: number; via: string }> {
  const { skills, relatedTo, nearFrom } = index();
  const out = new Map<string, { strength: number; via: string }>();
  const put = (id: string, strength: number, via: string) => {
    const current = out.get(id);
    if (!current || current.strength < strength) out.set(id, { strength, via });
  };
  for (const id of have) {
    if (!skills.has(id)) continue;
    put(id, COVER.same, id);
    for (const [parent, depth] of ancestors(id)) put(parent, COVER.narrower ** depth, id);
    const broader = skills.get(id)!.broad ? COVER.broaderField : COVER.broader;
    for (const [child, depth] of descendants(id)) put(child, broader * 0.8 ** (depth - 1), id);
    for (const other of relatedTo.get(id) ?? []) put(other, COVER.related, id);
    for (const other of nearFrom.get(id) ?? []) put(other, COVER.near, id);
  }
  return out;
}

/** Phrases two skills claim in the same way (the vocabulary's own check: each spelling names one skill). */
export function phraseConflicts(): string[] {
  const out: string[] = [];
  const walk = (node: TrieNode, path: string[]) => {
    for (const mode of ['any', 'cased', 'listed', 'withLanguage'] as const) {
      const owners = new Set(node.terminals.filter((t) => t.mode === mode).map((t) => t.skill));
      if (owners.size > 1) out.push(`"${path.join(' ')}" (${mode}): ${[...owners].join(', ')}`);
    }
    for (const [text, child] of node.next) walk(child, [...path, text]);
  };
  walk(index().root, []);
  return out;
}

/**
 * How posts spell a skill, for a marketplace's text search: its name and the first other spellings
 * that are not everyday words (no "Go", no "Excel" alone), lower case ("react", "react.js", "reactjs").
 */
export function searchSpellings(id: string, max = 3): string[] {
  const entry = index().entries.get(id);
  if (!entry) return [];
  const restricted = new Set([...(entry.cased ?? []), ...(entry.listed ?? [])].map((s) => s.toLowerCase()));
  const plain: string[] = [];
  for (const spelling of [entry.name, ...(entry.aka ?? [])]) {
    if (restricted.has(spelling.toLowerCase())) continue;
    const text = spelling.toLowerCase().replace(/[()]/g, '').replace(/\s+/g, ' ').trim();
    // Two letters ("ts", "ml") find everything; so would a word repeated from the name.
    if (/^[a-z]{0,2}$/.test(text) || plain.includes(text)) continue;
    plain.push(text);
  }
  // The name, then one-word spellings (a search engine may split a phrase into words), then phrases.
  const [first, ...rest] = plain;
  return [...(first ? [first] : []), ...rest.filter((p) => !p.includes(' ')), ...rest.filter((p) => p.includes(' '))].slice(0, max);
}
