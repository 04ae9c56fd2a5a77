import { marketplaceSkillIds } from './marketplace-skills.data';
import { GENERIC_WORDS, STOP_WORDS, tokenize } from './text';
import { findSkills, resolveSkill, searchSpellings, skillById } from './vocabulary';

/**
 * What to ask a marketplace for, from an agent's keywords (its title) and skills.
 *
 * Both marketplaces match every word of a plain query, and an OR query of single words finds any
 * post with any of them: "search engine optimization" split into words finds every post saying
 * "search". So the search names the skills by the marketplace's own skill ids where they are known
 * (marketplace-skills.data.ts), and otherwise by telling phrases: a skill's spellings, multi-word
 * ones kept whole, single words only when they are not everyday words ("seo" yes, "search" no).
 * Broad fields ("Web Development") are asked for only when no specific skill is named; spoken
 * languages and tools every post mentions ("English", "Git") are not search terms. When nothing
 * of the keywords or skills is known, the user's own words go as written, all to match.
 * See docs/marketplace-search.md.
 */
export interface SearchQuery {
  /** The vocabulary skills searched for, in order. */
  skills: string[];
  /** Telling phrases of every skill searched for (and of unknown skills, as written). */
  phrases: string[];
  freelancer: {
    /** `jobs[]` ids of the skills that have them. */
    jobs: number[];
    /** Phrases of the skills without a `jobs[]` id, for `query` with `or_search_query=true`. */
    phrases: string[];
  };
  upwork: {
    /** `occupationIds_any`. */
    occupations: string[];
    /** Ontology skill ids, each asked alone (`ontologySkillIds_all` needs every id sent). */
    skills: string[];
    /** Phrases of the skills with no Upwork id, for `searchTerm_eq.orTerms_any`. */
    phrases: string[];
  };
  /** The user's own words, all to match, when no phrase could be made. */
  all: string;
}

/** The most phrases one search carries (a long OR query only widens what is ranked locally). */
export const MAX_SEARCH_TERMS = 12;

/**
 * Single words that name no trade on their own: parts of skill phrases ("search engine
 * optimization", "project management", "Premiere Pro", "data entry", "motion graphics") and words
 * posts of every kind use. Beside text.ts's STOP_WORDS and GENERIC_WORDS; a phrase is never split
 * into these.
 */
export const SEARCH_STOP_WORDS = new Set(
  `search engine engines optimization optimisation management manager managers pro entry graphics graphic design
  designs development web app apps application applications online digital data video videos audio content media
  social service services solution solutions system systems software program programs programming code coding tool
  tools platform platforms site sites website websites page pages editing editor edit analysis analytics analyst
  admin administration administrative assistant virtual office writer writers writing marketing sales cloud api
  apis integration integrations automation script scripts bot bots report reports research store shop theme themes
  template templates plugin plugins mobile desktop form forms photo photos image images document documents file
  files account accounts social network networking technical general basic advanced custom modern professional`.split(/\s+/),
);

/** A single word that says which trade a post is in (not "search", "pro", "development", "ts"). */
export function tellingWord(word: string): boolean {
  const w = word.toLowerCase();
  return !/^([\p{L}]{0,2}|\d+)$/u.test(w) && !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w) && !SEARCH_STOP_WORDS.has(w);
}

/**
 * A skill's spelling as a search term: a single word must be telling itself; a phrase is telling as
 * a whole ("data entry", "web design"), being a skill's name, unless it is only stop words.
 */
export function tellingTerm(term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  if (words.length > 1) return words.some((w) => !STOP_WORDS.has(w));
  return tellingWord(words[0]!);
}

/** Skills the query leaves out: spoken languages and tools posts mention in passing ("fluent English", "Git"). */
function incidental(id: string): boolean {
  const skill = skillById(id);
  return !skill || (skill.weak && !skill.work);
}

export function searchQuery(title: string, skills: readonly string[] = []): SearchQuery {
  const found: string[] = [];
  const literals: string[] = [];
  // The keywords are the user's own: names that are everyday words count ("Go developer").
  for (const hit of findSkills(tokenize(title), { listed: true })) if (!found.includes(hit.skill)) found.push(hit.skill);
  for (const skill of skills) {
    const resolved = resolveSkill(skill);
    for (const id of resolved.ids) if (!found.includes(id)) found.push(id);
    if (resolved.literal) {
      // An unknown skill as written, less its everyday words; kept whole ("basket weaving").
      const words = resolved.literal.filter((w) => !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w));
      const phrase = words.join(' ');
      if (words.length > 0 && tellingTerm(phrase) && !literals.includes(phrase)) literals.push(phrase);
    }
  }
  const wanted = found.filter((id) => !incidental(id));
  const specific = wanted.filter((id) => !skillById(id)!.broad);
  const chosen = specific.length > 0 ? specific : wanted;

  const spellingsOf = new Map(chosen.map((id) => [id, spellingsOfSkill(id)]));
  const phrasesFor = (ids: readonly string[], extra: readonly string[]) =>
    roundRobin([...ids.map((id) => spellingsOf.get(id)!), ...extra.map((l) => [l])]);

  const freelancerIds = (id: string) => marketplaceSkillIds(id).freelancer ?? [];
  const upworkIds = (id: string) => marketplaceSkillIds(id);
  const withoutFreelancer = chosen.filter((id) => freelancerIds(id).length === 0);
  const withoutUpwork = chosen.filter((id) => !upworkIds(id).upworkOccupations?.length && !upworkIds(id).upworkSkills?.length);
  return {
    skills: chosen,
    phrases: phrasesFor(chosen, literals),
    freelancer: { jobs: unique(chosen.flatMap(freelancerIds)), phrases: phrasesFor(withoutFreelancer, literals) },
    upwork: {
      occupations: unique(chosen.flatMap((id) => upworkIds(id).upworkOccupations ?? [])),
      skills: unique(chosen.flatMap((id) => upworkIds(id).upworkSkills ?? [])),
      phrases: phrasesFor(withoutUpwork, literals),
    },
    all: title.trim(),
  };
}

/**
 * Up to three telling spellings of a skill, in the vocabulary's order; a phrase that holds a shorter
 * spelling gives way to it, since a post with "cold email outreach" says "cold email" too
 * ("shopify store" → "shopify").
 */
function spellingsOfSkill(id: string): string[] {
  const telling = searchSpellings(id, 8).filter(tellingTerm);
  const holds = (long: string, short: string) => long !== short && ` ${long} `.includes(` ${short} `);
  const shortest = (term: string) => telling.filter((other) => holds(term, other)).sort((a, b) => a.length - b.length)[0] ?? term;
  return unique(telling.map(shortest)).slice(0, 3);
}

/** Every list gets its first term in before any gets a second, up to MAX_SEARCH_TERMS. */
function roundRobin(lists: ReadonlyArray<readonly string[]>): string[] {
  const out: string[] = [];
  for (let round = 0; out.length < MAX_SEARCH_TERMS && lists.some((l) => l.length > round); round++) {
    for (const list of lists) {
      const term = list[round];
      if (term && !out.includes(term) && out.length < MAX_SEARCH_TERMS) out.push(term);
    }
  }
  return out;
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
