import type * as authSchemas from '@shared/schemas/auth';

type AuthSchemas = typeof authSchemas;

let loading: Promise<AuthSchemas> | undefined;

/**
 * The request schemas of the account calls (`@shared/schemas/auth`, and zod with them), loaded when
 * a sign-in or sign-up form is first used rather than with its page: a visitor who only looks, or
 * is sent on because they are signed in, never downloads them. Loaded once; a failed load (offline
 * before the app is cached) is tried again on the next call.
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@shared/schemas/auth').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the schemas (a form's `prepare`); a failure is left to the submit, which reports it. */
export function prefetchAuthSchemas(): void {
  loadAuthSchemas().catch(() => undefined);
}
