/** Sentences and quotes of a post: where a hit's sentence and clause start, and the words to show. */

const SENTENCE_END = /[.!?\n。！？；;।]/u;
const CLAUSE_END = /[.!?\n。！？；;:,，、()।]/u;
const QUOTE_MAX = 120;
const CONTEXT = 30;

/** Start of the sentence holding `index` (a full stop inside "Node.js" or "$1.50" does not end one). */
export function sentenceStart(text: string, index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    const c = text[i]!;
    if (SENTENCE_END.test(c) && !(c === '.' && /\S/u.test(text[i + 1] ?? ' '))) return i + 1;
  }
  return 0;
}

export function sentenceEnd(text: string, index: number): number {
  for (let i = index; i < text.length; i++) {
    const c = text[i]!;
    if (SENTENCE_END.test(c) && !(c === '.' && /\S/u.test(text[i + 1] ?? ' '))) return i;
  }
  return text.length;
}

/**
 * The clause before `index`, at most `max` characters (what a negation must sit in); `ends` are the
 * characters that end one (a list's clause runs over its commas).
 */
export function clauseBefore(text: string, index: number, max = 40, ends: RegExp = CLAUSE_END): string {
  const from = Math.max(0, index - max);
  let start = from;
  for (let i = index - 1; i >= from; i--) {
    if (ends.test(text[i]!)) {
      start = i + 1;
      break;
    }
  }
  return text.slice(start, index);
}

/** The words that matched with a little of their sentence around them, cut at whole words. */
export function quoteAround(text: string, index: number, length: number): string {
  const lo = sentenceStart(text, index);
  const hi = sentenceEnd(text, index + length);
  let start = Math.max(lo, index - CONTEXT);
  let end = Math.min(hi, index + length + CONTEXT);
  if (start > lo) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < index) start = space + 1;
  }
  if (end < hi) {
    const space = text.lastIndexOf(' ', end);
    if (space >= index + length) end = space;
  }
  let quote = text.slice(start, end).replace(/\s+/gu, ' ').trim();
  if (quote.length > QUOTE_MAX) quote = `${quote.slice(0, QUOTE_MAX - 1)}…`;
  return quote;
}
