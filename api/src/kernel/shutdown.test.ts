import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown, sharedGrace } from './shutdown';

describe('gracefulShutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then closes', async () => {
    const server = http.createServer((_req, res) => {
      setTimeout(() => res.end('finished'), 300);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 50));

    let closed = false;
    const done = gracefulShutdown(server, () => {
      closed = true;
    });
    await expect(fetch(`http://127.0.0.1:${port}/new`)).rejects.toThrow();
    expect(closed).toBe(false);
    expect(await inFlight).toBe('finished');
    expect(await done).toBe('drained');
    expect(closed).toBe(true);
  });

  it('gives up on a request that never ends after the timeout', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = fetch(`http://127.0.0.1:${port}/`).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await gracefulShutdown(server, () => undefined, 200)).toBe('timeout');
    expect(await hanging).toBe('aborted');
  });
});

describe('sharedGrace', () => {
  const never = new Promise<never>(() => undefined);

  it('gives each step only what the steps before it left', async () => {
    let now = 1_000;
    const grace = sharedGrace(5_000, () => now);
    expect(grace.left()).toBe(5_000);
    now += 3_000; // the runner's work took three seconds of it
    expect(grace.left()).toBe(2_000);
    now += 4_000; // the requests took the rest and more
    expect(grace.left()).toBe(0);
    // Spent: a delivery that would never end is not waited for at all.
    expect(await grace.within(never)).toBe('timeout');
  });

  it('answers what the work answers when it ends in time, and gives up when the grace runs out', async () => {
    const grace = sharedGrace(150);
    expect(await grace.within(Promise.resolve('drained'))).toBe('drained');
    expect(await grace.within(never)).toBe('timeout');
  });
});
