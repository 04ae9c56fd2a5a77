import type { AnswerParser } from './api';

/**
 * Light checks of server answers, where zod stays off the download (the first load, the sync and
 * the service worker): a few fields' types, then the value is taken for what the contract says.
 */

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type FieldKind = 'string' | 'number' | 'boolean' | 'object';

/** Whether `value` is an object whose named fields have these types (`object`: a plain object). */
export function hasFields<T>(value: unknown, fields: { [K in keyof T]?: FieldKind }): value is T {
  if (!isRecord(value)) return false;
  return Object.entries(fields).every(([key, kind]) => (kind === 'object' ? isRecord(value[key]) : typeof value[key] === kind));
}

/** One field of a record, by a name known only at run time. */
export const fieldOf = (record: Readonly<Record<string, unknown>>, field: string): unknown => record[field];

/** An answer parser from a check: the body when it passes, else an error naming what was expected. */
export function guard<T>(what: string, check: (body: unknown) => body is T): AnswerParser<T> {
  return {
    parse(body) {
      if (!check(body)) throw new Error(`The server's answer is not ${what}`);
      return body;
    },
  };
}
