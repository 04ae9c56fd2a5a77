import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorFromBody, ignoreAnswer } from './api';

/** Takes the answer's body as it is. */
const asIs = { parse: (body: unknown) => body };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers but rejects when its signal aborts, like the real one. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
}

describe('createApiClient', () => {
  it('prefixes /api, sends JSON with the session cookie (never a bearer token) and unwraps the body', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { data: { id: 'u1' } }));
    const api = createApiClient({ fetch: fetchMock });

    await expect(api.post('/auth/signin', { email: 'a@gmail.com' }, asIs)).resolves.toEqual({ data: { id: 'u1' } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/signin');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@gmail.com' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.credentials).toBe('same-origin');
  });

  it('throws the server error body as an ApiError', async () => {
    const api = createApiClient({
      fetch: async () => jsonResponse(429, { message: 'Please wait', code: 'rate_limited', details: { retryAfterSeconds: 42 } }),
    });
    const error = await api.post('/auth/resend-verification', { email: 'a@gmail.com' }, asIs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Please wait', details: { retryAfterSeconds: 42 } });
  });

  it('tells its listeners about a 401 and still throws', async () => {
    const api = createApiClient({
      fetch: async () => jsonResponse(401, { message: 'Not signed in', code: 'unauthorized' }),
    });
    const onUnauthorized = vi.fn();
    const stop = api.onUnauthorized(onUnauthorized);
    await expect(api.get('/auth/user', asIs)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    stop();
    await expect(api.get('/auth/user', asIs)).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the 401 listeners on other errors', async () => {
    const api = createApiClient({ fetch: async () => jsonResponse(403, { message: 'No', code: 'forbidden' }) });
    const onUnauthorized = vi.fn();
    api.onUnauthorized(onUnauthorized);
    await expect(api.get('/x', asIs)).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a slow answer into a timeout ApiError', async () => {
    const api = createApiClient({ fetch: hangingFetch(), timeoutMs: 10 });
    await expect(api.get('/slow', asIs)).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('turns a network failure into an offline ApiError', async () => {
    const api = createApiClient({
      isOnline: () => false,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/x', asIs)).rejects.toMatchObject({ status: 0, code: 'offline', message: 'You appear to be offline' });
  });

  it('keeps a caller abort as the caller’s error', async () => {
    const api = createApiClient({ fetch: hangingFetch(), timeoutMs: 1000 });
    const controller = new AbortController();
    const call = api.get('/x', asIs, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toHaveProperty('name', 'AbortError');
  });

  it('reads a non-JSON error as an unknown error with the status', async () => {
    const api = createApiClient({ fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(api.get('/x', asIs)).rejects.toMatchObject({ status: 502, code: 'unknown' });
  });

  it('answers undefined for an empty success body', async () => {
    const api = createApiClient({ fetch: async () => new Response(null, { status: 204 }) });
    await expect(api.delete('/x', ignoreAnswer)).resolves.toBeUndefined();
  });
});

describe('answers read by the caller’s parser', () => {
  it('gives what the parser makes of the body, and throws what it throws', async () => {
    const api = createApiClient({ fetch: async () => jsonResponse(200, { data: { id: 'u1' } }) });
    await expect(api.get('/auth/user', { parse: (body) => (body as { data: { id: string } }).data.id })).resolves.toBe('u1');
    const refused = new Error('not a user');
    await expect(
      api.get('/auth/user', {
        parse: () => {
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
  });
});

describe('errorFromBody', () => {
  it('tolerates a body without message or code', () => {
    expect(errorFromBody(500, null)).toMatchObject({ status: 500, code: 'unknown', message: 'Request failed (HTTP 500)' });
  });
});
