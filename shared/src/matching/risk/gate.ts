/**
 * A cheap test before a pattern runs. From a (lower-case) pattern source, the words it cannot match
 * without: each top-level part that starts a word (after `\b`, a space or the start) and is a word
 * or a group of words gives a set of prefixes, one of which must begin a word of the post. A post's
 * words are split once into their 2-, 3- and 4-letter prefixes, so a pattern whose words are not all
 * in the post is skipped without running. Parts the reader does not understand give no condition
 * (the pattern then runs), so a gate never hides a match.
 */

/** Alternatives (one must hold), each a list of conditions (all must hold), each a list of word prefixes (one must begin a word); empty: always runs. */
export type Gate = ReadonlyArray<ReadonlyArray<readonly string[]>>;

/** Where the group opened at `open` closes (escapes and classes skipped). */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return source.length - 1;
}

/** The top-level alternatives of a source. */
export function alternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

const LETTER = /[\p{L}\p{N}]/u;

/** A class of a few plain letters ("[oó]") as its letters; null for anything else. */
function classLetters(body: string): string[] | null {
  if (body.length === 0 || body.length > 4 || !/^[\p{L}]+$/u.test(body)) return null;
  return [...body];
}

/** The word prefixes (up to four letters) an alternative must start with, or null when it may start otherwise. */
function leading(alternative: string): string[] | null {
  if (alternative.startsWith('(?:')) {
    const end = closing(alternative, 0);
    const after = alternative[end + 1];
    if (after === '?' || after === '*' || after === '{') return null;
    return prefixesOf(alternative.slice(3, end));
  }
  let words = [''];
  let i = 0;
  while (i < alternative.length && words[0]!.length < 4) {
    const c = alternative[i]!;
    let letters: string[] | null = null;
    let end = i + 1;
    if (LETTER.test(c)) letters = [c];
    else if (c === '[') {
      end = alternative.indexOf(']', i) + 1;
      letters = end > 0 ? classLetters(alternative.slice(i + 1, end - 1)) : null;
    } else if (c === '-' && words[0]!.length === 1 && alternative[i + 1] !== '?') {
      // "e-mail": the post's words are split at the hyphen, so the word is "mail".
      words = [''];
      i++;
      continue;
    }
    if (!letters) break;
    const q = alternative[end];
    if (q === '?' || q === '*' || q === '{') break;
    words = words.flatMap((w) => letters!.map((l) => w + l));
    if (words.length > 8) return null;
    i = end;
  }
  return words[0]!.length >= 2 ? words : null;
}

/** The prefixes of a group's alternatives; null when one of them gives none. */
function prefixesOf(group: string): string[] | null {
  const out: string[] = [];
  for (const alternative of alternatives(group)) {
    const lead = leading(alternative);
    if (!lead) return null;
    out.push(...lead);
  }
  return out;
}

const WORD_START = [String.raw`\b`, String.raw`\s+`, String.raw`\s`, ' ', String.raw`(?<![\p{L}\p{M}\p{N}])`];

/** The gate of a lower-case source: each top-level alternative's conditions (none for one of them: no gate). */
export function gateOf(source: string): Gate {
  const out = alternatives(source).map(conditionsOf);
  return out.some((conditions) => conditions.length === 0) ? [] : out;
}

function conditionsOf(source: string): string[][] {
  const conditions: string[][] = [];
  // A pattern's start is not a word's start unless it says so (`\b`, a lookbehind): Chinese has no spaces.
  let atStart = false;
  let i = 0;
  while (i < source.length) {
    const start = WORD_START.find((w) => source.startsWith(w, i));
    if (start) {
      i += start.length;
      atStart = true;
      continue;
    }
    const c = source[i]!;
    let end: number;
    let part: string[] | null = null;
    if (c === '(') {
      end = closing(source, i) + 1;
      if (source.startsWith('(?:', i)) part = prefixesOf(source.slice(i + 3, end - 1));
    } else if (c === '[') {
      end = source.indexOf(']', i + 1) + 1;
      // A class of separators only ("[- ]") starts a word, as the post's words are split at them.
      const body = source.slice(i + 1, end - 1);
      if (!/[\p{L}\p{N}^\\]/u.test(body) && source[end] !== '?' && source[end] !== '*' && source[end] !== '{') {
        i = end;
        atStart = true;
        continue;
      }
    } else if (c === '\\') {
      end = source[i + 1] === 'p' || source[i + 1] === 'P' ? source.indexOf('}', i) + 1 : i + 2;
      // An escaped separator ("\(", "\$", "\.") starts a word, as the post's words are split at it.
      if (end === i + 2 && /[().$/-]/.test(source[i + 1] ?? '') && !/[?*{+]/.test(source[end] ?? '')) {
        i = end;
        atStart = true;
        continue;
      }
    } else if (LETTER.test(c)) {
      end = i;
      while (end < source.length && LETTER.test(source[end]!)) end++;
      part = [source.slice(i, end)];
    } else {
      end = i + 1;
      // A literal separator ("-", "'", "/") starts a word.
      if (/[-'’/&]/.test(c) && !/[?*{+]/.test(source[end] ?? '')) {
        i = end;
        atStart = true;
        continue;
      }
    }
    const quantifier = source[end];
    const optional = quantifier === '?' || quantifier === '*' || (quantifier === '{' && /^\{0,/.test(source.slice(end)));
    if (part && atStart) {
      if (!optional) {
        const words = part.filter((w) => w.length >= 2);
        if (words.length === part.length) conditions.push([...new Set(words.map((w) => w.slice(0, 4)))]);
      } else if (c !== '(' && part[0]!.length > 2) {
        conditions.push([part[0]!.slice(0, -1).slice(0, 4)]);
      }
    }
    // Skip the quantifier.
    if (quantifier === '?' || quantifier === '*' || quantifier === '+') end++;
    else if (quantifier === '{') end = source.indexOf('}', end) + 1;
    if (end > 0 && source[end] === '?') end++;
    const ended = source.slice(i, end);
    atStart = optional && atStart && /(?:\\s[+*]?|\s)\)?[?*]?$/.test(ended);
    i = end;
  }
  return conditions;
}

/** The 2-, 3- and 4-letter prefixes of every word of a lower-case text. */
export function wordPrefixes(lower: string): Set<string> {
  const out = new Set<string>();
  for (const word of lower.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2) continue;
    out.add(word.slice(0, 2));
    if (word.length >= 3) out.add(word.slice(0, 3));
    if (word.length >= 4) out.add(word.slice(0, 4));
  }
  return out;
}

/** Whether the post may hold what the gate asks for (its words are kept as their first four letters). */
export function passes(gate: Gate, prefixes: ReadonlySet<string>): boolean {
  if (gate.length === 0) return true;
  return gate.some((conditions) => conditions.every((words) => words.some((w) => prefixes.has(w))));
}

/**
 * Many gates read at once: from a post's word prefixes to the conditions they meet (an index built
 * once), rather than every gate asking for its words.
 */
export class GateIndex {
  private readonly byPrefix = new Map<string, Array<{ slot: number; bit: number }>>();
  /** Per gate: its slots (one per alternative), none when it always passes. */
  private readonly slots: number[][] = [];
  private readonly full: number[] = [];

  constructor(gates: readonly Gate[]) {
    for (const gate of gates) {
      const mine: number[] = [];
      for (const conditions of gate) {
        const slot = this.full.length;
        // Past 30 conditions the bits would overflow; the first 30 still gate soundly.
        const used = conditions.slice(0, 30);
        this.full.push(used.length === 30 ? 2 ** 30 - 1 : (1 << used.length) - 1);
        used.forEach((words, i) => {
          for (const w of words) {
            let list = this.byPrefix.get(w);
            if (!list) this.byPrefix.set(w, (list = []));
            list.push({ slot, bit: 1 << i });
          }
        });
        mine.push(slot);
      }
      this.slots.push(mine);
    }
  }

  /** For each gate (in the order given), whether the post may hold what it asks for. */
  open(prefixes: ReadonlySet<string>): boolean[] {
    const met = new Uint32Array(this.full.length);
    for (const p of prefixes) {
      const list = this.byPrefix.get(p);
      if (list) for (const { slot, bit } of list) met[slot]! |= bit;
    }
    const out = new Array<boolean>(this.slots.length);
    for (let g = 0; g < this.slots.length; g++) {
      const mine = this.slots[g]!;
      let open = mine.length === 0;
      for (let k = 0; !open && k < mine.length; k++) open = met[mine[k]!] === this.full[mine[k]!];
      out[g] = open;
    }
    return out;
  }
}
