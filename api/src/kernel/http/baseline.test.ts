import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { baseline } from './baseline';
import type { AppEnv } from './context';

function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    baseline(
      createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
      { proxyCount: 0, publicUrl: 'http://localhost:8787' },
    ),
  );
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.get('/api/ready', (c) => c.json({ status: 'ready' }));
  app.get('/api/health-broken', (c) => c.json({}, 503));
  app.get('/api/agents', (c) => c.json([]));
  return { app, lines };
}

describe('baseline', () => {
  it('writes one line per request, with its id, but none for a successful health or readiness check', async () => {
    const { app, lines } = appWithLog();
    const health = await app.request('/api/health');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('/api/ready')).status).toBe(200);
    expect(lines).toEqual([]);

    const res = await app.request('/api/agents', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', reqId: 'req-12345678', path: '/api/agents', status: 200 })]);
  });

  it('gives pages a content security policy, JSON none, and hashed assets only what applies to a subresource', async () => {
    const { app } = appWithLog();
    app.get('/page', (c) => c.html('<p>hi</p>'));
    app.get('/sw.js', (c) => c.body('self.x = 1', 200, { 'content-type': 'text/javascript' }));
    app.get('/assets/index-abc.js', (c) => c.body('export {}', 200, { 'content-type': 'text/javascript' }));
    expect((await app.request('/page')).headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await app.request('/sw.js')).headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await app.request('/api/agents')).headers.get('content-security-policy')).toBeNull();
    const asset = await app.request('/assets/index-abc.js');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('permissions-policy')).toBeNull();
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('x-frame-options')).toBeNull();
    expect((await app.request('/page')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Served over plain http here: no HSTS (it only means something over HTTPS).
    expect((await app.request('/api/agents')).headers.get('strict-transport-security')).toBeNull();
  });
});
