import { RISK_CODES, type RiskFlag } from '../../schemas/job';
import { LEARNED_MODEL, SCOPE_MODEL } from './learned.model';
import { once } from './pattern';
import type { PhraseCode } from './phrases.data';
import type { Post } from './post';
import { quoteAround } from './quote';

/**
 * The learned reading of a post: a logistic model over its words and word pairs (trained by
 * `scripts/train-risk-model.ts` on `bench/matching/risk-corpus/` and the tuning set's labelled jobs,
 * never on a held-out set), that says how much a post reads like scam or forbidden work, and which
 * family. The rules (phrases, concepts) name what they found; this reads what they have no words
 * for, in any of the languages the corpus holds. A post it reads as likely (at or above the
 * threshold the trainer chose by cross-validation) is flagged with the family it reads most like,
 * `likely: true`, and the words that weighed most: held for the user, never sent on its own.
 */

/** The families a post can read like: every red-flag code but those numbers or the client raise (their order is the model's). */
const NOT_READ = ['scopeOverBudget', 'pricePerItemLow', 'clientRisk'] as const;
export const FAMILIES = RISK_CODES.filter((code): code is PhraseCode => !(NOT_READ as readonly string[]).includes(code));
export type Family = PhraseCode;

/** A feature and where the post says it (for the quote). */
export interface Feature {
  key: string;
  index: number;
  length: number;
}

const WORD = /[\p{L}\p{M}\p{N}']+|[$€£₹₦₽৳]\s?\d[\d.,]*/gu;
const HAN = /\p{Script=Han}/u;
const MONEY = /^[$€£₹₦₽৳]/u;

/**
 * Words that say how a post is written, not what it asks (the most common words of each language the
 * corpus holds): alone they are no feature, and a pair of two of them is none either, so the model
 * learns what is asked for rather than a writer's style.
 */
const STOP = new Set(
  (
    'a an the and or but so as of to in on at by for with from into over is are was were be been being am it its this that these those ' +
    'i me my we our us you your yours he she they them their his her him there here what which who whom will would can could should shall ' +
    'may might must do does did done have has had not no yes if then than too very also just only about up out more most some any all ' +
    "each both other such own same again once i'm i'll i've we're we'll we've you'll you're it's that's don't doesn't won't can't isn't " +
    'de la que el en y los del se las por un una para con no su al lo como más mas pero sus le ya o este esta es muy sin sobre también ' +
    'me hasta hay donde desde todo nos les ni e esto mi mis tu tus te yo él ella os do da em um uma com não os as dos das ao à seu sua ' +
    'ou quando mais eu você voce nós isso le les des du et est pour pas qui dans ce il elle nous vous sur ne au aux avec une son ses ' +
    'der die das und ist nicht zu den mit sich des auf für im dem ein eine wir ich sie es auch il di che è non per una sono mi ti ' +
    'и в на не что с по как а но к у за из от это для мы вы я он она они то же так все бы его её их ' +
    'yang dan di ke dari ini itu untuk dengan tidak ada kami kita saya anda akan juga atau pada ' +
    'في من على أن إلى عن مع هذا هذه ما لا أو و ' +
    'के का की है में और से को पर यह एक हैं भी तो ने ' +
    'এবং এর একটি করে আমি আমরা আপনি হবে জন্য থেকে'
  ).split(' '),
);

/**
 * Words that say no: the words after one, up to the end of its clause, are read as said "no" to
 * ("we never ask for a registration fee" is not a fee), each marked `!`.
 */
const NEGATIONS = new Set(
  (
    "no not never don't doesn't won't can't cannot isn't aren't wasn't without nor nobody nothing " +
    'nunca sin jamás jamas nada ninguno não nao sem nenhum jamais sans aucun pas nicht kein keine keinen nie niemals ohne ' +
    'non mai senza не нет без никогда ни tidak bukan tanpa jangan belum لا لن بدون ليس नहीं बिना না কখনো 不 没有 无需 不要'
  ).split(' '),
);
/** Where a clause ends: what a "no" reaches to. */
const CLAUSE_END = /[.,;:!?()\n।。，；！？]/u;

/** A word as a feature: lower case, the apostrophe one kind, digits one sign, money one token. */
function wordKey(raw: string): string {
  if (MONEY.test(raw)) return '<money>';
  return raw.replace(/’/g, "'").replace(/\d+/g, '0');
}

/**
 * The features of a text: its words, each word with the next, and Chinese as pairs of characters.
 * Each once (presence, not counts), with the place of its first use. The trainer and the reader
 * share this, so a model always reads what it was trained on.
 */
export function features(lower: string): Feature[] {
  const words: Array<{ key: string; index: number; length: number }> = [];
  WORD.lastIndex = 0;
  let negated = false;
  let last = 0;
  for (let hit = WORD.exec(lower); hit; hit = WORD.exec(lower)) {
    const raw = hit[0];
    if (negated && CLAUSE_END.test(lower.slice(last, hit.index))) negated = false;
    last = hit.index + raw.length;
    if (HAN.test(raw)) {
      for (let k = 0; k + 1 < raw.length; k++) words.push({ key: raw.slice(k, k + 2), index: hit.index + k, length: 2 });
      continue;
    }
    const key = wordKey(raw.replace(/^'+|'+$/g, ''));
    words.push({ key: negated ? `!${key}` : key, index: hit.index, length: raw.length });
    if (NEGATIONS.has(key)) negated = true;
  }
  const seen = new Set<string>();
  const out: Feature[] = [];
  const add = (key: string, index: number, length: number) => {
    if (key.length === 0 || seen.has(key)) return;
    seen.add(key);
    out.push({ key, index, length });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const stop = STOP.has(w.key.startsWith('!') ? w.key.slice(1) : w.key);
    if (!stop) add(w.key, w.index, w.length);
    const next = words[i + 1];
    if (next && !(stop && STOP.has(next.key.startsWith('!') ? next.key.slice(1) : next.key)))
      add(`${w.key} ${next.key}`, w.index, next.index + next.length - w.index);
  }
  return out;
}

interface Model {
  threshold: number;
  /** The lower cut: from it up to the threshold a post is held for a look (`unsure`), no red flag. */
  review: number;
  bias: number;
  weights: Map<string, number>;
  familyBias: number[];
  familyWeights: Map<string, number[]>;
}

/** A model's text (`learned.model.ts`): its head (threshold, biases), then a line a feature. */
function parseModel(text: string): Model {
  const lines = text.split('\n');
  const head = JSON.parse(lines[0]!) as { threshold: number; review?: number; bias: number; familyBias?: number[] };
  const weights = new Map<string, number>();
  const familyWeights = new Map<string, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const parts = line.split('\t');
    const key = parts[0]!;
    const w = Number(parts[1]);
    if (w !== 0) weights.set(key, w);
    if (parts.length > 2) {
      const fam = new Array<number>(FAMILIES.length).fill(0);
      for (const cell of parts.slice(2)) {
        const colon = cell.indexOf(':');
        fam[Number(cell.slice(0, colon))] = Number(cell.slice(colon + 1));
      }
      familyWeights.set(key, fam);
    }
  }
  return {
    threshold: head.threshold,
    review: Math.min(head.review ?? head.threshold, head.threshold),
    bias: head.bias,
    weights,
    familyBias: head.familyBias ?? [],
    familyWeights,
  };
}

/** The models, parsed on first use (their text is ~0.2 MB: never at the server's start). */
const model = once(() => parseModel(LEARNED_MODEL));
const scopeModel = once(() => parseModel(SCOPE_MODEL));

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Scale of a post's evidence: a long post's many words do not add up to certainty, and a one-line
 * post's few do not either (it is read as if it had `SHORT` features). The trainer uses the same.
 */
const SHORT = 80;
export const lengthScale = (n: number) => 1 / Math.sqrt(Math.max(SHORT, n));

export interface Reading {
  /** How likely the post is scam or forbidden work (0–1). */
  probability: number;
  /** The family it reads most like. */
  family: Family;
  /** The feature that weighed most towards it, for the quote. */
  strongest: Feature | null;
  threshold: number;
  /** From here up to the threshold the post is held for the user's look (`unsure`); the threshold where there is none. */
  review: number;
}

/** How the model reads a post. */
/** The weighted sum of the features a model knows, scaled, and the feature that weighed most towards a flag. */
function weigh(weights: ReadonlyMap<string, number>, found: readonly Feature[], scale: number) {
  let sum = 0;
  let strongest: Feature | null = null;
  let best = 0;
  for (const f of found) {
    const w = weights.get(f.key);
    if (w === undefined) continue;
    sum += w * scale;
    if (w > best) {
      best = w;
      strongest = f;
    }
  }
  return { sum, strongest };
}

export function readLearned(post: Pick<Post, 'lower'>): Reading {
  const m = model();
  const found = features(post.lower);
  const scale = lengthScale(found.length);
  const { sum, strongest } = weigh(m.weights, found, scale);
  const fam = [...m.familyBias];
  for (const f of found) {
    const fw = m.familyWeights.get(f.key);
    if (fw) for (let k = 0; k < fam.length; k++) fam[k]! += fw[k]! * scale;
  }
  let top = 0;
  for (let k = 1; k < fam.length; k++) if (fam[k]! > fam[top]!) top = k;
  return { probability: sigmoid(m.bias + sum), family: FAMILIES[top]!, strongest, threshold: m.threshold, review: m.review };
}

/**
 * Fewer words than this are too little to read by weights (a one-line post is the rules' to judge):
 * the model was trained on posts of two to twelve sentences.
 */
export const MIN_WORDS = 25;
const countWords = (lower: string) => lower.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** The learned flag of a post, or null under the lower cut (or too short to read). */
export function learnedFlag(post: Post): RiskFlag | null {
  if (!HAN.test(post.lower) && countWords(post.lower) < MIN_WORDS) return null;
  return flagOfReading(readLearned(post), post.text);
}

/**
 * What a reading raises: at or above the threshold, a flag of the family it reads most like; from the
 * lower cut up to it, the same marked `unsure` (the post reads somewhat like that family: no red flag,
 * but held for the user's look like one, never sent on its own); under the cut, nothing.
 */
export function flagOfReading(reading: Reading, text: string): RiskFlag | null {
  if (reading.probability < Math.min(reading.review, reading.threshold)) return null;
  const at = reading.strongest;
  const quote = at ? quoteAround(text, at.index, at.length) : null;
  return reading.probability >= reading.threshold
    ? { code: reading.family, quote, likely: true }
    : { code: reading.family, quote, likely: true, unsure: true };
}

/**
 * A job's budget as features for the scope reading: its contract type and where its top sits among
 * the usual bands (US dollars; hourly per hour), and the sizes of the counts its post names, so
 * that "60 articles" beside a $150 budget reads differently from "6 articles" beside $1,500.
 */
export function budgetFeatures(type: 'fixed' | 'hourly', usd: number | null, lower: string): string[] {
  return budgetReading(type, usd, lower).keys;
}

const COUNT = /(?<![\d$€£₹.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]*\s*(?:%|\$|usd|eur|k\b))/gu;

function budgetReading(type: 'fixed' | 'hourly', usd: number | null, lower: string): { keys: string[]; largest: Feature | null } {
  const out: string[] = [];
  if (usd !== null && usd > 0) {
    const bands = type === 'fixed' ? [50, 150, 400, 1000, 3000] : [5, 10, 20, 40];
    const band = bands.findIndex((top) => usd < top);
    out.push(`$${type}:${band < 0 ? bands.length : band}`);
  } else out.push(`$${type}:unknown`);
  let largest: Feature | null = null;
  let most = 0;
  for (const hit of lower.matchAll(COUNT)) {
    const raw = hit[1]!;
    const n = Number(raw.replace(/,/g, ''));
    // A bare four-digit year ("our 2025 catalogue") is not a count; "2,000 listings" is.
    if (!raw.includes(',') && n >= 1990 && n <= 2100) continue;
    out.push(n >= 100 ? '#100+' : n >= 20 ? '#20-99' : n >= 5 ? '#5-19' : '#1-4');
    if (n > most) {
      most = n;
      largest = { key: '#', index: hit.index, length: raw.length };
    }
  }
  const listed = lower.split('\n').filter((line) => /^\s*(?:[-•*–]|\d+[.)])\s/u.test(line)).length;
  out.push(listed >= 8 ? 'list:8+' : listed >= 4 ? 'list:4-7' : listed >= 1 ? 'list:1-3' : 'list:0');
  return { keys: [...new Set(out)], largest: most >= 5 ? largest : null };
}

/** How much a post reads like work far beyond its money, by the scope model. */
export function readScope(post: Pick<Post, 'lower'>, type: 'fixed' | 'hourly', usd: number | null): Omit<Reading, 'family'> {
  const m = scopeModel();
  const found = features(post.lower);
  const budget = budgetReading(type, usd, post.lower);
  const scale = lengthScale(found.length + budget.keys.length);
  const { sum, strongest } = weigh(m.weights, found, scale);
  let z = m.bias + sum;
  for (const key of budget.keys) z += (m.weights.get(key) ?? 0) * scale;
  // The quote shows what makes the work large: the biggest count it names ("1,500 products"), else the word that weighed most.
  return { probability: sigmoid(z), strongest: budget.largest ?? strongest, threshold: m.threshold, review: m.review };
}

/** The scope reading's flag of a fixed-price post with a budget, or null (under the threshold, hourly, too short). */
export function scopeFlag(post: Post, type: 'fixed' | 'hourly', usd: number | null): RiskFlag | null {
  if (type !== 'fixed' || usd === null || usd <= 0) return null;
  if (!HAN.test(post.lower) && countWords(post.lower) < MIN_WORDS) return null;
  const reading = readScope(post, type, usd);
  if (reading.probability < reading.threshold) return null;
  const at = reading.strongest;
  return { code: 'scopeOverBudget', quote: at ? quoteAround(post.text, at.index, at.length) : null, offeredUsd: usd, likely: true };
}
