import type { ErrorBody, ErrorCode } from '@shared/errors';

/** Codes the client itself produces when no server answer arrived (translated as `errors.<code>`). */
export const ClientErrorCode = {
  offline: 'offline',
  timeout: 'timeout',
  unknown: 'unknown',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export type ApiErrorDetails = NonNullable<ErrorBody['details']>;

/** An API call that did not succeed: the server's error body, or a client-side failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details: ApiErrorDetails | undefined;

  constructor(init: { status: number; code: ErrorCode | ClientErrorCode; message: string; details?: ApiErrorDetails }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
  /** Base path of every call; `/api` by default. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Whether the browser says it is online (a network failure while offline reads "offline"). */
  isOnline?: () => boolean;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The fetch cache mode (the sync asks for `no-store`); the browser's default when unset. */
  cache?: RequestCache;
}

/** A 2xx answer as it came: its status, its JSON body (undefined when empty or not JSON) and its headers. */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export type UnauthorizedListener = (error: ApiError) => void;

/**
 * Reads a server answer's body into a typed value, throwing when it is not one: a zod schema of
 * shared/src/schemas, or a light hand-written guard (lib/guards.ts) where zod stays off the download.
 */
export interface AnswerParser<T> {
  parse(body: unknown): T;
}

/** For a call whose answer is not read (only whether it succeeded). */
export const ignoreAnswer: AnswerParser<void> = { parse: () => undefined };

export type CallOptions = Omit<RequestOptions, 'body'>;

export interface ApiClient {
  /** One call, answered with its status, body and headers (the sync transport reads all three). */
  exchange(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** Each call's answer is read with `parse`; what it throws, the call throws. */
  get<T>(path: string, parse: AnswerParser<T>, options?: CallOptions): Promise<T>;
  post<T>(path: string, body: unknown, parse: AnswerParser<T>, options?: CallOptions): Promise<T>;
  put<T>(path: string, body: unknown, parse: AnswerParser<T>, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body: unknown, parse: AnswerParser<T>, options?: CallOptions): Promise<T>;
  delete<T>(path: string, parse: AnswerParser<T>, options?: CallOptions): Promise<T>;
  /** Called on every 401 answer (the session is gone); returns an unsubscribe function. */
  onUnauthorized(listener: UnauthorizedListener): () => void;
}

/** Reads a server error body `{ message, code, details? }` into an ApiError, tolerating anything else. */
export function errorFromBody(status: number, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : `Request failed (HTTP ${status})`;
  const code = typeof record.code === 'string' && record.code ? (record.code as ErrorCode) : ClientErrorCode.unknown;
  const details = record.details && typeof record.details === 'object' ? (record.details as ApiErrorDetails) : undefined;
  return new ApiError({ status, code, message, details });
}

/**
 * The one JSON client of the PWA (every screen, and the sync's transport): base `/api`, 15 s
 * timeout, the session riding the server's HttpOnly cookie (same origin), answers read with the
 * caller's parser, failures thrown as ApiError, every 401 reported to the `onUnauthorized`
 * listeners. No DOM use: it runs in the page and in the service worker.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const listeners = new Set<UnauthorizedListener>();

  async function exchange(method: string, path: string, requestOptions: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
    const hasBody = requestOptions.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const outerSignal = requestOptions.signal;
    const onOuterAbort = () => controller.abort();
    outerSignal?.addEventListener('abort', onOuterAbort, { once: true });

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, {
        method,
        headers,
        body: hasBody ? JSON.stringify(requestOptions.body) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
        ...(requestOptions.cache ? { cache: requestOptions.cache } : {}),
      });
    } catch (cause) {
      if (timedOut) {
        throw new ApiError({ status: 0, code: ClientErrorCode.timeout, message: 'The server took too long to answer' });
      }
      if (outerSignal?.aborted) throw cause;
      throw new ApiError({
        status: 0,
        code: ClientErrorCode.offline,
        message: isOnline() ? 'Could not reach the server' : 'You appear to be offline',
      });
    } finally {
      clearTimeout(timer);
      outerSignal?.removeEventListener('abort', onOuterAbort);
    }

    const text = await response.text().catch(() => '');
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }

    if (!response.ok) {
      const error = errorFromBody(response.status, body);
      if (response.status === 401) for (const listener of [...listeners]) listener(error);
      throw error;
    }
    return { status: response.status, body, headers: response.headers };
  }

  async function request<T>(method: string, path: string, parse: AnswerParser<T>, requestOptions: RequestOptions = {}): Promise<T> {
    return parse.parse((await exchange(method, path, requestOptions)).body);
  }

  return {
    exchange,
    get: (path, parse, o) => request('GET', path, parse, o),
    post: (path, body, parse, o) => request('POST', path, parse, { ...o, body }),
    put: (path, body, parse, o) => request('PUT', path, parse, { ...o, body }),
    patch: (path, body, parse, o) => request('PATCH', path, parse, { ...o, body }),
    delete: (path, parse, o) => request('DELETE', path, parse, o),
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
