import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
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

/**
 * Every JSON request body is read once (as bytes, so a signed webhook keeps its exact bytes) and
 * refused with 400 when it nests deeper than MAX_JSON_DEPTH, before any handler parses it.
 */
export function jsonDepthLimit(max = MAX_JSON_DEPTH) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (/json/i.test(requestHeader(c, 'content-type') ?? '')) {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (jsonDepthExceeds(bytes, max)) {
        throw new AppError(ErrorCode.malformedBody, `The request body is nested too deeply (at most ${max} levels)`);
      }
    }
    await next();
  });
}
