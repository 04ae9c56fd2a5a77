import type * as authSchemas from '@shared/schemas/auth';
import type * as validationRules from '@shared/validation';
import type { ZodType } from 'zod';
import { ApiError, ClientErrorCode } from '../../lib/api';
import { fieldErrors, type Translate } from '../../lib/form-errors';

type AuthSchemas = typeof authSchemas & typeof validationRules;

let loading: Promise<AuthSchemas> | undefined;

/**
 * The request schemas of the account calls (`@shared/schemas/auth`), the rules they are made of
 * (`@shared/validation`) and zod with them, loaded when an account form is first used rather than
 * with its page: a visitor who only looks, or is sent on because they are signed in, never
 * downloads them. Loaded once; a failed load (offline before the app is cached) is reported as the
 * client's `offline` error, like a call that could not reach the server, and tried again on the
 * next call.
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= Promise.all([import('@shared/schemas/auth'), import('@shared/validation')])
    .then(([auth, rules]) => ({ ...rules, ...auth }))
    .catch((error: unknown) => {
      loading = undefined;
      const message = error instanceof Error ? error.message : String(error);
      throw new ApiError({ status: 0, code: ClientErrorCode.offline, message });
    });
  return loading;
}

/** Starts loading the schemas (a form's `prepare`); a failure is left to the submit, which reports it. */
export function prefetchAuthSchemas(): void {
  loadAuthSchemas().catch(() => undefined);
}

/**
 * Checks a form's values against one of the account schemas. When they pass, the form's errors are
 * cleared and the parsed values returned; otherwise the first problem of each field is shown under
 * it (under `field` for a schema of a single value) and the result is `undefined`. A schema load
 * that fails is thrown, for the submit to report like a failed call.
 */
export async function checkForm<T>(
  pick: (schemas: AuthSchemas) => ZodType<T>,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
  t: Translate,
  field?: string,
): Promise<T | undefined> {
  const parsed = pick(await loadAuthSchemas()).safeParse(values);
  if (parsed.success) {
    setErrors({});
    return parsed.data;
  }
  const issues = field ? parsed.error.issues.map((issue) => ({ ...issue, path: [field] })) : parsed.error.issues;
  setErrors(fieldErrors(t, issues));
  return undefined;
}
