import type { RiskFlag } from '../../schemas/job';
import type { AnalysedJob } from '../analyse';
import { alternatives, GateIndex, gateOf } from './gate';
import { lazyPattern, lowerPattern, lowerSource, once } from './pattern';
import type { Post } from './post';
import { quoteAround, sentenceEnd, sentenceStart } from './quote';
import {
  BOOKS_COMPANIES,
  BOOKS_PER_COMPANY_YEAR_USD,
  BOOKS_YEARS,
  BUDGET_NOT_THE_PAY,
  CURRENCY_USD,
  DELIVERABLES,
  EACH,
  EACH_BEFORE,
  INPUT_BEFORE,
  INVENTORY_OF,
  ITEM_TRADES,
  MIN_ITEMS,
  NOT_ITEM_COUNT,
  NUMBER_WORDS,
  PER_WORD,
  READ_BEFORE,
} from './scope.data';

/**
 * Scope against budget (`scopeOverBudget`) and price per item (`pricePerItemLow`), from the tables in
 * `scope.data.ts`. Fixed budgets are compared at their top (`maxUsd`: the most the client offers);
 * hourly jobs only by a price per item the post itself states.
 */

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?\s?k|\d+|${Object.keys(NUMBER_WORDS).join('|')}`;
const FILLER = String.raw`(?:(?!${NOT_ITEM_COUNT}(?![\p{L}]))[\p{L}\p{N}-]+\s+)`;
const HAN = /\p{Script=Han}/u;
const CURRENCY = String.raw`us\$|r\$|\$|€|£|₹|৳|₽|₱|₦|rs\.?|usd|eur|gbp|inr|bdt|idr|rp|brl|pkr|ngn`;
/**
 * An amount: a fraction of one ("$0.012"), thousands separated ("$1,500", "Rp 50.000", "₹1,500.50",
 * the Indian "₹1,50,000"), or neither ("$8", "$2.50", "2,5 €").
 */
const AMOUNT = String.raw`0[.,]\d+|[1-9]\d{0,2}(?:,\d{2})*(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const THOUSANDS = /^([1-9]\d{0,2}(?:,\d{2})*(?:[.,]\d{3})+)(?:[.,](\d{1,2}))?$/;

/** The value of an `AMOUNT`: a separator before three digits groups thousands, one before one or two marks the cents. */
export function parseAmount(raw: string): number {
  const grouped = /^0[.,]/.test(raw) ? null : THOUSANDS.exec(raw);
  if (grouped) return Number(grouped[1]!.replace(/[.,]/g, '')) + (grouped[2] ? Number(`0.${grouped[2]}`) : 0);
  return Number.parseFloat(raw.replace(',', '.'));
}
const CURRENCY_AFTER = String.raw`\$|€|£|₹|৳|₽|₱|₦|usd|eur|gbp|inr|bdt|idr|brl|pkr|ngn|naira|dollars?|d[oó]lares|euros?|rupees|руб\p{L}*|рублей|美元|रुपये|টাকা`;

/**
 * The tables, built by the first post read (pattern.ts: `once`), not as the module loads. Every
 * gated pattern (`gate.ts`) runs only on posts holding the words it needs, and is compiled the first
 * time one does.
 */
const tables = once(() => {
  const gates: Array<ReturnType<typeof gateOf>> = [];
  const gated = (source: string, flags = '') => ({
    pattern: lazyPattern(source, flags),
    gate: gates.push(gateOf(lowerSource(source))) - 1,
  });
  const deliverables = DELIVERABLES.map((d) => ({ ...d, patterns: d.phrases.map((p) => gated(p)) }));
  const booksYears = gated(BOOKS_YEARS);
  const trades = ITEM_TRADES.map((t) => {
    // Gated on the nouns (a count is in nearly every post); Chinese nouns have no words to gate on, so they run on any post in Chinese.
    const nouns = alternatives(t.nouns);
    const latin = nouns.filter((n) => !HAN.test(n));
    return {
      ...t,
      /** The items' words right after a count (read at the count's end). */
      // "100+ sheets": a count may end in a plus.
      after: lazyPattern(String.raw`\+?\s*${FILLER}{0,3}?(?:${t.nouns})(?![\p{Script=Latin}\p{Script=Cyrillic}])`, 'y'),
      gate: gates.push(gateOf(lowerSource(String.raw`\b(?:${latin.join('|')})`))) - 1,
      han: latin.length < nouns.length,
      requiresPattern: t.requires ? lazyPattern(t.requires) : null,
      workBeforePattern: t.workBefore ? lazyPattern(t.workBefore) : null,
      richerPattern: t.richer ? lazyPattern(t.richer.when) : null,
      bulkPattern: t.bulkWhen ? lazyPattern(t.bulkWhen) : null,
      /** A rate of one item right after a price ("₱250 per story"), read anywhere in the post. */
      unitAfter: t.unit ? lazyPattern(String.raw`^\s*(?:per|a|an|each|/|por|par|pro|за)\s*(?:${t.unit})(?![\p{L}])`) : null,
    };
  });
  // Each phrase of every language gated apart: most posts hold none of their words, and the whole
  // alternation, run on every post, cost more than all the other scope tables together.
  const notThePay = Object.values(BUDGET_NOT_THE_PAY)
    .flatMap((source) => alternatives(source))
    .map((source) => gated(source));
  return {
    deliverables,
    booksYears,
    notThePay,
    booksCompanies: lazyPattern(BOOKS_COMPANIES),
    trades,
    gateIndex: new GateIndex(gates),
    /** A count: digits ("1,000", "1.5k", "50") or a number word, as a whole word. */
    COUNT: lowerPattern(
      // Not an amount ("PKR 40000") nor the upper end of a price range ("$300-600 for 6 videos": 6 videos, not 600).
      String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{N}.,$€£₹৳₽₱₦])(?<!(?<![\p{L}])(?:${CURRENCY})\s)(?<!(?<![\p{L}])(?:${CURRENCY})\s?[\d.,]+\s?k?\s?(?:-|–|to)\s?)(?:${NUMBER})(?:(?<=\d)(?!\d)|(?<=[\p{L}])(?![\p{L}]))`,
      'g',
    ),
    inputBefore: lazyPattern(INPUT_BEFORE),
    readBefore: lazyPattern(READ_BEFORE),
    inventoryOf: lazyPattern(INVENTORY_OF),
    MONEY: lowerPattern(
      String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{N}])(?:(?<c1>${CURRENCY})\s?(?<a1>${AMOUNT})(?![\d])|(?<a2>${AMOUNT})\s?(?<c2>${CURRENCY_AFTER})(?![\p{L}]))`,
      'g',
    ),
    /** An item's length in words ("2,000-3,000 words each"): the least of the range. */
    WORDS: lowerPattern(
      String.raw`(\d{1,2},\d{3}|\d{2,5})\s*(?:\+|(?:-|–|to)\s*[\d,]+)?\s*[- ]?(?:words?|palabras|palavras|mots|w[öo]rter|слов|kata|字)`,
    ),
    /** An item's length in minutes or seconds ("3-4 minutes", "90 sec"). */
    MINUTES: lowerPattern(
      String.raw`(\d+(?:[.,]\d+)?)\s*(?:(?:-|–|to)\s*\d+(?:[.,]\d+)?\s*)?[- ]?(?:(?<min>minutes?|mins?|minutos|minuten|минут\p{L}*|menit|分钟)|(?<sec>seconds?|secs?|segundos|secondes|sekunden|секунд\p{L}*|detik|秒))(?![\p{L}])`,
    ),
    perWord: lazyPattern(String.raw`^${PER_WORD}`),
    eachAfter: lazyPattern(String.raw`^\s*(?:\(\s*)?${EACH}`),
    eachBefore: lazyPattern(String.raw`${EACH_BEFORE}\s*:?\s*$`),
    totalBefore: lazyPattern(
      String.raw`(?:for|at|por|pour|f[üu]r|за|seharga|untuk|共|总共|budget|total|of)\s*(?:a total of|in total|total|only|just|all|:)?\s*$`,
    ),
  };
});

function parseCount(raw: string): number | null {
  const word = NUMBER_WORDS[raw.toLowerCase()];
  if (word !== undefined) return word;
  const text = raw.replace(/\s/g, '').toLowerCase();
  if (text.endsWith('k')) return Math.round(Number.parseFloat(text.slice(0, -1).replace(',', '.')) * 1000);
  if (/^\d{1,3}(?:,\d{3})+$/.test(text)) return Number(text.replace(/,/g, ''));
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    // A year ("our 2025 videos") is not a count.
    return n >= 1990 && n <= 2100 ? null : n;
  }
  return null;
}

interface Money {
  usd: number;
  index: number;
  end: number;
}

function moneyIn(text: string, from: number, to: number): Money[] {
  const out: Money[] = [];
  const part = text.slice(from, to);
  const { MONEY } = tables();
  MONEY.lastIndex = 0;
  for (const hit of part.matchAll(MONEY)) {
    const g = hit.groups ?? {};
    const amount = parseAmount(g.a1 ?? g.a2 ?? '');
    const rate = CURRENCY_USD[(g.c1 ?? g.c2 ?? '').toLowerCase()];
    if (!Number.isFinite(amount) || rate === undefined) continue;
    out.push({ usd: amount * rate, index: from + hit.index, end: from + hit.index + hit[0].length });
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

interface Counted {
  trade: ReturnType<typeof tables>['trades'][number];
  items: number;
  index: number;
  end: number;
}

/** Whether a count stands in a parenthesis that lists what the client already has ("our app (60 models, 30 apps)"). */
function inInventory(text: string, index: number): boolean {
  const sentence = text.slice(sentenceStart(text, index), index);
  const open = sentence.lastIndexOf('(');
  return open >= 0 && !sentence.slice(open).includes(')') && tables().inventoryOf().test(sentence.slice(0, open));
}

function countedItems(post: Post, open: boolean[]): Counted[] {
  const text = post.lower;
  const { trades, COUNT, inputBefore, readBefore } = tables();
  const live = trades.filter(
    (t) => (open[t.gate] || (t.han && post.han)) && (!t.requiresPattern || t.requiresPattern().test(text)) && !t.bulkPattern?.().test(text),
  );
  const out: Counted[] = [];
  if (live.length === 0) return out;
  COUNT.lastIndex = 0;
  for (const hit of text.matchAll(COUNT)) {
    const items = parseCount(hit[0]);
    if (items === null || items < MIN_ITEMS) continue;
    const end = hit.index + hit[0].length;
    for (const trade of live) {
      if (out.some((c) => c.trade === trade)) continue;
      const after = trade.after();
      after.lastIndex = end;
      const noun = after.exec(text);
      if (!noun) continue;
      // "We have ~80 endpoints": an approximation sign says nothing of what the items are.
      const before = text.slice(Math.max(sentenceStart(text, hit.index), hit.index - 40), hit.index).replace(/[~≈]\s*$/u, '');
      const isWork = (trade.readIsWork && readBefore().test(before)) || trade.workBeforePattern?.().test(before);
      if ((inputBefore().test(before) || inInventory(text, hit.index)) && !isWork) break;
      out.push({ trade, items, index: hit.index, end: noun.index + noun[0].length });
      // A longer noun of another trade at the same place ("product descriptions" over "descriptions") is listed first.
      break;
    }
  }
  return out;
}

/**
 * The price of one item the post states in the count's sentence, or its total for the items, or a
 * rate of one item (the trade's unit) anywhere in the post; `at` is where a rate outside the count's
 * sentence stands (it is quoted instead of the count).
 */
function statedPrice(text: string, counted: Counted): { perItem: number; end: number; at?: number } | null {
  const from = sentenceStart(text, counted.index);
  const to = sentenceEnd(text, counted.end);
  const money = moneyIn(text, from, to);
  const { eachAfter, eachBefore, totalBefore } = tables();
  for (const m of money) {
    if (eachAfter().test(text.slice(m.end, m.end + 40)) || eachBefore().test(text.slice(Math.max(from, m.index - 20), m.index))) {
      return { perItem: m.usd, end: Math.max(m.end, counted.end) };
    }
  }
  for (const m of money) {
    if (m.index < counted.end) continue;
    if (totalBefore().test(text.slice(Math.max(counted.end, m.index - 25), m.index))) return { perItem: m.usd / counted.items, end: m.end };
  }
  const unit = counted.trade.unitAfter?.();
  if (unit) {
    for (const m of moneyIn(text, 0, text.length)) {
      if (m.index >= from && m.end <= to) continue;
      const rate = unit.exec(text.slice(m.end, m.end + 40));
      if (rate) return { perItem: m.usd, end: m.end + rate[0].length, at: m.index };
    }
  }
  return null;
}

/**
 * The least one counted item costs: the trade's floor, its dearer kind's when the post asks for that
 * (animation, high-end retouching), and the item's length at the trade's floor a word or a minute
 * when the post gives it (the least of a range).
 */
function itemFloor(lower: string, c: Counted): number {
  const { trade } = c;
  const richer = trade.richer && trade.richerPattern?.().test(lower) ? trade.richer : null;
  let floor = Math.max(trade.floorUsd, richer?.floorUsd ?? 0);
  const { WORDS, MINUTES } = tables();
  if (trade.perWordUsd) {
    const words = WORDS.exec(lower);
    const n = words ? Number(words[1]!.replace(/,/g, '')) : 0;
    if (n >= 100 && n <= 20_000) floor = Math.max(floor, n * trade.perWordUsd);
  }
  const perMinute = richer?.perMinuteUsd ?? trade.perMinuteUsd;
  if (perMinute) {
    const length = MINUTES.exec(lower);
    const n = length ? Number.parseFloat(length[1]!.replace(',', '.')) : 0;
    const minutes = length?.groups?.sec ? n / 60 : n;
    if (minutes > 0 && minutes <= 180) floor = Math.max(floor, minutes * perMinute);
  }
  return floor;
}

/** Whether the post says its budget is not the pay (open to offers, or ad spend with the fee apart): `BUDGET_NOT_THE_PAY`. */
export function budgetNotThePay(post: Post, open = tables().gateIndex.open(post.prefixes)): boolean {
  return tables().notThePay.some(({ pattern, gate }) => open[gate] && pattern().test(post.lower));
}

export function pricePerItemFlags(
  job: AnalysedJob,
  post: Post,
  open = tables().gateIndex.open(post.prefixes),
  budgetIsPay = !budgetNotThePay(post, open),
): RiskFlag[] {
  const { text, lower } = post;
  const counted = countedItems(post, open);
  if (counted.length === 0) return [];
  const offered = job.job.type === 'fixed' && budgetIsPay ? (job.maxUsd ?? job.minUsd) : null;
  for (const c of counted) {
    const stated = statedPrice(lower, c);
    // The whole budget over one kind of item is the most each could be paid (the budget pays for the rest too).
    const perItem = stated?.perItem ?? (offered !== null && offered > 0 ? offered / c.items : null);
    if (perItem === null || perItem >= itemFloor(lower, c)) continue;
    const start = stated?.at ?? c.index;
    const end = stated?.end ?? c.end;
    return [{ code: 'pricePerItemLow', quote: quoteAround(text, start, end - start), items: c.items, perItemUsd: round2(perItem) }];
  }
  return [];
}

/**
 * Both flags of the post, its gates opened once, and whether its budget is the pay. A budget the post
 * says is not the pay is measured against nothing: only a price the post states for each item counts.
 */
export function budgetFlags(job: AnalysedJob, post: Post): { flags: RiskFlag[]; budgetIsPay: boolean } {
  const open = tables().gateIndex.open(post.prefixes);
  const budgetIsPay = !budgetNotThePay(post, open);
  return {
    flags: [...(budgetIsPay ? scopeFlags(job, post, open) : []), ...pricePerItemFlags(job, post, open, budgetIsPay)],
    budgetIsPay,
  };
}

export function scopeFlags(job: AnalysedJob, post: Post, open = tables().gateIndex.open(post.prefixes)): RiskFlag[] {
  const { text, lower } = post;
  if (job.job.type !== 'fixed') return [];
  const offered = job.maxUsd ?? job.minUsd;
  if (offered === null || offered <= 0) return [];
  let expected = 0;
  let biggest: { floor: number; quote: string } | null = null;
  const note = (floor: number, index: number, length: number) => {
    expected += floor;
    if (!biggest || floor > biggest.floor) biggest = { floor, quote: quoteAround(text, index, length) };
  };
  const groups = new Map<string, number>();
  const { deliverables, booksYears, booksCompanies } = tables();
  for (const d of deliverables) {
    let hit: RegExpExecArray | null = null;
    for (const { pattern, gate } of d.patterns) if (!hit && open[gate]) hit = pattern().exec(lower);
    if (!hit) continue;
    // Within a group (a clone is also a full store) only the dearest counts.
    const group = d.group ?? d.id;
    const before = groups.get(group) ?? 0;
    if (d.floorUsd <= before) continue;
    expected -= before;
    groups.set(group, d.floorUsd);
    note(d.floorUsd, hit.index, hit[0].length);
  }
  const years = open[booksYears.gate] ? booksYears.pattern().exec(lower) : null;
  if (years) {
    const y = parseCount(years.groups?.years ?? '') ?? 1;
    const companiesHit = booksCompanies().exec(lower);
    const companies = companiesHit ? (parseCount(companiesHit.groups?.companies ?? '') ?? 1) : 1;
    if (y * companies >= 2) {
      const end =
        companiesHit && companiesHit.index > years.index ? companiesHit.index + companiesHit[0].length : years.index + years[0].length;
      note(y * companies * BOOKS_PER_COMPANY_YEAR_USD, years.index, end - years.index);
    }
  }
  const found = biggest as { floor: number; quote: string } | null;
  if (!found || offered >= expected) return [];
  return [{ code: 'scopeOverBudget', quote: found.quote, expectedUsd: Math.round(expected), offeredUsd: round2(offered) }];
}

const wordRates = new WeakMap<AnalysedJob, number | null>();

/**
 * The most the post says it pays a word, in US dollars ("Rate: INR 0.40 per word", "$2 per 1000
 * words"), or null when it names no such price: the rate filters measure it against the user's hourly
 * minimum at WORDS_PER_HOUR. An amount without a currency is in the project's own.
 */
export function statedWordRateUsd(job: AnalysedJob): number | null {
  const known = wordRates.get(job);
  if (known !== undefined) return known;
  const lower = `${job.job.title}\n${job.job.description}`.toLowerCase();
  let most: number | null = null;
  if (/word|palabra|palavra|\bmots?\b|w[öo]rt|kata|слов/u.test(lower)) {
    const { perWord } = tables();
    const projectRate = job.maxUsd !== null && job.job.maxBudget ? job.maxUsd / job.job.maxBudget : job.job.currency === 'USD' ? 1 : null;
    const prices = moneyIn(lower, 0, lower.length);
    for (const bare of lower.matchAll(/(?<![\p{L}\p{N}$€£₹₱₦.,])(0[.,]\d{1,4})(?=\s*(?:\/|(?:per|a|por|par|pro|je)\s))/gu)) {
      if (projectRate !== null && !prices.some((m) => m.index <= bare.index && m.end >= bare.index + bare[0].length))
        prices.push({ usd: parseAmount(bare[1]!) * projectRate, index: bare.index, end: bare.index + bare[0].length });
    }
    for (const m of prices) {
      const unit = perWord().exec(lower.slice(m.end, m.end + 40));
      if (!unit) continue;
      const words = unit.groups?.per ? Number(unit.groups.per.replace(/[,.]/g, '').replace('k', '000')) : 1;
      const usd = m.usd / words;
      if (usd > 0 && (most === null || usd > most)) most = usd;
    }
  }
  wordRates.set(job, most);
  return most;
}
