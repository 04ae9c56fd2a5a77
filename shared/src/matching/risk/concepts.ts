import type { RiskFlag } from '../../schemas/job';
import { CONCEPT_RULES, type ConceptRule } from './concepts.data';
import { CONCEPT_RULES_I18N } from './concepts.i18n.data';
import { BROAD_RULES } from './concepts.broad.data';
import { NEGATIONS, type PhraseCode } from './phrases.data';
import { GateIndex, gateOf as wordGate } from './gate';
import { lowerPattern, lowerSource, once } from './pattern';
import type { Post } from './post';
import { clauseBefore, quoteAround, sentenceEnd, sentenceStart } from './quote';

/**
 * The concept rules (concepts.data.ts, and concepts.i18n.data.ts for the other languages) on one post: each concept's hits are found once per post
 * (concepts are shared by rules), and a rule fires on the first sentence where its first concept
 * stands unnegated with every other concept beside it and no excuse.
 */

type Concept = readonly string[];

const compiled = new Map<Concept, RegExp>();
/**
 * A concept's words as one pattern on the lower-cased post. The rules are English: JavaScript's
 * own ASCII `\b` serves, and keeps V8's fast scan (the any-script boundary of pattern.ts costs a
 * lookbehind at every position, a hundred times the time).
 */
const patternOf = (concept: Concept): RegExp => {
  let pattern = compiled.get(concept);
  if (!pattern) compiled.set(concept, (pattern = new RegExp(lowerSource(concept.map((source) => `(?:${source})`).join('|')), 'gu')));
  return pattern;
};

const negation = lowerPattern(NEGATIONS.en!);

type Hits = ReadonlyArray<readonly [index: number, length: number]>;

/**
 * Each concept's gate (gate.ts: the words it cannot match without), one index over them all: a
 * concept whose words are not in the post does not run (most do not, on most posts).
 */
const conceptGates = once(() => {
  const concepts = [
    ...new Set(
      ALL_RULES.flatMap((rule) => [...rule.all, ...(rule.unless ? [rule.unless] : []), ...(rule.unlessInPost ? [rule.unlessInPost] : [])]),
    ),
  ];
  const slot = new Map(concepts.map((concept, i) => [concept, i]));
  const index = new GateIndex(concepts.map((concept) => wordGate(lowerSource(concept.map((source) => `(?:${source})`).join('|')))));
  return { slot, index };
});

const NONE: Hits = [];

function hitsOf(concept: Concept, lower: string, cache: Map<Concept, Hits>, open?: readonly boolean[]): Hits {
  let hits = cache.get(concept);
  if (hits) return hits;
  if (open && open[conceptGates().slot.get(concept)!] === false) {
    cache.set(concept, NONE);
    return NONE;
  }
  const pattern = patternOf(concept);
  const found: Array<readonly [number, number]> = [];
  pattern.lastIndex = 0;
  for (let hit = pattern.exec(lower); hit; hit = pattern.exec(lower)) {
    if (hit[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    found.push([hit.index, hit[0].length]);
  }
  cache.set(concept, (hits = found));
  return hits;
}

const within = (hits: Hits, from: number, to: number) => hits.some(([index, length]) => index >= from && index + length <= to);

function fire(rule: ConceptRule, post: Post, cache: Map<Concept, Hits>, open: readonly boolean[]): RiskFlag | null {
  const { text, lower } = post;
  const all: Hits[] = [];
  for (const concept of rule.all) {
    const hits = hitsOf(concept, lower, cache, open);
    if (hits.length === 0) return null;
    all.push(hits);
  }
  if (rule.unlessInPost && hitsOf(rule.unlessInPost, lower, cache, open).length > 0) return null;
  const excuses = rule.unless ? hitsOf(rule.unless, lower, cache, open) : [];
  for (const [index, length] of all[0]!) {
    if (negation.test(clauseBefore(lower, index))) continue;
    const from = rule.post ? 0 : rule.window ? Math.max(0, index - rule.window) : sentenceStart(lower, index);
    const to = rule.post
      ? lower.length
      : rule.window
        ? Math.min(lower.length, index + length + rule.window)
        : sentenceEnd(lower, index + length);
    if (!all.every((hits) => within(hits, from, to))) continue;
    if (within(excuses, from, to)) continue;
    return { code: rule.code, quote: quoteAround(text, index, length) };
  }
  return null;
}

/** The red flags the concept rules raise that the phrases did not (`found`: codes already flagged). */
const ALL_RULES: readonly ConceptRule[] = [...CONCEPT_RULES, ...CONCEPT_RULES_I18N, ...BROAD_RULES];
const gates = new Map<string, RegExp>();
const gateOf = (source: string): RegExp => {
  let pattern = gates.get(source);
  if (!pattern) gates.set(source, (pattern = new RegExp(lowerSource(source), 'u')));
  return pattern;
};

export function conceptFlags(post: Post, found: ReadonlySet<PhraseCode> = new Set()): RiskFlag[] {
  const cache = new Map<Concept, Hits>();
  const gated = conceptGates().index.open(post.prefixes);
  const open = new Map<string, boolean>();
  const flags = new Map<PhraseCode, RiskFlag>();
  for (const rule of ALL_RULES) {
    if (found.has(rule.code) || flags.has(rule.code)) continue;
    if (rule.gate !== undefined) {
      let pass = open.get(rule.gate);
      if (pass === undefined) open.set(rule.gate, (pass = gateOf(rule.gate).test(post.lower)));
      if (!pass) continue;
    }
    const flag = fire(rule, post, cache, gated);
    if (flag) flags.set(rule.code, flag);
  }
  return [...flags.values()];
}
