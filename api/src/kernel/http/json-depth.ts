import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { isStorableText } from '@shared/text-safety';
import { AppError } from '../errors';
import { requestHeader, type AppEnv } from './context';

/** Deeper than any body of ours (the deepest schema is about five levels): room to spare, none to abuse. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests arrays or objects deeper than `max`, judged from its bytes alone (brackets
 * inside strings do not count). Runs before any parser, so a body built to overflow a recursive walk
 * (the validators', a `String()` of an array) never gets that far.
 */
export function jsonDepthExceeds(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPEN.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(byte)) {
      depth--;
    }
  }
  return false;
}

const hexValue = (bytes: Uint8Array, at: number): number => {
  let value = 0;
  for (let k = at; k < at + 4; k++) {
    const byte = bytes[k];
    if (byte === undefined) return -1;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
};

/**
 * Whether JSON text's strings escape a character no database can store (shared/src/text-safety.ts):
 * `\u0000`, or a `\uD800`–`\uDFFF` escape that is not half of a pair. Judged from the bytes alone
 * (a raw NUL is not valid JSON, and raw UTF-8 cannot carry a surrogate), before any parser.
 */
export function jsonEscapesUnstorable(bytes: Uint8Array): boolean {
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (!inString) {
      if (byte === QUOTE) inString = true;
      continue;
    }
    if (byte === QUOTE) {
      inString = false;
      continue;
    }
    if (byte !== BACKSLASH) continue;
    if (bytes[i + 1] !== 0x75) {
      i++;
      continue;
    }
    const unit = hexValue(bytes, i + 2);
    if (unit === 0) return true;
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = bytes[i + 6] === BACKSLASH && bytes[i + 7] === 0x75 ? hexValue(bytes, i + 8) : -1;
      if (low < 0xdc00 || low > 0xdfff) return true;
      i += 6;
    }
    i += 5;
  }
  return false;
}

/** What a request is told when its text holds a character that cannot be stored. */
export const UNSTORABLE_TEXT = 'The request contains a character that cannot be saved (a NUL or a broken Unicode character)';

/**
 * Every JSON request body is read once (as bytes, so a signed webhook keeps its exact bytes) and
 * refused with 400 when it nests deeper than MAX_JSON_DEPTH, or when a string escapes a NUL or an
 * unpaired surrogate, before any handler parses it.
 */
export function jsonDepthLimit(max = MAX_JSON_DEPTH) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (/json/i.test(requestHeader(c, 'content-type') ?? '')) {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (jsonDepthExceeds(bytes, max)) {
        throw new AppError(ErrorCode.malformedBody, `The request body is nested too deeply (at most ${max} levels)`);
      }
      if (jsonEscapesUnstorable(bytes)) throw new AppError(ErrorCode.validation, `${UNSTORABLE_TEXT} in its body`);
    }
    await next();
  });
}

/**
 * The request's address (its path and query) must decode to storable text: `%00`, a percent-encoded
 * surrogate or any sequence that is not UTF-8 is refused with 400 before a route reads a parameter.
 */
export function addressTextGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    checkAddressText(c.req.url);
    await next();
  });
}

/** Throws the 400 of `addressTextGuard` when the URL's path and query do not decode to storable text. */
export function checkAddressText(url: string): void {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const address = start < 0 ? '' : url.slice(start);
  if (!address.includes('%')) return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(address);
  } catch {
    throw new AppError(ErrorCode.validation, `${UNSTORABLE_TEXT} in its address`);
  }
  if (!isStorableText(decoded)) throw new AppError(ErrorCode.validation, `${UNSTORABLE_TEXT} in its address`);
}
