import { afterEach, describe, expect, it } from 'vitest';
import { PLANS, plansResponseSchema } from '@shared/plans';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('GET /api/plans', () => {
  it('serves the shared plan table', async () => {
    t = makeTestApp();
    const res = await t.call('GET', '/api/plans');
    expect(res.status).toBe(200);
    expect(plansResponseSchema.parse(res.json).data.map((p) => p.id)).toEqual(['free', 'basic', 'pro', 'premium']);
    expect(res.json.data).toEqual(PLANS);
  });
});

describe('GET /api/geo', () => {
  const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

  it('finds the country and currency of a public address in the offline database', async () => {
    t = makeTestApp();
    const nigeria = await t.app.request('/api/geo', {}, from('41.58.0.1'));
    expect(await nigeria.json()).toEqual({ country_code: 'NG', currency: 'NGN', source: 'geoip' });
    const mapped = await t.app.request('/api/geo', {}, from('::ffff:41.58.0.1'));
    expect((await mapped.json()).country_code).toBe('NG');
  });

  it('answers nulls for loopback and private addresses', async () => {
    t = makeTestApp();
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1']) {
      const res = await t.app.request('/api/geo', {}, from(ip));
      expect(await res.json()).toEqual({ country_code: null, currency: null, source: 'none' });
    }
  });

  it('uses X-Forwarded-For only behind a trusted proxy', async () => {
    t = makeTestApp({ TRUST_PROXY: 'true' });
    const res = await t.call('GET', '/api/geo', undefined, { 'x-forwarded-for': '10.0.0.1, 41.58.0.1' });
    expect(res.json.country_code).toBe('NG');
    t.close();
    t = makeTestApp();
    const ignored = await t.call('GET', '/api/geo', undefined, { 'x-forwarded-for': '41.58.0.1' });
    expect(ignored.json.country_code).toBeNull();
  });
});
