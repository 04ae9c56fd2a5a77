import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './protocol';
import { ApiError, ClientErrorCode, DEFAULT_TIMEOUT_MS, errorFromBody } from '../lib/api';

export interface SyncRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the API base, e.g. `/automations/abc`. */
  path: string;
  body?: unknown;
  /** Sent as `Idempotency-Key` (the outbox entry's id). */
  idempotencyKey?: string;
}

export interface SyncResponse {
  status: number;
  body: unknown;
  /** The server answered a replay of an earlier request with this key. */
  replayed: boolean;
}

/**
 * How the sync engine reaches the server. Answers 2xx; anything else throws an ApiError (status 0
 * for no answer: offline or timeout). No DOM use: runs in the page and in the service worker.
 */
export interface SyncTransport {
  send(request: SyncRequest): Promise<SyncResponse>;
}

export interface FetchTransportOptions {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Called on a 401 (the session is gone). */
  onUnauthorized?: (error: ApiError) => void;
}

/**
 * The fetch transport: the same as `lib/api.ts` (JSON, the session's HttpOnly cookie, 15 s timeout)
 * plus the key. The page and the service worker alike send the cookie; neither holds the token.
 */
export function createFetchTransport(options: FetchTransportOptions = {}): SyncTransport {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  return {
    async send(request) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (request.idempotencyKey) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
      const hasBody = request.body !== undefined;
      if (hasBody) headers['Content-Type'] = 'application/json';

      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
          signal: controller.signal,
          credentials: 'same-origin',
          cache: 'no-store',
        });
      } catch {
        throw timedOut
          ? new ApiError({ status: 0, code: ClientErrorCode.timeout, message: 'The server took too long to answer' })
          : new ApiError({ status: 0, code: ClientErrorCode.offline, message: 'Could not reach the server' });
      } finally {
        clearTimeout(timer);
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
        if (response.status === 401) options.onUnauthorized?.(error);
        throw error;
      }
      return { status: response.status, body, replayed: response.headers.get(REPLAYED_HEADER) === 'true' };
    },
  };
}
