import type { RiskFlag } from '../../schemas/job';
import { NEGATIONS, RISK_EXCUSES, RISK_PHRASES, type PhraseCode } from './phrases.data';
import { GateIndex, gateOf } from './gate';
import { lazyPattern, lowerSource, once } from './pattern';
import type { Post } from './post';
import { clauseBefore, quoteAround, sentenceEnd, sentenceStart } from './quote';

/**
 * The phrase families compiled once, per family and language: each phrase with its gate (the
 * words it cannot match without, `gate.ts`), and the language skipped when the post holds no letter
 * of its script (a post without Cyrillic is not read for Russian phrases).
 */

interface Family {
  code: PhraseCode;
  /** Each phrase's pattern (compiled when a post opens its gate) and its number in the gate index. */
  phrases: Array<{ pattern: () => RegExp; gate: number }>;
  negation: (() => RegExp) | null;
  script: RegExp | null;
}

const SCRIPTS: Readonly<Record<string, RegExp>> = {
  ru: /\p{Script=Cyrillic}/u,
  zh: /\p{Script=Han}/u,
  hi: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  ar: /\p{Script=Arabic}/u,
};

/** Built by the first post read (pattern.ts: `once`), not as the module loads. */
const tables = once(() => {
  const gates: Array<ReturnType<typeof gateOf>> = [];
  const families: Family[] = Object.entries(RISK_PHRASES).flatMap(([code, byLanguage]) =>
    Object.entries(byLanguage)
      .filter(([, sources]) => sources.length > 0)
      .map(([language, sources]) => ({
        code: code as PhraseCode,
        phrases: sources.map((source) => ({ pattern: lazyPattern(source, 'g'), gate: gates.push(gateOf(lowerSource(source))) - 1 })),
        negation: NEGATIONS[language] ? lazyPattern(NEGATIONS[language]) : null,
        script: SCRIPTS[language] ?? null,
      })),
  );
  const excuses = new Map<PhraseCode, Array<{ pattern: () => RegExp; post: boolean }>>(
    Object.entries(RISK_EXCUSES).map(([code, list]) => [
      code as PhraseCode,
      (list ?? []).map((e) => ({ pattern: lazyPattern(e.source), post: e.post === true })),
    ]),
  );
  return { families, gateIndex: new GateIndex(gates), excuses };
});

function excused(code: PhraseCode, text: string, index: number, length: number): boolean {
  const list = tables().excuses.get(code);
  if (!list) return false;
  let sentence: string | null = null;
  for (const { pattern, post } of list) {
    if (post) {
      if (pattern().test(text)) return true;
      continue;
    }
    sentence ??= text.slice(sentenceStart(text, index), sentenceEnd(text, index + length));
    if (pattern().test(sentence)) return true;
  }
  return false;
}

/** The first hit of a phrase not negated or excused, as a flag. */
function firstHit(family: Family, pattern: RegExp, text: string, lower: string): RiskFlag | null {
  pattern.lastIndex = 0;
  for (let hit = pattern.exec(lower); hit; hit = pattern.exec(lower)) {
    if (hit[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    if (family.negation && negated(family.negation(), lower, hit.index)) continue;
    if (excused(family.code, lower, hit.index, hit[0].length)) continue;
    return { code: family.code, quote: quoteAround(text, hit.index, hit[0].length) };
  }
  return null;
}

/** The last item of a list so far: a few words and a word that joins ("likes **or** "). */
const LIST_TAIL = /^\s*(?:[\p{L}\p{N}'’-]+\s+){0,3}(?:or|and|nor|o|y|ni|ou|e|et|oder|und|или|и|atau|dan|和|或)\s*$/u;
/** Where a list's clause starts: sentence and clause ends, not its commas. */
const LIST_END = /[.!?\n。！？；;:()।]/u;

/**
 * A no right before the hit, in its clause; or before the list the hit ends ("no bought followers,
 * likes **or engagement pods**": the no holds for every item).
 */
function negated(negation: RegExp, lower: string, index: number): boolean {
  const clause = clauseBefore(lower, index);
  if (negation.test(clause)) return true;
  if (!LIST_TAIL.test(clause)) return false;
  // Only the list's first item may carry the no: "no A, B or C" (up to the first comma).
  const head = clauseBefore(lower, index, 100, LIST_END).split(/[,，、]/u)[0]!;
  return negation.test(head);
}

/**
 * The red flags the post's words raise: one per family, quoting the first hit not negated or
 * excused.
 */
export function phraseFlags({ text, lower, prefixes }: Post): RiskFlag[] {
  const found = new Map<PhraseCode, RiskFlag>();
  const { families, gateIndex } = tables();
  const open = gateIndex.open(prefixes);
  const scripts = new Map<RegExp, boolean>();
  for (const family of families) {
    if (found.has(family.code)) continue;
    if (family.script) {
      let present = scripts.get(family.script);
      if (present === undefined) scripts.set(family.script, (present = family.script.test(lower)));
      if (!present) continue;
    }
    for (const { pattern, gate } of family.phrases) {
      if (!open[gate]) continue;
      const flag = firstHit(family, pattern(), text, lower);
      if (flag) {
        found.set(family.code, flag);
        break;
      }
    }
  }
  return [...found.values()];
}
