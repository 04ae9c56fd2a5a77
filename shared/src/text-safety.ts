/**
 * Text the product stores and sends as it is: no NUL character (PostgreSQL's text and jsonb refuse
 * it, C strings end at it) and no unpaired UTF-16 surrogate (no UTF-8 can carry it, and jsonb refuses
 * its escape). Every request's strings are held to it, on both engines alike.
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one. */
// The NUL is the character looked for: a control character in this pattern on purpose.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
