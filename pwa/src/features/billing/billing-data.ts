import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  paymentHistoryResponseSchema,
  paymentMethodResponseSchema,
  referralsResponseSchema,
  subscriptionResponseSchema,
} from '@shared/schemas/billing';
import { planQuotesResponseSchema } from '@shared/schemas/plan-change';
import { useAuth, useApi } from '../../session/session-provider';
import { isApiError, type ApiClient } from '../../lib/api';
import { billingCacheKey, readCached, writeCached } from './billing-cache';
import { billingMessageKey } from './billing-errors';
import { looseT, type LooseT } from '../../lib/loose-t';

/**
 * The translate function of the billing screens, loosely typed: many of their keys are computed
 * (`billing.status.<status>`, `plans.<id>.name`, error codes), which the typed `t` cannot check.
 */
export type { LooseT };

export function useBillingT() {
  const { t, i18n } = useTranslation();
  return { t: looseT(t), i18n, language: i18n.resolvedLanguage ?? i18n.language };
}

/**
 * The text for a failed billing call: the server's words in English, our translation of a known
 * billing message in other languages, the client's offline / timeout text, else `fallback`.
 */
export function billingErrorText(t: LooseT, language: string, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return t(`errors.${error.code}`);
  const key = billingMessageKey(error.message);
  if (key) return t(key);
  if (language.startsWith('en') && error.message && error.code !== 'unknown') return error.message;
  return fallback;
}

/** The billing screens' reads, each through the page's API client. */
export const billingApi = {
  subscription: (api: ApiClient, signal?: AbortSignal) =>
    api.get('/plans/subscription', subscriptionResponseSchema, { signal }).then((r) => r.data ?? null),
  paymentMethod: (api: ApiClient, signal?: AbortSignal) =>
    api.get('/payments/method', paymentMethodResponseSchema, { signal }).then((r) => r.data ?? null),
  history: (api: ApiClient, signal?: AbortSignal) =>
    api.get('/payments/history', paymentHistoryResponseSchema, { signal }).then((r) => r.data ?? []),
  referrals: (api: ApiClient, signal?: AbortSignal) => api.get('/user/referrals', referralsResponseSchema, { signal }),
  quotes: (api: ApiClient, signal?: AbortSignal) =>
    api.get('/plans/quotes', planQuotesResponseSchema, { signal }).then((r) => r.data ?? []),
};

export interface Resource<T> {
  /** The answer, or the saved copy when the call failed and one exists. */
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** When the shown data is a saved copy: the time it was saved. */
  cachedAt: number | null;
  reload: () => void;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Loads one billing answer from the API; keeps each good answer in session storage (per user) and
 * shows that saved copy, marked as saved, when a later load fails (offline).
 */
export function useBillingResource<T>(what: string, load: (api: ApiClient, signal: AbortSignal) => Promise<T>): Resource<T> {
  const api = useApi();
  const { user } = useAuth();
  const userId = user?.id ?? 'anonymous';
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ key: string; data: T | undefined; error: unknown; cachedAt: number | null; done: boolean }>({
    key: '',
    data: undefined,
    error: null,
    cachedAt: null,
    done: false,
  });
  const key = `${billingCacheKey(userId, what)}#${version}`;

  useEffect(() => {
    const controller = new AbortController();
    const cacheKey = billingCacheKey(userId, what);
    load(api, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        writeCached(sessionStore(), cacheKey, data, Date.now());
        setState({ key, data, error: null, cachedAt: null, done: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const saved = readCached<T>(sessionStore(), cacheKey);
        setState({ key, data: saved?.value, error, cachedAt: saved?.savedAt ?? null, done: true });
      },
    );
    return () => controller.abort();
    // `load` is a stable module function for each caller, `api` the page's one client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    loading: !current || !state.done,
    error: current ? state.error : null,
    cachedAt: current ? state.cachedAt : null,
    reload,
  };
}
