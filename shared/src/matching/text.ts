/**
 * Text as the matcher reads it: tokens that keep the punctuation skills are spelled with ("c++",
 * "c#", "node.js", ".net"), a light stemmer for ordinary words, and how telling a word is.
 */

export interface Token {
  /** Lower case, the form every lookup uses. */
  text: string;
  /** As written, for the few names matched only with their own capitals ("Go", "Swift"). */
  raw: string;
  /** The token starts a sentence (capitals there say nothing). */
  sentenceStart: boolean;
  /** A spaced dash comes before it ("Dental clinic **–** booking app"): a title's parts, as a colon would split them. */
  dashBefore?: boolean;
  /** Where the token is in the text (UTF-16 offsets), to quote the text's own words. */
  from: number;
  to: number;
}

/**
 * Words, numbers and skill spellings: "C++", "C#", "Node.js", "UI/UX" → "ui", "ux"; "front-end" → "front", "end".
 * Two single letters joined by "&" are one word ("P&C", "R&D", "Q&A"): neither letter is the C or R language.
 */
const TOKEN =
  /(?<![\p{L}\p{N}&])\p{L}&\p{L}(?![\p{L}\p{N}&])|\.?[\p{L}\p{N}](?:[\p{L}\p{N}]|[+#]+(?![\p{L}\p{N}])|\.(?=[\p{L}\p{N}]))*[+#]*/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  let start = true;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const gap = text.slice(last, match.index);
    if (/[.!?\n:;•|]/.test(gap)) start = true;
    last = match.index + raw.length;
    // A leading dot is only kept for ".net" style names, not after a word ("end.Next").
    const word = raw.startsWith('.') && match.index > 0 && /[\p{L}\p{N}]/u.test(text[match.index - 1]!) ? raw.slice(1) : raw;
    const lower = word.toLowerCase();
    const token: Token = { text: lower === '.net' ? 'dotnet' : lower, raw: word, sentenceStart: start, from: last - word.length, to: last };
    if (/\s[-–—]+\s/.test(gap)) token.dashBefore = true;
    out.push(token);
    start = false;
  }
  return out;
}

/** Lower-case token texts only. */
export const words = (text: string): string[] => tokenize(text).map((t) => t.text);

/** A mild English stemmer for ordinary words (skills are matched through the vocabulary, not stemmed). */
export function stem(word: string): string {
  if (word.length <= 3 || /[^a-z]/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return trimDouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return trimDouble(word.slice(0, -2));
  if (word.endsWith('ers') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('er') && word.length > 4) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const trimDouble = (w: string) => (/([b-df-hj-np-tv-z])\1$/.test(w) ? w.slice(0, -1) : w);

/** Words that carry no meaning for matching. */
export const STOP_WORDS = new Set(
  `a an and are as at be been but by can could do does for from had has have he her his i if in into is it its
  just me more most my no not of on or our ours out over please so some such than that the their them then there
  these they this those to too up us very was we were what when where which while who whom why will with would you
  your yours also any all each other only own same both few about after again against before below between during
  further here how once off under until above down via per etc eg ie e.g i.e`.split(/\s+/),
);

/**
 * Words every job post uses ("need", "project", "website", "experience"): they say little about
 * which job it is. Profile titles lose them; in a post they weigh little.
 */
export const GENERIC_WORDS = new Set(
  `need needed needs looking look want wanted seeking seek require required requirement requirements hire hiring
  help job jobs project projects work working task tasks role position opportunity team company business client
  clients customer customers freelancer freelancers developer developers engineer engineers expert experts
  specialist specialists professional professionals consultant person someone somebody individual candidate
  senior junior mid level lead principal experienced experience skilled skill skills knowledge good great strong
  excellent high quality fast quick quickly asap urgent urgently simple small large big new existing current
  long short term ongoing full part time hour hours hourly day days week weeks month months year years budget
  price rate fixed paid pay payment cost build building create creating make making develop developing
  development design designing designer designs implement implementation setup set get add update improve fix
  fixing support maintain maintenance using use used based able ability must should may might well best
  etc like including include includes various multiple several one two three first next last also just
  proven track record portfolio samples sample previous past similar relevant apply applying proposal proposals
  contact message reply details detail information info question questions thanks thank hello hi dear regards
  website websites site sites web app apps application applications platform platforms system systems tool tools
  service services solution solutions product products page pages online digital content data`.split(/\s+/),
);

/** How telling a word of a profile's title is when found in a post (a static prior; skills weigh by the vocabulary). */
/** The weight of everyday words of trade ("developer", "expert"): they alone do not tell a fit. */
export const GENERIC_WORD_WEIGHT = 0.25;

export function wordWeight(word: string): number {
  if (STOP_WORDS.has(word)) return 0;
  if (GENERIC_WORDS.has(word) || GENERIC_WORDS.has(stem(word))) return GENERIC_WORD_WEIGHT;
  if (word.length <= 2) return 0.3;
  return 1;
}
