import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated string with named tags in it (`…the <terms>Terms of service</terms>…`): each tag's
 * text is rendered inside the element given for its name, the rest as text (escaped by React); a
 * tag without an element shows its text alone. The markup react-i18next's `<Trans>` reads, for the
 * flat tags our strings use, without its HTML parser (4 KB of the sign-up page).
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, ReactElement<{ children?: ReactNode }>> }) {
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > end) parts.push(text.slice(end, match.index));
    const [whole, name = '', inner] = match;
    const element = tags[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    end = match.index + whole.length;
  }
  if (end < text.length) parts.push(text.slice(end));
  return <>{parts}</>;
}
