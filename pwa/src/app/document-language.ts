import { textDirection } from '@shared/languages';

/** The part of `document.documentElement` the language switch touches. */
export interface LanguageTarget {
  lang: string;
  dir: string;
}

/** Sets the page's `lang` and `dir` (right-to-left for ar, he, fa, ur) for a language. */
export function applyDocumentLanguage(target: LanguageTarget, language: string): void {
  target.lang = language;
  target.dir = textDirection(language);
}
