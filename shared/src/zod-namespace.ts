/**
 * zod as the shared schemas use it (`z` in ./zod.ts is this module): every export of zod, with
 * `string()` holding each text to `isStorableText` (no NUL, no unpaired surrogate), so a request
 * carrying one is refused with a clear 400 by whichever schema reads it, and never reaches a database.
 */
import { string as zodString } from 'zod';
import { isStorableText } from './text-safety';
import { validationMessages } from './validation-messages';

export * from 'zod';

/** zod's `string()`, refusing text no database can store (a local export takes precedence over zod's). */
export function string(params?: Parameters<typeof zodString>[0]) {
  return zodString(params).refine(isStorableText, { error: validationMessages.textCharacters, abort: true });
}
