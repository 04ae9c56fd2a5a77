/**
 * Tidying a filled prompt around the placeholders: the article before a value agrees with it ("an
 * hourly contract", "a fixed-price contract"), and an empty value leaves no dangling punctuation or
 * preposition behind ("fits a contract of , and note my availability: ." becomes "fits a contract,
 * and note my availability."). Only text next to a placeholder is touched.
 */

/** Where an empty value was. */
export const GAP = '\uE000';
/** Where a value starts. */
export const VALUE = '\uE001';

/** Words read with a vowel sound first ("an hour", "an SEO audit" aside: letters are not handled). */
const vowelSound = (word: string) => /^(hour|honest|honou?r|heir|[aeio]|u(?!n[iy]|s[eu]|r[aeiou]|til|biq))/i.test(word);

/** "a hourly" → "an hourly", "an fixed-price" → "a fixed-price", right before a placed value. */
export function fixArticles(text: string): string {
  return text.replace(
    /\b([Aa])n?([ \t]+)\uE001(?=([\p{L}\p{N}]+))/gu,
    (_match, a: string, space: string, word: string) => `${a}${vowelSound(word) ? 'n' : ''}${space}${VALUE}`,
  );
}

const PREPOSITION = '(?:of|for|with|in|at|as|from|by|to|on|about|is|are|like)';
/** What may follow a gap at the end of a clause. */
const CLAUSE_END = '(?=[ \\t]*(?:[,;:.!?)]|\\n|$))';

/** Removes the gaps of empty values and the punctuation they leave dangling. */
export function closeGaps(text: string): string {
  if (!text.includes(GAP)) return text.replaceAll(VALUE, '');
  let out = text
    // "(GAP)" → nothing.
    .replace(/\([ \t]*\uE000[ \t]*\)/g, GAP)
    // "a contract of\nGAP, and" → "a contract GAP, and": a preposition left with nothing after it.
    .replace(new RegExp(`[ \\t]+\\b${PREPOSITION}\\b[ \\t]*\\n?[ \\t]*${GAP}${CLAUSE_END}`, 'gi'), ` ${GAP}`)
    // "availability: GAP." → "availability GAP.": a label with nothing after it, at the end of a sentence.
    .replace(new RegExp(`:[ \\t]*${GAP}(?=[ \\t]*(?:[.!?]|\\n|$))`, 'g'), GAP)
    // "Name: GAP, Title" → "Name: Title"; "x, GAP, y" → "x, y".
    .replace(new RegExp(`:[ \\t]*${GAP}[ \\t]*,[ \\t]*`, 'g'), ': ')
    .replace(new RegExp(`,[ \\t]*${GAP}[ \\t]*(?=,)`, 'g'), '')
    // "GAP, and note" at the start of a line → "and note".
    .replace(new RegExp(`(^|\\n)([ \\t]*(?:[-*•][ \\t]+)?)${GAP}[ \\t]*[,;][ \\t]*`, 'g'), `$1$2${GAP}`)
    // "x, GAP." → "x GAP.".
    .replace(new RegExp(`[,;][ \\t]*${GAP}${CLAUSE_END}`, 'g'), GAP);
  // On the lines that had a gap: no space before punctuation, no double spaces, no trailing comma.
  out = out
    .split('\n')
    .map((line) => {
      if (!line.includes(GAP)) return line;
      return line
        .replaceAll(GAP, ' ')
        .replace(/(\S)[ \t]{2,}/g, '$1 ')
        .replace(/[ \t]+([,.;:!?)])/g, '$1')
        .replace(/\([ \t]+/g, '(')
        .replace(/^([ \t]*(?:[-*•][ \t]+)?)[ \t]*[,;][ \t]*/, '$1')
        .replace(/[ \t]*[,;][ \t]*$/, '')
        .replace(/[ \t]+$/, '')
        .replace(/^[ \t]+(?=\S)/, (indent) => (/^\s*[-*•]/.test(line) ? indent : ''));
    })
    .join('\n');
  return out.replaceAll(VALUE, '');
}
