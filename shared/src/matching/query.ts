import { GENERIC_WORDS, STOP_WORDS, tokenize } from './text';
import { findSkills, resolveSkill, searchSpellings } from './vocabulary';

/**
 * What to ask a marketplace for, from an agent's keywords and skills. Both marketplaces match every
 * word of a plain query (Freelancer.com's `query` unless `or_search_query=true`; Upwork's
 * `searchExpression_eq`), so "Senior React and TypeScript front-end engineer" finds nothing. When
 * the keywords or skills name skills, ask for any of their spellings instead and rank locally;
 * otherwise keep the user's own words, all of them, as the marketplace matches them.
 * See docs/marketplace-search.md.
 */
export interface SearchTerms {
  /** Spellings of the skills asked for: a job naming any one of them is found. Empty: use `all`. */
  any: string[];
  /** The same as single words, for a search that splits its query on spaces (Freelancer.com). */
  words: string[];
  /** The user's own words, all to match, when no skill is named. */
  all: string;
}

/** The most terms one search carries (a long OR query only widens the page ranked locally). */
export const MAX_SEARCH_TERMS = 12;

export function searchTerms(title: string, skills: readonly string[] = []): SearchTerms {
  const ids: string[] = [];
  const literals: string[] = [];
  // The keywords are the user's own: names that are everyday words count ("Go developer").
  for (const hit of findSkills(tokenize(title), { listed: true })) if (!ids.includes(hit.skill)) ids.push(hit.skill);
  for (const skill of skills) {
    const resolved = resolveSkill(skill);
    for (const id of resolved.ids) if (!ids.includes(id)) ids.push(id);
    if (resolved.literal) {
      const words = resolved.literal.filter((w) => !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w));
      if (words.length > 0 && !literals.includes(words.join(' '))) literals.push(words.join(' '));
    }
  }
  const any: string[] = [];
  // Round-robin over the skills: every skill gets its name in before any gets a second spelling.
  const spellings = ids.map((id) => searchSpellings(id));
  for (let round = 0; any.length < MAX_SEARCH_TERMS && spellings.some((s) => s.length > round); round++) {
    for (const list of spellings) {
      const term = list[round];
      if (term && !any.includes(term) && any.length < MAX_SEARCH_TERMS) any.push(term);
    }
  }
  for (const literal of literals) if (any.length < MAX_SEARCH_TERMS && !any.includes(literal)) any.push(literal);
  // Words: each skill's name (its words when a phrase: "node.js" gives "node"), then its one-word spellings; literal skills' words.
  const perSkill = spellings.map((list) => [...(list[0]?.split(/[ .]/) ?? []), ...list.slice(1).filter((term) => !/[ .]/.test(term))]);
  const words: string[] = [];
  for (let round = 0; words.length < MAX_SEARCH_TERMS && perSkill.some((l) => l.length > round); round++) {
    for (const list of perSkill) {
      const word = list[round];
      if (word && usefulWord(word) && !words.includes(word) && words.length < MAX_SEARCH_TERMS) words.push(word);
    }
  }
  for (const word of literals.flatMap((l) => l.split(' ')))
    if (usefulWord(word) && !words.includes(word) && words.length < MAX_SEARCH_TERMS) words.push(word);
  return { any, words, all: title.trim() };
}

/** Two letters, a number or a common word would find every post. */
const usefulWord = (word: string) => !/^([a-z]{0,2}|\d+)$/.test(word) && !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word);
