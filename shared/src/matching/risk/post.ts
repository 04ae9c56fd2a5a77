import { wordPrefixes } from './gate';
import { lowerText } from './pattern';

/** A post as the assessment reads it: its text (for quotes), lower-cased (for patterns, same indices), and its words' prefixes (for gates). */
export interface Post {
  text: string;
  lower: string;
  prefixes: ReadonlySet<string>;
  /** It holds Chinese characters (phrases in Chinese have no words to gate on). */
  han: boolean;
}

const HAN = /\p{Script=Han}/u;

export function readPost(text: string): Post {
  const lower = lowerText(text);
  return { text, lower, prefixes: wordPrefixes(lower), han: HAN.test(lower) };
}
