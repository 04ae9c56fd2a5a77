import { describe, expect, it, vi } from 'vitest';
import { createFetchTransport } from './transport';
import { requestFor } from './requests';
import type { OutboxEntry } from '../data/outbox-table';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('createFetchTransport', () => {
  it('sends JSON with the session cookie (no bearer token) and the Idempotency-Key, and reads a replay', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { success: true }, { 'Idempotent-Replayed': 'true' }));
    const transport = createFetchTransport({ fetch: fetchMock });

    const answer = await transport.send({ method: 'PUT', path: '/automations/a1', body: { name: 'x' }, idempotencyKey: 'key-12345' });

    expect(answer).toEqual({ status: 200, body: { success: true }, replayed: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/automations/a1');
    expect(init?.body).toBe('{"name":"x"}');
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': 'key-12345', 'Content-Type': 'application/json' });
    expect(init?.headers).not.toHaveProperty('Authorization');
    expect(init?.credentials).toBe('same-origin');
  });

  it('throws the error body as an ApiError and reports a 401', async () => {
    const onUnauthorized = vi.fn();
    const fetchMock = vi.fn<typeof fetch>(async () => json(401, { message: 'No session', code: 'unauthorized' }));
    const transport = createFetchTransport({ fetch: fetchMock, onUnauthorized });
    await expect(transport.send({ method: 'GET', path: '/sync/pull' })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('times out after the limit with status 0', async () => {
    vi.useFakeTimers();
    try {
      const hanging: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
      const transport = createFetchTransport({ fetch: hanging, timeoutMs: 15_000 });
      const sent = transport.send({ method: 'GET', path: '/sync/pull' });
      const check = expect(sent).rejects.toMatchObject({ status: 0, code: 'timeout' });
      await vi.advanceTimersByTimeAsync(15_000);
      await check;
    } finally {
      vi.useRealTimers();
    }
  });

  it('a network failure is "offline"', async () => {
    const transport = createFetchTransport({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(transport.send({ method: 'GET', path: '/x' })).rejects.toMatchObject({ status: 0, code: 'offline' });
  });
});

describe('requestFor', () => {
  const base = {
    id: 'k-123456789',
    entity: 'agent',
    entityId: 'a 1',
    createdAt: 0,
    attempts: 0,
    lastError: null,
    state: 'pending',
  } as const;
  it.each<[OutboxEntry, object]>([
    [
      { ...base, op: 'create', payload: { title: 'T1', platform: 'upwork' }, baseVersion: null },
      { method: 'POST', path: '/automations', body: { title: 'T1', platform: 'upwork', id: 'a 1' } },
    ],
    [
      { ...base, op: 'update', payload: { location: 'x' }, baseVersion: 3 },
      { method: 'PUT', path: '/automations/a%201', body: { location: 'x', baseVersion: 3 } },
    ],
    [
      { ...base, op: 'update', payload: { location: 'x' }, baseVersion: 0 },
      { method: 'PUT', path: '/automations/a%201', body: { location: 'x' } },
    ],
    [
      { ...base, op: 'status', payload: { status: 'active' }, baseVersion: 2 },
      { method: 'PUT', path: '/automations/status/a%201', body: { status: 'active', baseVersion: 2 } },
    ],
    [
      { ...base, op: 'delete', payload: {}, baseVersion: 2 },
      { method: 'DELETE', path: '/automations/a%201' },
    ],
  ])('%#: %o', (entry, expected) => {
    expect(requestFor(entry)).toEqual({ ...expected, idempotencyKey: 'k-123456789' });
  });
});
