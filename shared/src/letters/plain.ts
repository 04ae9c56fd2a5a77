import { trimAtSentence } from '../prompt-fill';

/**
 * A letter as the marketplaces take it: plain text (neither renders markdown: `**bold**` reaches the
 * client as asterisks) and within the marketplace's limit, cut in the body so the closing question
 * and the sign-off survive.
 */

/** Markdown a model writes out of habit, turned into the plain text it meant. */
export function toPlainText(text: string): string {
  return text
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/__([^_\n]+)__/g, '$1')
    .replace(/(?<![\w*])\*([^*\n]+)\*(?![\w*])/g, '$1')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\[([^\]\n]+)\]\(((?:https?:\/\/)[^)\s]+)\)/g, '$1 ($2)')
    .replace(/^(\s*)[*+]\s+/gm, '$1• ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The paragraphs at the end that close the letter: a short question, thanks, a sign-off. */
function closing(paragraphs: string[], max: number): number {
  let keep = 0;
  let length = 0;
  for (let i = paragraphs.length - 1; i > 0; i--) {
    const p = paragraphs[i]!;
    if (p.length > 300 || length + p.length > max * 0.35) break;
    keep++;
    length += p.length + 2;
  }
  return keep;
}

/** The letter within `max` characters: the body cut at a sentence, its closing paragraphs kept whole. */
export function trimKeepingClose(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  const paragraphs = value.split(/\n{2,}/);
  const keep = closing(paragraphs, max);
  if (keep === 0) return trimAtSentence(value, max);
  const tail = paragraphs.slice(-keep).join('\n\n');
  const body = paragraphs.slice(0, -keep).join('\n\n');
  const room = max - tail.length - 2;
  if (room < max * 0.4) return trimAtSentence(value, max);
  return `${trimAtSentence(body, room)}\n\n${tail}`;
}
