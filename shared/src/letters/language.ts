/**
 * The language a text is written in, among the interface's ten and German, from its script and its
 * most common words: enough to tell a letter answered a Spanish post in English, not a linguist.
 * Returns null when the text is too short or mixed to say.
 */
export type TextLanguage = 'en' | 'zh' | 'hi' | 'es' | 'fr' | 'ar' | 'bn' | 'ru' | 'pt' | 'id' | 'de';
/**
 * Latin-script languages the detector also knows by their common words, so that a post in one of
 * them is not taken for a neighbour ("w", "do", "na" of a Polish post read as Portuguese): what a
 * post is written in (`detectPostLanguage`), never a language a letter is written in.
 */
export type OtherLanguage = 'it' | 'pl' | 'nl' | 'tr';

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
const OTHER_COMMON: Record<OtherLanguage, readonly string[]> = {
  it: (
    'il lo gli di che è per non del della dei delle nel nella siamo cerchiamo abbiamo nostro nostra sono anche ' +
    'dello degli dalla dal dai alla alle allo sulla sul nelle questo questa questi più ci ogni vostro vostra nostri nostre siete ho cerco molto già'
  ).split(' '),
  pl: 'w z na nie się jest że od dla po przez oraz są szukamy nasz nasza będzie lub który która'.split(' '),
  nl: 'het een van is dat op te met voor niet zijn wij ons onze je jij zoeken hebben naar ook'.split(' '),
  tr: 've bir bu için ile da mi çok olarak olan arıyoruz bizim gibi daha ama veya'.split(' '),
};

/** Each language's common words as a set, made once (a post is read for its language at every analysis). */
const VOTERS: ReadonlyArray<[string, ReadonlySet<string>]> = [...Object.entries(COMMON), ...Object.entries(OTHER_COMMON)].map(
  ([language, common]) => [language, new Set(common)],
);

/** The language a letter (or any text the product writes in) is in: null for another language too. */
export function detectLanguage(text: string): TextLanguage | null {
  const found = detectPostLanguage(text);
  return found === null || found in OTHER_COMMON ? null : (found as TextLanguage);
}

/** The language a post is written in: the ten, German, or one of the other Latin-script ones the detector knows. */
export function detectPostLanguage(text: string): TextLanguage | OtherLanguage | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 12) return null;
  for (const [language, script] of SCRIPTS) {
    const count = text.match(script)?.length ?? 0;
    if (count / letters > 0.3) return language;
  }
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const votes = new Map<string, number>();
  for (const [language, set] of VOTERS) votes.set(language, words.filter((w) => set.has(w)).length);
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 2 || first[1] < 1.5 * (second?.[1] ?? 0)) return null;
  return first[0] as TextLanguage | OtherLanguage;
}
