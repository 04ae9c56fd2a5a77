import type { LetterProblem, ScreeningAnswer } from '../schemas/letter';
import { MARKETPLACES, type Platform } from '../marketplaces';
import { compileProfile } from '../matching/profile';
import { tokenize } from '../matching/text';
import { findSkills, skillById } from '../matching/vocabulary';
import { detectLanguage } from './language';
import { offPlatformOffer } from './off-platform';
import { answers, answersScreening, type PostQuestion } from './questions';

/**
 * The check every letter passes before it may go out without a person's tap, whoever wrote it (a
 * model, the offline writer, the user's editor): pure and explained, one problem per broken rule with
 * the words that broke it. A letter with problems is kept as a draft with its reasons.
 */
export interface LetterCheckInput {
  letter: string;
  platform: Platform;
  post: { title: string; description: string; skills?: readonly string[] };
  /** The post's questions (`extractQuestions`). */
  questions?: readonly PostQuestion[];
  /** The language the letter must be in (the agent's setting); by default the post's. */
  language?: string | null;
  /** The freelancer's skills: a letter claiming a skill outside them fails. */
  profileSkills?: readonly string[];
  /** Links the freelancer may share (their own portfolio and profile links). */
  allowedLinks?: readonly string[];
  /** The user's recent letters, for the similarity guard. */
  recentLetters?: readonly string[];
  /**
   * Lines of the post addressed to an AI (`instructionsToAi`): the letter may have followed one, so a
   * person reads it before it goes out.
   */
  injected?: readonly string[];
  /** Upwork: the screening answers going out beside the letter (each must answer its question, and be clean). */
  screening?: readonly ScreeningAnswer[];
}

export interface LetterCheck {
  ok: boolean;
  problems: LetterProblem[];
}

const MIN_LETTER = 40;
const OPENING = 300;
/** Two letters sharing this much of their word triples are one letter sent twice. */
const NEAR_COPY = 0.75;

const MARKDOWN: Array<[RegExp, string]> = [
  [/\*\*[^*\n]+\*\*/, 'bold'],
  [/__[^_\n]+__/, 'bold'],
  [/^#{1,6}\s/m, 'heading'],
  [/\[[^\]\n]+\]\([^)\s]+\)/, 'link'],
  [/`[^`\n]+`/, 'code'],
  [/^\s*\*\s+\S/m, 'bullet'],
];

const PLACEHOLDERS = [
  /\{\{?\s*[\p{L}_ ]+\s*\}?\}/u,
  /\[(?:your|client|company|insert|name|link|portfolio|project|x{2,}|…|\.\.\.)[^\]\n]{0,40}\]/iu,
  /<(?:your|client|insert|name|company)[^>\n]{0,40}>/iu,
  /\bX{3,}\b/,
];

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[a-z]{2,}/iu;
/** A run of digits written as a phone number: a leading + or two separators, 9 to 15 digits (not an id, an amount or a date). */
const PHONE_CANDIDATE = /(?<![\w$€£₦.,/-])\+?\(?\d[\d ().-]{7,20}\d(?![\w%/])/gu;
function phoneIn(text: string): string | undefined {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const run = match[0];
    const digits = run.replace(/\D/g, '').length;
    const separators = (run.match(/[ ().-]/g) ?? []).length;
    if (digits < 9 || digits > 15) continue;
    if (/^\d{4}-\d{2}-\d{2}/.test(run)) continue;
    if (run.startsWith('+') || separators >= 2) return run.trim();
  }
  return undefined;
}
const MESSENGER =
  /\b(?:whats ?app|telegram|skype|wechat|viber|signal|discord|line)\b\s*(?::|@|\+|\d|id\b|handle\b|number\b|me\b)|\b(?:contact|reach|message|text|call|add|email|find) me (?:on|at|via|through|directly)\b/iu;
const URL = /\bhttps?:\/\/[^\s)>\]]+|\bwww\.[^\s)>\]]+/giu;

const FILLER = new Set(
  'this that with from your have what will would need needs looking for the and our you are job post project help'.split(' '),
);

function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) out.add(words.slice(i, i + 3).join(' '));
  return out;
}

export function similarity(a: string, b: string): number {
  const x = shingles(a);
  const y = shingles(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const s of x) if (y.has(s)) shared++;
  return shared / Math.min(x.size, y.size);
}

const CLIENTS = new Set(['your', 'you', "you're", 'their', 'its', 'the client', "client's"]);

const stemOf = (word: string) => (word.length > 5 ? word.slice(0, Math.max(4, word.length - 3)) : word);

/** Does the opening name the post: a telling word of its title or one of its skills? */
function opensOnThePost(letter: string, post: LetterCheckInput['post']): boolean {
  // The greeting and the first paragraph: "Hi Ana," alone is not the opening.
  const paragraphs = letter.split(/\n{2,}/);
  const first = paragraphs[0]!.length < 30 ? paragraphs.slice(0, 2).join(' ') : paragraphs[0]!;
  const opening = first.slice(0, OPENING).toLowerCase();
  const titleWords = (post.title.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.-]*/gu) ?? []).filter(
    (w) => w.length >= 4 && !FILLER.has(w),
  );
  const terms = [...titleWords.map(stemOf), ...(post.skills ?? []).map((s) => s.toLowerCase())];
  return terms.length === 0 || terms.some((t) => opening.includes(t));
}

const AMOUNT = /^\p{Nd}[\p{Nd},.]*$/u;

/** A three-letter code written in capitals beside an amount is a currency ("190 CAD", "CAD 190"), not a skill. */
function isAmountCurrency(tokens: ReturnType<typeof tokenize>, hit: { start: number; end: number }): boolean {
  if (hit.end - hit.start !== 1 || !/^[A-Z]{3}$/.test(tokens[hit.start]!.raw)) return false;
  return [tokens[hit.start - 1], tokens[hit.end]].some((t) => t !== undefined && AMOUNT.test(t.raw));
}

/** Skills the letter claims in the first person that the freelancer's skills do not cover. */
function unclaimedSkills(letter: string, profileSkills: readonly string[]): string[] {
  if (profileSkills.length === 0) return [];
  const cover = compileProfile({ skills: [...profileSkills] }).cover;
  const out = new Set<string>();
  // Quoted words (the post's title, the client's question) are the client's, not a claim.
  const unquoted = letter.replace(/"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|„[^“\n]*“/gu, '""');
  for (const sentence of unquoted.split(/(?<=[.!?])\s+|\n+/)) {
    // Only English first-person claims are read; a denial ("I have not used X") claims nothing.
    if (!/\b(?:i|i've|i'm|my|me)\b/i.test(sentence) || /\b(?:not|never|no|haven't|don't|didn't|new to|learning)\b/i.test(sentence))
      continue;
    const tokens = tokenize(sentence);
    for (const hit of findSkills(tokens)) {
      // "your Shopify stores" names the client's tools, not the freelancer's.
      if (tokens.slice(Math.max(0, hit.start - 3), hit.start).some((t) => CLIENTS.has(t.text))) continue;
      if (isAmountCurrency(tokens, hit)) continue;
      const skill = skillById(hit.skill);
      if (!skill || skill.broad || skill.weak) continue;
      if ((cover.get(hit.skill)?.strength ?? 0) >= 0.5) continue;
      out.add(skill.name);
    }
  }
  return [...out];
}

/** An email address, a messenger handle, a phone number or a link that is not the freelancer's own. */
function contactIn(text: string, allowed: readonly string[]): string | undefined {
  const strayLink = (text.match(URL) ?? []).find((url) => {
    const bare = url
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/[/.,]+$/, '');
    return !allowed.some((a) => a && bare.startsWith(a));
  });
  return text.match(EMAIL)?.[0] ?? text.match(MESSENGER)?.[0] ?? phoneIn(text) ?? strayLink;
}

export function checkLetter(input: LetterCheckInput): LetterCheck {
  const problems: LetterProblem[] = [];
  const letter = input.letter.trim();
  if (letter.length < MIN_LETTER) problems.push({ code: 'empty' });
  const limit = MARKETPLACES[input.platform].letterMax;
  if (letter.length > limit) problems.push({ code: 'tooLong', length: letter.length, limit });
  const markdown = MARKDOWN.find(([pattern]) => pattern.test(letter));
  if (markdown) problems.push({ code: 'markdown', words: letter.match(markdown[0])![0].trim().slice(0, 60) });
  const placeholder = PLACEHOLDERS.map((p) => letter.match(p)?.[0]).find(Boolean);
  if (placeholder) problems.push({ code: 'placeholder', words: placeholder });
  const allowed = (input.allowedLinks ?? []).map((l) =>
    l
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/$/, ''),
  );
  const contact = contactIn(letter, allowed) ?? (input.screening ?? []).map((a) => contactIn(a.answer, allowed)).find(Boolean);
  if (contact) problems.push({ code: 'contactDetails', words: contact });
  const outside = offPlatformOffer(letter) ?? (input.screening ?? []).map((a) => offPlatformOffer(a.answer)).find(Boolean);
  if (outside) problems.push({ code: 'offPlatform', words: outside });
  if (letter.length >= MIN_LETTER && !opensOnThePost(letter, input.post)) problems.push({ code: 'noOpeningReference' });
  for (const question of input.questions ?? []) if (!answers(letter, question)) problems.push({ code: 'unanswered', words: question.text });
  // A screening answer is read beside its own question: empty, said back or put off, it answers nothing.
  for (const { question, answer } of input.screening ?? [])
    if (!answersScreening(question, answer)) problems.push({ code: 'screeningUnanswered', words: question });
  const wanted = input.language ?? detectLanguage(`${input.post.title}\n${input.post.description}`);
  const written = detectLanguage(letter);
  if (wanted && written && wanted !== written) problems.push({ code: 'wrongLanguage', expected: wanted, found: written });
  for (const skill of unclaimedSkills(letter, input.profileSkills ?? [])) problems.push({ code: 'unclaimedSkill', words: skill });
  const copies = Math.max(0, ...(input.recentLetters ?? []).map((other) => similarity(letter, other)));
  if (copies >= NEAR_COPY) problems.push({ code: 'nearCopy', percent: Math.round(copies * 100) });
  for (const line of input.injected ?? []) problems.push({ code: 'instructionsInPost', words: line.slice(0, 200) });
  return { ok: problems.length === 0, problems };
}
