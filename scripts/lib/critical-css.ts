/**
 * The part of a stylesheet a page's first picture needs: every rule except those whose selectors
 * name a class the page's markup never uses. Built for the minified Tailwind output of the build
 * (cascade layers, `@media` and `@supports` nested in them, `@property`); at-rules other than
 * those grouping rules are kept whole, as are rules naming no class. The full stylesheet still
 * comes after the first paint, for whatever the app shows next.
 */

interface Item {
  prelude: string;
  /** The text between the braces; none for a statement such as `@layer a,b;`. */
  body?: string;
}

const GROUPING = /^@(media|supports|layer|container)\b/;

function skipString(css: string, at: number): number {
  const quote = css[at];
  let i = at + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The index of the `}` that closes the block opened at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length;) {
    const ch = css[i]!;
    if (ch === '"' || ch === "'") {
      i = skipString(css, i);
      continue;
    }
    if (ch === '{') depth += 1;
    else if (ch === '}' && --depth === 0) return i;
    i += 1;
  }
  throw new Error('Unbalanced braces in the stylesheet');
}

/** The top-level statements and blocks of some CSS. */
function items(css: string): Item[] {
  const out: Item[] = [];
  let start = 0;
  for (let i = 0; i < css.length;) {
    const ch = css[i]!;
    if (ch === '"' || ch === "'") {
      i = skipString(css, i);
    } else if (ch === ';') {
      const prelude = css.slice(start, i).trim();
      if (prelude) out.push({ prelude });
      start = i += 1;
    } else if (ch === '{') {
      const end = closingBrace(css, i);
      out.push({ prelude: css.slice(start, i).trim(), body: css.slice(i + 1, end) });
      start = i = end + 1;
    } else i += 1;
  }
  const rest = css.slice(start).trim();
  if (rest) out.push({ prelude: rest });
  return out;
}

/** Splits at commas outside parentheses and brackets (escaped ones are part of a class name). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const ch = list[i];
    if (ch === '\\')
      i += 1; // an escaped character belongs to a name
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The selector without its `:not(…)` parts (a class there need not be on the page) and attribute values. */
function withoutNegations(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length;) {
    if (selector[i] === '\\') {
      out += selector.slice(i, i + 2);
      i += 2;
    } else if (selector.startsWith(':not(', i)) {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j += 1) {
        if (selector[j] === '(') depth += 1;
        else if (selector[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
    } else if (selector[i] === '[') {
      const end = selector.indexOf(']', i);
      i = end < 0 ? selector.length : end + 1;
    } else out += selector[i++];
  }
  return out;
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-]|[^\p{ASCII}])+)/gu;
const unescape = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_all, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );

/** The class names a selector needs on the page. */
export function selectorClasses(selector: string): string[] {
  return [...withoutNegations(selector).matchAll(CLASS)].map((match) => unescape(match[1]!));
}

/** Every class named in the page's `class` attributes. */
export function pageClasses(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of list!.split(/\s+/)) if (name) names.add(name.replace(/&amp;/g, '&'));
  return names;
}

/** The stylesheet with only the rules that can apply to a page using `classes`. */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  const prune = (text: string): string =>
    items(text)
      .map(({ prelude, body }) => {
        if (body === undefined) return `${prelude};`;
        if (GROUPING.test(prelude)) {
          const inner = prune(body);
          // An emptied layer stays, declared in its place in the order of layers.
          return inner || prelude.startsWith('@layer') ? `${prelude}{${inner}}` : '';
        }
        if (prelude.startsWith('@')) return `${prelude}{${body}}`;
        const applies = splitTopLevel(prelude).some((selector) => selectorClasses(selector).every((name) => classes.has(name)));
        return applies ? `${prelude}{${body}}` : '';
      })
      .join('');
  return prune(css.replace(/\/\*[\s\S]*?\*\//g, ''));
}
