import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './protocol';
import { createApiClient, type ApiClient, type ApiError } from '../lib/api';

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
 * The fetch transport: the API client of `lib/api.ts` (JSON, the session's HttpOnly cookie, 15 s
 * timeout, the error body read into an ApiError) plus the key, never from the HTTP cache. The page
 * and the service worker alike send the cookie; neither holds the token.
 */
export function createFetchTransport(options: FetchTransportOptions = {}): SyncTransport {
  const client: ApiClient = createApiClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    // A sync that got no answer records "Could not reach the server"; whether the browser is
    // offline the sync loop knows from its own state.
    isOnline: () => true,
  });
  if (options.onUnauthorized) client.onUnauthorized(options.onUnauthorized);

  return {
    async send(request) {
      const headers: Record<string, string> = {};
      if (request.idempotencyKey) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
      const answer = await client.exchange(request.method, request.path, { body: request.body, headers, cache: 'no-store' });
      return { status: answer.status, body: answer.body, replayed: answer.headers.get(REPLAYED_HEADER) === 'true' };
    },
  };
}
