import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { AppEnv } from './context';
import { useKernelMiddleware } from './middleware';

function appWith(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger('warn', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const app = new OpenAPIHono<AppEnv>();
  const config = loadConfig({ PWA_DIR: '/nonexistent', ...env });
  useKernelMiddleware(app, { config, log, allowedOrigin: () => false, ownBodyLimit: () => false });
  app.get('/api/x', (c) => c.json({ ok: true }));
  return { app, warnings: () => lines.filter((line) => line.level === 'warn') };
}

describe('forwarded headers with TRUST_PROXY=0', () => {
  it('are warned about once, naming TRUST_PROXY, and the request is served as before', async () => {
    const { app, warnings } = appWith({});
    expect((await app.request('/api/x')).status).toBe(200);
    expect(warnings()).toEqual([]);
    expect((await app.request('/api/x', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
    expect((await app.request('/api/x', { headers: { 'x-forwarded-for': '203.0.113.10' } })).status).toBe(200);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ msg: expect.stringMatching(/TRUST_PROXY=0/), header: 'x-forwarded-for' });
  });

  it('say nothing when the server was told how many proxies are in front', async () => {
    const { app, warnings } = appWith({ TRUST_PROXY: '1' });
    expect((await app.request('/api/x', { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' } })).status).toBe(200);
    expect(warnings()).toEqual([]);
  });
});
