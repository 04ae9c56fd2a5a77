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
