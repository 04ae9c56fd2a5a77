/**
 * Patterns compiled once to run on lower-cased text: a case-insensitive Unicode regular expression
 * is several times slower in V8 than the same pattern in lower case on lower-cased text, and every
 * job of every page is read.
 */

/** A word boundary in any script (JavaScript's `\b` knows only ASCII letters: not "é", not Cyrillic). */
const BOUNDARY = String.raw`(?:(?<=[\p{L}\p{M}\p{N}_])(?![\p{L}\p{M}\p{N}_])|(?<![\p{L}\p{M}\p{N}_])(?=[\p{L}\p{M}\p{N}_]))`;

/** A regular-expression source in lower case, escapes (`\S`, `\p{Lu}`, `\B`) kept as written. */
export function lowerSource(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      out += c + next;
      i++;
      if ((next === 'p' || next === 'P') && source[i + 1] === '{') {
        const close = source.indexOf('}', i);
        out += source.slice(i + 1, close + 1);
        i = close;
      }
      continue;
    }
    out += c.toLowerCase();
  }
  return out;
}

/** A source's `\b` as a boundary in any script. */
export function unicodeBoundaries(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      out += next === 'b' ? BOUNDARY : c + next;
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

/** A pattern for lower-cased text (`flags` without `i`; `u` is always on; `\b` in any script). */
export const lowerPattern = (source: string, flags = ''): RegExp => new RegExp(unicodeBoundaries(lowerSource(source)), `${flags}u`);

/**
 * `lowerPattern` compiled on first use. V8 builds each `\p{…}` class as the expression is made, and
 * a `\b` in any script is eight of them: a phrase pattern costs milliseconds to make, and the
 * hundreds of the risk tables took seconds of the server's start. Made when a post first needs
 * it (most are gated on words few posts hold), each is compiled once.
 */
export function lazyPattern(source: string, flags = ''): () => RegExp {
  let compiled: RegExp | undefined;
  return () => (compiled ??= lowerPattern(source, flags));
}

/** A value built on first use, then kept (the risk tables: built by the first post read, not at import). */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** The text in lower case, one code unit for one (a letter whose lower case is longer is kept), so indices stay the post's. */
export function lowerText(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const c of text) {
    const l = c.toLowerCase();
    out += l.length === c.length ? l : c;
  }
  return out;
}
