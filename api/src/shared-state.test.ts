import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oauthReturnCookies } from './testing/browser-flows';
import { consent } from './testing/marketplace-server';
import { makeTestApp, type TestApp } from './testing/harness';

/**
 * Two API processes behind a load balancer share one database and nothing else: each limit, counter
 * and single-use token must hold across them. Two `createApp` over one data folder's SQLite file are two
 * such processes (each has its own connection and its own memory); in the `api-pg` project, two
 * stores on one PostgreSQL database.
 */
let apps: TestApp[] = [];
afterEach(() => {
  for (const app of apps) app.close();
  apps = [];
});

function twoInstances(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-shared-'));
  const a = makeTestApp(env, { dataDir, inProcessMarketplaces: true });
  const b = makeTestApp(env, { dataDir, inProcessMarketplaces: true });
  apps = [a, b];
  return { a, b };
}

describe('two app instances on one database', () => {
  it('a resend cooldown started through A holds on B', async () => {
    const { a, b } = twoInstances();
    await a.signup('ada@gmail.com');
    const resent = await b.call('POST', '/api/auth/resend-verification', { email: 'ada@gmail.com' });
    expect(resent.status).toBe(429);
    expect(Number(resent.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('wrong passwords counted on A slow the next try on B', async () => {
    const { a, b } = twoInstances();
    await a.signup('ada@gmail.com');
    for (let i = 0; i < 5; i++) {
      expect((await a.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: `Wrong-Pass${i}` })).status).toBe(401);
    }
    const onB = await b.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Wrong-Pass9' });
    expect(onB.status).toBe(429);
  });

  it('a per-address limit filled through A and B together refuses the next call on either', async () => {
    const { a, b } = twoInstances();
    // Twenty sign-ups an hour per address: ten through each instance.
    for (let i = 0; i < 20; i++) {
      const via = i % 2 === 0 ? a : b;
      expect(
        (await via.call('POST', '/api/auth/signup', { email: `user${i}@gmail.com`, password: 'Sturdy-Pass1', platformType: 'upwork' }))
          .status,
      ).toBe(201);
    }
    expect(
      (await a.call('POST', '/api/auth/signup', { email: 'late@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' })).status,
    ).toBe(429);
    expect(
      (await b.call('POST', '/api/auth/signup', { email: 'late@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' })).status,
    ).toBe(429);
  });

  it('an Idempotency-Key replayed through B answers what A answered, and changes nothing', async () => {
    const { a, b } = twoInstances();
    const { token, user } = await a.signup('ada@gmail.com');
    const body = { title: 'developer', platform: 'upwork', sendMode: 'review', emailsPerDay: 5, startTime: '09:00', endTime: '17:00' };
    const first = await a.call('POST', '/api/automations', body, { ...a.auth(token), 'idempotency-key': 'create-agent-0001' });
    expect(first.status).toBe(201);
    const replay = await b.call('POST', '/api/automations', body, { ...b.auth(token), 'idempotency-key': 'create-agent-0001' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    expect((await b.call('GET', `/api/automations/${user.id}`, undefined, b.auth(token))).json.data).toHaveLength(1);
  });

  it('an OAuth state made on A is accepted once on B, and never again on A', async () => {
    const { a, b } = twoInstances();
    const { token } = await a.signup('ada@gmail.com', 'Sturdy-Pass1', { platformType: 'freelancer' });
    const start = await a.call('POST', '/api/jobs/freelancer-oauth', { returnTo: 'login' }, a.auth(token));
    expect(start.status).toBe(200);
    const { location } = await consent(start.json.url, { decision: 'allow' }, async (input, init) => b.app.request(String(input), init));
    // The browser that started it comes back, with its session and the nonce the start set.
    const headers = { cookie: oauthReturnCookies(token, start.headers) };
    const onB = await b.app.request(`${location.pathname}${location.search}`, { redirect: 'manual', headers });
    expect(onB.headers.get('location')).toMatch(/^\/login\?oauth_success=true&provider=Freelancer/);
    const again = await a.app.request(`${location.pathname}${location.search}`, { redirect: 'manual', headers });
    expect(again.headers.get('location')).toMatch(/^\/login\?provider=Freelancer&error=.*expired/);
  });
});
