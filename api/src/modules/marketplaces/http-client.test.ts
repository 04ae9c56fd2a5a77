import { describe, expect, it } from 'vitest';
import { fetchWithBackoff, retryAfterMs, TimeoutError } from './http-client';

function scripted(answers: Array<Response | Error>) {
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
  return { calls, fetchFn };
}

const sleeps: number[] = [];
const base = { sleep: async (ms: number) => void sleeps.push(ms), random: () => 1, baseDelayMs: 100, maxDelayMs: 1000 };

describe('fetchWithBackoff', () => {
  it('retries 5xx and network failures with exponential backoff and full jitter, then gives the answer', async () => {
    sleeps.length = 0;
    const { calls, fetchFn } = scripted([
      new Response('', { status: 503 }),
      new TypeError('fetch failed'),
      new Response('', { status: 502 }),
      new Response('ok'),
    ]);
    const res = await fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: fetchFn, idempotent: true });
    expect(await res.text()).toBe('ok');
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 400]); // random() = 1: the full window each time
  });

  it('draws the delay uniformly below the cap (full jitter)', async () => {
    sleeps.length = 0;
    const { fetchFn } = scripted([
      new Response('', { status: 500 }),
      new Response('', { status: 500 }),
      new Response('', { status: 500 }),
      new Response('', { status: 500 }),
    ]);
    const res = await fetchWithBackoff(
      'http://127.0.0.1/x',
      {},
      { ...base, random: () => 0.25, maxDelayMs: 300, fetch: fetchFn, idempotent: true },
    );
    expect(res.status).toBe(500); // bounded: 1 + 3 attempts
    expect(sleeps).toEqual([25, 50, 75]);
  });

  it('waits at least Retry-After on 429, and gives up on an unreasonably long one', async () => {
    sleeps.length = 0;
    const { fetchFn } = scripted([new Response('', { status: 429, headers: { 'Retry-After': '7' } }), new Response('ok')]);
    await fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: fetchFn, idempotent: false });
    expect(sleeps).toEqual([7000]);
    const long = scripted([new Response('', { status: 429, headers: { 'Retry-After': '3600' } })]);
    const res = await fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: long.fetchFn, idempotent: true });
    expect(res.status).toBe(429);
    expect(long.calls).toHaveLength(1);
  });

  it('never repeats a non-idempotent request after a 5xx or a network failure', async () => {
    const a = scripted([new Response('', { status: 503 })]);
    expect((await fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: a.fetchFn, idempotent: false })).status).toBe(503);
    expect(a.calls).toHaveLength(1);
    const b = scripted([new TypeError('fetch failed')]);
    await expect(fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: b.fetchFn, idempotent: false })).rejects.toThrow(
      'fetch failed',
    );
    expect(b.calls).toHaveLength(1);
  });

  it('aborts an attempt after the timeout', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    await expect(
      fetchWithBackoff('http://127.0.0.1/x', {}, { ...base, fetch: hanging, timeoutMs: 20, retries: 1, idempotent: true }),
    ).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, HTTP dates and RateLimit-Reset', () => {
    const now = Date.parse('2026-01-05T09:00:00Z');
    expect(retryAfterMs(new Headers({ 'Retry-After': '12' }), now)).toBe(12_000);
    expect(retryAfterMs(new Headers({ 'Retry-After': 'Mon, 05 Jan 2026 09:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'RateLimit-Reset': '9' }), now)).toBe(9000);
    expect(retryAfterMs(new Headers({ 'X-RateLimit-Reset': String(now / 1000 + 5) }), now)).toBe(5000);
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});
