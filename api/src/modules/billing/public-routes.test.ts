import { afterEach, describe, expect, it } from 'vitest';
import { PLANS, plansResponseSchema } from '@shared/plans';
import { geoResponseSchema } from '@shared/schemas/geo';
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
    expect(await nigeria.json()).toEqual({ country_code: 'NG', currency: 'NGN', language: null, source: 'geoip' });
    const mapped = await t.app.request('/api/geo', {}, from('::ffff:41.58.0.1'));
    expect((await mapped.json()).country_code).toBe('NG');
  });

  it('answers nulls for loopback and private addresses', async () => {
    t = makeTestApp();
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1']) {
      const res = await t.app.request('/api/geo', {}, from(ip));
      expect(await res.json()).toEqual({ country_code: null, currency: null, language: null, source: 'none' });
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

  it("answers the country's language beside its currency", async () => {
    t = makeTestApp();
    const bangladesh = await t.app.request('/api/geo', {}, from('103.4.144.1'));
    expect(geoResponseSchema.parse(await bangladesh.json())).toMatchObject({ country_code: 'BD', language: 'bn', source: 'geoip' });
  });

  it('falls back to the time zone the caller sends when its address gives no country', async () => {
    t = makeTestApp();
    const lagos = await t.app.request('/api/geo?tz=Africa/Lagos', {}, from('127.0.0.1'));
    expect(lagos.status).toBe(200);
    expect(await lagos.json()).toEqual({ country_code: 'NG', currency: 'NGN', language: null, source: 'timezone' });
    const dhaka = await t.app.request('/api/geo?tz=Asia%2FDhaka', {}, from('10.1.2.3'));
    // The rate table knows no taka: no currency, the prices stay in dollars.
    expect(await dhaka.json()).toEqual({ country_code: 'BD', currency: null, language: 'bn', source: 'timezone' });
    const kolkata = await t.app.request('/api/geo?tz=Asia/Kolkata', {}, from('10.1.2.3'));
    expect(await kolkata.json()).toEqual({ country_code: 'IN', currency: 'INR', language: 'hi', source: 'timezone' });
    const paris = await t.app.request('/api/geo?tz=Europe/Paris', {}, from('::1'));
    expect(await paris.json()).toEqual({ country_code: 'FR', currency: 'EUR', language: 'fr', source: 'timezone' });
  });

  it('prefers the address to the time zone', async () => {
    t = makeTestApp();
    const res = await t.app.request('/api/geo?tz=Europe/Paris', {}, from('41.58.0.1'));
    expect(await res.json()).toEqual({ country_code: 'NG', currency: 'NGN', language: null, source: 'geoip' });
  });

  it('answers nulls for a well-formed zone of no one country or one it does not know', async () => {
    t = makeTestApp();
    for (const tz of ['UTC', 'Etc/GMT+3', 'America/Argentina/Ushuaia', 'Mars/Olympus_Mons', 'constructor']) {
      const res = await t.app.request(`/api/geo?tz=${encodeURIComponent(tz)}`, {}, from('127.0.0.1'));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ country_code: null, currency: null, language: null, source: 'none' });
    }
  });

  it('refuses a tz that cannot be a time zone name with a 400 that says so', async () => {
    t = makeTestApp();
    for (const tz of ['', '../../etc/passwd', '<script>', 'Africa/Lagos/x/y', 'a'.repeat(65), 'Africa Lagos', '/Lagos']) {
      const res = await t.app.request(`/api/geo?tz=${encodeURIComponent(tz)}`, {}, from('41.58.0.1'));
      expect(res.status, tz).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/tz/);
    }
  });

  it('documents the tz query and the language in the OpenAPI document', async () => {
    t = makeTestApp();
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    const operation = doc.paths['/geo'].get;
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['tz']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400']));
  });
});
