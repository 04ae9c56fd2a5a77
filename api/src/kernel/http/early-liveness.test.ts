import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyLiveness } from './early-liveness';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server whose app only counts what reaches it; the early answer needs no app at all. */
async function serve(publicUrl: string | undefined, proxyCount = 0) {
  const reached: string[] = [];
  const observed: number[] = [];
  const server = http.createServer(
    withEarlyLiveness(
      (req, res) => {
        reached.push(`${req.method} ${req.url}`);
        res.writeHead(299).end();
      },
      {
        body: '{"status":"ok"}',
        allowedHosts: ['app.example'],
        proxyCount,
        publicUrl: () => publicUrl,
        observe: (seconds) => observed.push(seconds),
      },
    ),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const call = (pathname: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: options.headers },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  return { reached, observed, call };
}

describe('the early liveness answer', () => {
  it('answers GET /api/health itself, with the security headers and a request id, and nothing else', async () => {
    const { reached, observed, call } = await serve('http://localhost:8787');
    const health = await call('/api/health', { headers: { host: 'app.example' } });
    expect(health.status).toBe(200);
    expect(health.body).toBe('{"status":"ok"}');
    expect(health.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': '15',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(health.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect((await call('/api/health', { headers: { 'x-request-id': 'probe-12345678' } })).headers['x-request-id']).toBe('probe-12345678');
    expect((await call('/api/health', { headers: { 'x-request-id': 'x' } })).headers['x-request-id']).not.toBe('x');
    expect(reached).toEqual([]);
    // Each early answer's time goes to the latency metric (the app counts those it answers itself).
    expect(observed).toHaveLength(3);
    expect(observed.every((seconds) => seconds >= 0 && seconds < 10)).toBe(true);

    // What the app must judge, and every other request, reach it.
    await call('/api/health', { headers: { host: 'rebind.attacker.example' } });
    await call('/api/health', { headers: { origin: 'https://partner.example' } });
    await call('/api/health', { method: 'HEAD' });
    await call('/api/health?x=1');
    await call('/api/ready');
    expect(reached).toEqual(['GET /api/health', 'GET /api/health', 'HEAD /api/health', 'GET /api/health?x=1', 'GET /api/ready']);
    expect(observed).toHaveLength(3);
  });

  it('leaves every request to the app until it is built, and sends HSTS when served over HTTPS', async () => {
    const starting = await serve(undefined);
    expect((await starting.call('/api/health')).status).toBe(299);
    const https = await serve('https://app.example');
    expect((await https.call('/api/health')).headers['strict-transport-security']).toContain('max-age=');
    const proxied = await serve('http://app.example', 1);
    expect(
      (await proxied.call('/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security'],
    ).toContain('max-age=');
    expect((await proxied.call('/api/health')).headers['strict-transport-security']).toBeUndefined();
  });
});
