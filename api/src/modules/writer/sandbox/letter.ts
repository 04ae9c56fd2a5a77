import { detectLanguage, type TextLanguage } from '@shared/letters/language';
import { trimKeepingClose } from '@shared/letters/plain';
import { POST_END, POST_START, readFacts, SCREENING_MARKER } from '../messages';
import { PHRASES, type Phrasebook } from './phrases';

/**
 * The offline writer: a plain, honest cover letter built from the request alone (the reference
 * facts of the system message, the filled prompt and the quoted post), in the post's language (or
 * the one asked for), answering the post's questions from the facts it has and saying honestly what
 * it would confirm otherwise. The same request gives the same letter; different posts get different
 * wordings. Its letters are always drafts for the user to review: the runner never sends them alone.
 */

const splitList = (value: string | undefined, separator = ',') =>
  (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

const joinAnd = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;

/** A line of the prompt such as "- Overview: …" or "Name: …". */
function promptField(prompt: string, label: string): string {
  const match = prompt.match(new RegExp(`^[-*•\\s]*${label}:[ \\t]*(.+)$`, 'im'));
  return match?.[1]?.trim() ?? '';
}

const sentence = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  const one = end > 0 ? flat.slice(0, end + 1) : flat;
  return one.length > max ? `${one.slice(0, max - 1).trimEnd()}…` : one;
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** A stable choice among variants, different per post and per slot. */
function pick<T>(variants: readonly T[], seed: number, slot: number): T {
  let mixed = Math.imul(seed ^ Math.imul(slot + 1, 0x9e3779b9), 0x85ebca6b) >>> 0;
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35) >>> 0;
  mixed ^= mixed >>> 16;
  return variants[(mixed >>> 0) % variants.length]!;
}

function seedOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash;
}

const ASKS_PRICE =
  /(?<!\p{L})(?:price|rate|cost|budget|quote|how much|fee|tarifa|precio|cu[aá]nto|prix|tarif|combien|preço|valor|quanto|preis|kosten|harga|biaya|цен|стоимост|ставк|سعر|价格|报价|कीमत|মূল্য)/iu;
const ASKS_TOOLS =
  /(?<!\p{L})(?:which|what) (?:software|tools?|stack|platform|program|apps?|language)|(?:software|herramienta|logiciel|outil|ferramenta|werkzeug|perangkat lunak|программ|инструмент|برنامج|أداة|软件|工具|सॉफ़्टवेयर|সফটওয়্যার)/iu;
const ASKS_EXPERIENCE =
  /(?<!\p{L})(?:similar|experience|portfolio|examples?|past work|done before|experiencia|expérience|experiência|erfahrung|pengalaman|опыт|خبرة|经验|अनुभव|অভিজ্ঞতা)/iu;

function answer(question: string, book: Phrasebook, facts: { price: string; skills: string[]; overview: string; proof: string }): string {
  const q = sentence(question, 120);
  if (ASKS_PRICE.test(question))
    return facts.price ? fill(book.answerPrice, { price: facts.price }) : fill(book.answerUnknown, { question: q });
  if (ASKS_TOOLS.test(question) && facts.skills.length > 0)
    return fill(book.answerTools, { question: q, skills: joinAnd(facts.skills.slice(0, 4), book.and) });
  // A similar project asked for: the user's own proof first, their overview otherwise.
  const experience = facts.proof || facts.overview;
  if (ASKS_EXPERIENCE.test(question) && experience) return fill(book.answerExperience, { question: q, overview: experience });
  return fill(book.answerUnknown, { question: q });
}

/** The client's post as the request quotes it, or what the facts give of it. */
function quotedPost(prompt: string): string {
  const start = prompt.indexOf(POST_START);
  const end = prompt.indexOf(POST_END, start);
  return start >= 0 && end > start ? prompt.slice(start + POST_START.length, end).trim() : '';
}

function letterLanguage(asked: string | undefined, post: string): TextLanguage {
  const code = asked?.toLowerCase().split('-')[0];
  if (code && code in PHRASES) return code as TextLanguage;
  return detectLanguage(post) ?? 'en';
}

export function offlineLetter(system: string, prompt: string, maxChars: number): string {
  const facts = readFacts(system);
  const post = quotedPost(prompt) || `${facts.jobTitle ?? ''}\n${facts.jobSummary ?? ''}`;
  const book = PHRASES[letterLanguage(facts.language, post)];
  const haystack = `${facts.jobTitle ?? ''} ${post}`.toLowerCase();
  const mentions = (skill: string) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${skill.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
  const skills = splitList(facts.skills ?? promptField(prompt, 'Skills'));
  const jobSkills = splitList(facts.jobSkills).map((s) => s.toLowerCase());
  const matched = skills.filter((skill) => jobSkills.includes(skill.toLowerCase()) || mentions(skill));
  // The facts block says what is known; the prompt's own lines are read only without one.
  const known = Object.keys(facts).length > 0;
  const name = facts.freelancer ?? (known ? '' : (promptField(prompt, 'Name').split(',')[0]?.trim() ?? ''));
  const overview = facts.overview ?? (known ? '' : sentence(promptField(prompt, 'Overview'), 240));
  const title = facts.jobTitle ?? '';
  const price = facts.price ?? '';
  const questions = splitList(facts.questions, ' | ');
  const proofs = splitList(facts.proofs, ' | ');
  const seed = seedOf(`${title}\n${post}`);

  const paragraphs: string[] = [];
  paragraphs.push(facts.client ? fill(book.helloClient, { client: facts.client }) : book.hello);
  const shown = (matched.length > 0 ? matched : skills).slice(0, 4);
  if (title)
    paragraphs.push(fill(pick(shown.length > 0 ? book.openingSkills : book.opening, seed, 0), { title, skills: joinAnd(shown, book.and) }));
  // The post's first sentence, quoted back: what this letter starts from, and what sets it apart from the last one.
  const body = post.replace(/^Title:[^\n]*\n+/, '').trim();
  const detail = body ? sentence(body, 160).replace(/["“”«»„]/g, "'") : '';
  if (detail) paragraphs.push(fill(book.brief, { quote: detail }));
  const tools = [...matched, ...skills.filter((skill) => !matched.includes(skill))].slice(0, 4);
  const answers = questions.map((q) => answer(q, book, { price, skills: tools, overview, proof: proofs[0] ?? '' }));
  if (answers.length > 0) paragraphs.push(answers.join('\n'));
  // The proof picked for this job, as the user wrote it (once: an answer may already have cited it).
  const proof = proofs.find((p) => !answers.some((a) => a.includes(p)));
  if (proof) paragraphs.push(fill(book.proof, { proof }));
  paragraphs.push(pick(book.approach, seed, 1));
  if (overview && !answers.some((a) => a.includes(overview))) paragraphs.push(fill(book.about, { overview }));
  if (price && !questions.some((q) => ASKS_PRICE.test(q))) paragraphs.push(fill(book.price, { price }));
  paragraphs.push(pick(book.closing, seed, 2));
  paragraphs.push(name ? `${book.signOff},\n${name}` : book.signOff);
  const letter = trimKeepingClose(paragraphs.join('\n\n'), maxChars);
  // Upwork's screening questions: answered below the marker, one numbered line each, as a model is asked to.
  const screening = splitList(facts.screening, ' | ');
  if (screening.length === 0) return letter;
  const facts2 = { price, skills: tools, overview, proof: proofs[0] ?? '' };
  return [letter, SCREENING_MARKER, ...screening.map((q, i) => `${i + 1}. ${answer(q, book, facts2)}`)].join('\n\n');
}
