import { validationKey } from '@shared/validation-messages';
import { isApiError } from './api';

/** The i18n function as used for keys built at run time (`validation.<key>`, `errors.<code>`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Issue {
  path: ReadonlyArray<PropertyKey> | string;
  message: string;
}

/** A shared validation message in the current language (or as given when it is not one of ours). */
export function translateValidation(t: Translate, message: string): string {
  const key = validationKey(message);
  return key ? t(`validation.${key}`) : message;
}

/** The first message per top-level field of zod issues or the server's `details.issues`. */
export function fieldErrors(t: Translate, issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? (issue.path.split('.')[0] ?? '') : String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = translateValidation(t, issue.message);
  }
  return errors;
}

/**
 * The text to show for a failed call. English shows the server's own message (the
 * specification's words); other languages show `errors.<code>`; a field problem shows its
 * validation message; no usable answer shows `fallback`.
 */
export function errorText(t: Translate, language: string, error: unknown, fallback: string, exists: (key: string) => boolean): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return t(`errors.${error.code}`);
  const issue = error.details?.issues?.[0];
  if (issue && validationKey(issue.message)) return translateValidation(t, issue.message);
  if (error.code === 'unknown') return fallback;
  if (language.startsWith('en') && error.message) return error.message;
  const key = `errors.${error.code}`;
  return exists(key) ? t(key) : error.message || fallback;
}

/** A state updater that forgets one field's error (used when the user edits that field). */
export function withoutError(field: string) {
  return (errors: Record<string, string>): Record<string, string> => {
    if (!(field in errors)) return errors;
    const next = { ...errors };
    delete next[field];
    return next;
  };
}
