/**
 * The language a text is written in, among the interface's ten and German, from its script and its
 * most common words: enough to tell a letter answered a Spanish post in English, not a linguist.
 * Returns null when the text is too short or mixed to say.
 */
export type TextLanguage = 'en' | 'zh' | 'hi' | 'es' | 'fr' | 'ar' | 'bn' | 'ru' | 'pt' | 'id' | 'de';

const SCRIPTS: Array<[TextLanguage, RegExp]> = [
  ['ar', /\p{Script=Arabic}/gu],
  ['zh', /\p{Script=Han}/gu],
  ['hi', /\p{Script=Devanagari}/gu],
  ['bn', /\p{Script=Bengali}/gu],
  ['ru', /\p{Script=Cyrillic}/gu],
];

/** Frequent short words that mostly belong to one Latin-script language. */
const COMMON: Record<'en' | 'es' | 'fr' | 'pt' | 'id' | 'de', readonly string[]> = {
  en: 'the and to of is for with we you are our this that need have will be on in it an i my your'.split(' '),
  es: 'el la los las de que y en un una para con es por necesitamos se del al su tu nuestro como más'.split(' '),
  fr: 'le la les de des et en un une pour avec est nous vous sur du au dans pas qui notre votre'.split(' '),
  pt: 'o a os as de que e em um uma para com é por não do da dos das nosso nossa você precisamos'.split(' '),
  id: 'yang dan di untuk dengan ini itu kami anda saya dari ke pada adalah akan bisa tidak'.split(' '),
  de: 'der die das und ist ich wir sie mit für ein eine nicht auf den zu von im unsere ihr'.split(' '),
};

export function detectLanguage(text: string): TextLanguage | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 12) return null;
  for (const [language, script] of SCRIPTS) {
    const count = text.match(script)?.length ?? 0;
    if (count / letters > 0.3) return language;
  }
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const votes = new Map<string, number>();
  for (const [language, common] of Object.entries(COMMON)) {
    const set = new Set(common);
    votes.set(language, words.filter((w) => set.has(w)).length);
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 2 || first[1] < 1.5 * (second?.[1] ?? 0)) return null;
  return first[0] as TextLanguage;
}
