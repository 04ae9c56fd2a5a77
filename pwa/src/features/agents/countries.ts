/**
 * Country codes for the agent's excluded countries: a two-letter code, or a country's name in the
 * reader's language or English, as the ISO 3166 code the marketplaces give clients' countries in.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const names = new Map<string, Map<string, string>>();

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

/** A country's name in `language` (the code itself when unknown). */
export function countryName(code: string, language: string): string {
  return regionNames(language)?.of(code.toUpperCase()) ?? code.toUpperCase();
}

/** Every region's name in `language`, lower case, to its code (built once per language). */
function namesIn(language: string): Map<string, string> {
  let map = names.get(language);
  if (map) return map;
  map = new Map();
  const display = regionNames(language);
  if (display) {
    for (const a of LETTERS) {
      for (const b of LETTERS) {
        const code = `${a}${b}`;
        const name = display.of(code);
        if (name && name !== code) map.set(name.toLocaleLowerCase(language), code);
      }
    }
  }
  names.set(language, map);
  return map;
}

/** The code a typed country stands for (a known code, or a name), or null when it is none. */
export function countryCode(typed: string, language: string): string | null {
  const text = typed.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    return regionNames('en')?.of(code) ? code : null;
  }
  const key = text.toLocaleLowerCase(language);
  return namesIn(language).get(key) ?? namesIn('en').get(text.toLowerCase()) ?? null;
}
