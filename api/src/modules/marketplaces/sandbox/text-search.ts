/**
 * Text search the way the marketplaces describe theirs: whole words, not substrings ("java" does
 * not find "JavaScript"; "react" finds "React.js", whose words are "react" and "js"), and quoted or
 * multi-word terms as phrases.
 */

export interface SearchText {
  words: string[];
  set: ReadonlySet<string>;
}

/** Lower-case words: letters and digits, keeping "c++" and "c#"; dots and dashes split. */
export function searchWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .map((w) => w.replace(/^[+#]+/, ''))
    .filter(Boolean);
}

export function searchText(text: string): SearchText {
  const words = searchWordsOf(text);
  return { words, set: new Set(words) };
}

/**
 * A term's words, kept: a search asks the same few terms of every project in the catalogue, and
 * splitting the term again for each was most of a search's time.
 */
const termWords = new Map<string, string[]>();
const TERMS_KEPT = 1000;

function wordsOfTerm(term: string): string[] {
  let words = termWords.get(term);
  if (!words) {
    if (termWords.size >= TERMS_KEPT) termWords.clear();
    words = searchWordsOf(term);
    termWords.set(term, words);
  }
  return words;
}

/** Whether the text holds the term: one word, or its words in a row. */
export function hasTerm(text: SearchText, term: string): boolean {
  const parts = wordsOfTerm(term);
  if (parts.length === 0) return false;
  if (!parts.every((p) => text.set.has(p))) return false;
  if (parts.length === 1) return true;
  for (let i = 0; i + parts.length <= text.words.length; i++) {
    if (parts.every((p, j) => text.words[i + j] === p)) return true;
  }
  return false;
}

/**
 * Where each word occurs in a list of texts, built once per list: a search asks it which texts hold
 * all of a term's words and checks only those with `hasTerm` (the phrase order), instead of asking
 * every text of the catalogue.
 */
export class WordIndex {
  private readonly positions = new Map<string, number[]>();

  constructor(texts: readonly SearchText[]) {
    texts.forEach((text, position) => {
      for (const word of text.set) {
        const list = this.positions.get(word);
        if (list) list.push(position);
        else this.positions.set(word, [position]);
      }
    });
  }

  /** Positions of the texts holding every word of `term` (ascending): those that may hold the term. */
  withWordsOf(term: string): number[] {
    const parts = wordsOfTerm(term);
    if (parts.length === 0) return [];
    return combinePositions(
      parts.map((part) => this.positions.get(part) ?? []),
      true,
    );
  }
}

/** The positions, ascending, in every one of the lists (`all`) or in any of them. */
export function combinePositions(lists: number[][], all: boolean): number[] {
  if (lists.length === 0) return [];
  if (all) {
    // The shortest list walked, the others looked up.
    const [shortest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
    const sets = rest.map((list) => new Set(list));
    return shortest!.filter((position) => sets.every((set) => set.has(position)));
  }
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}
