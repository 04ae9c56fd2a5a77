import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api';
import { createEarlyAnswers } from './early-answers';

const asIs = { parse: (body: unknown) => body };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('early answers', () => {
  it('asks once, with the session cookie and never from the HTTP cache, and gives the answer once', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { agents: [] }));
    const early = createEarlyAnswers({ fetch: fetchMock });
    early.ask('/api/sync/start');
    early.ask('/api/sync/start');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sync/start');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-store' });

    const answer = await early.take('/api/sync/start');
    expect(await answer?.json()).toEqual({ agents: [] });
    expect(early.take('/api/sync/start')).toBeUndefined();
    expect(early.take('/api/sync/figures')).toBeUndefined();
  });

  it('gives null for a refusal or a failure, and nothing once its time has passed', async () => {
    let now = 0;
    const early = createEarlyAnswers({
      now: () => now,
      ttlMs: 1000,
      fetch: async (input) => {
        if (String(input).endsWith('refused')) return jsonResponse(401, { code: 'unauthorized' });
        if (String(input).endsWith('down')) throw new TypeError('Failed to fetch');
        return jsonResponse(200, {});
      },
    });
    early.ask('/api/refused');
    early.ask('/api/down');
    early.ask('/api/late');
    await expect(early.take('/api/refused')).resolves.toBeNull();
    await expect(early.take('/api/down')).resolves.toBeNull();
    now = 1001;
    expect(early.take('/api/late')).toBeUndefined();
  });
});

describe('the API client with early answers', () => {
  it('takes the early answer of the same GET instead of asking again, once', async () => {
    const early = createEarlyAnswers({ fetch: async () => jsonResponse(200, { from: 'early' }) });
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { from: 'call' }));
    const api = createApiClient({ fetch: fetchMock, early });
    early.ask('/api/sync/start');

    await expect(api.get('/sync/start', asIs)).resolves.toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/sync/start', asIs)).resolves.toEqual({ from: 'call' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer was a 401, so the session hears of it from the call', async () => {
    const early = createEarlyAnswers({ fetch: async () => jsonResponse(401, { message: 'Not signed in', code: 'unauthorized' }) });
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(401, { message: 'Not signed in', code: 'unauthorized' }));
    const api = createApiClient({ fetch: fetchMock, early });
    const onUnauthorized = vi.fn();
    api.onUnauthorized(onUnauthorized);
    early.ask('/api/sync/start');

    await expect(api.get('/sync/start', asIs)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never gives an early GET answer to a write of the same path', async () => {
    const early = createEarlyAnswers({ fetch: async () => jsonResponse(200, { from: 'early' }) });
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { from: 'call' }));
    const api = createApiClient({ fetch: fetchMock, early });
    early.ask('/api/things');
    await expect(api.post('/things', { a: 1 }, asIs)).resolves.toEqual({ from: 'call' });
  });

  it('times out while the early answer hangs, as the call itself would', async () => {
    const early = createEarlyAnswers({ fetch: () => new Promise<Response>(() => undefined) });
    const api = createApiClient({ fetch: async () => jsonResponse(200, {}), early, timeoutMs: 20 });
    early.ask('/api/sync/start');
    await expect(api.get('/sync/start', asIs)).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });
});
