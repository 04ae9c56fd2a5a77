import type * as authSchemas from '@shared/schemas/auth';
import type * as validationRules from '@shared/validation';

type AuthSchemas = typeof authSchemas & typeof validationRules;

let loading: Promise<AuthSchemas> | undefined;

/**
 * The request schemas of the account calls (`@shared/schemas/auth`), the rules they are made of
 * (`@shared/validation`) and zod with them, loaded when an account form is first used rather than
 * with its page: a visitor who only looks, or is sent on because they are signed in, never
 * downloads them. Loaded once; a failed load (offline before the app is cached) is tried again on
 * the next call.
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= Promise.all([import('@shared/schemas/auth'), import('@shared/validation')])
    .then(([auth, rules]) => ({ ...rules, ...auth }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Starts loading the schemas (a form's `prepare`); a failure is left to the submit, which reports it. */
export function prefetchAuthSchemas(): void {
  loadAuthSchemas().catch(() => undefined);
}
