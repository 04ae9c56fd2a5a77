import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@shared/schemas/job';
import { loadConfig } from '../../kernel/config';
import { testDialect } from '../../testing/test-dialect';
import { startServer, type RunningServer } from '../../main';
import { consent } from '../../testing/marketplace-server';
import { oauthReturnCookies } from '../../testing/browser-flows';
import { postgresBinDir } from '../../testing/postgres-server';
import { freshPostgresUrl } from '../../testing/postgres-test-db';
import type { Platform } from '@shared/marketplaces';

/** The whole product on a real port: the adapters reach the sandbox marketplaces over HTTP. */
let server: RunningServer;
let base: string;
let dataDir: string;
/** On PostgreSQL (the `api-pg` project), the fresh database the server is given, as DATABASE_URL gives one in production. */
let databaseUrl: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-integrations-'));
  databaseUrl = testDialect() === 'postgres' ? freshPostgresUrl() : undefined;
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PWA_DIR: path.join(dataDir, 'none') };
  server = await startServer(loadConfig(databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env));
  base = `http://127.0.0.1:${new URL(server.url).port}`;
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the database keeps at rest: the SQLite files in the data folder, or a dump of every row on PostgreSQL. */
function storedBytes(): Buffer[] {
  if (databaseUrl) {
    const dump = spawnSync(path.join(postgresBinDir()!, 'pg_dump'), ['--data-only', `--dbname=${databaseUrl}`], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump.status, String(dump.stderr)).toBe(0);
    return [dump.stdout];
  }
  return fs
    .readdirSync(dataDir)
    .filter((f) => f.startsWith('bidpilot.sqlite'))
    .map((file) => fs.readFileSync(path.join(dataDir, file)));
}

async function call(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as any) : undefined,
    location: res.headers.get('location'),
    headers: res.headers,
  };
}

async function account(email: string) {
  const res = await call('POST', '/api/auth/signup', undefined, { email, password: 'Sturdy-Pass1', platformType: 'upwork' });
  return { token: res.json.data.token as string, id: res.json.data.user.id as string };
}

/** Runs the OAuth round trip a browser would: start, consent in the sandbox, follow the callback. */
async function connect(token: string, platform: Platform, returnTo: 'login' | 'onboarding' = 'login', fields?: Record<string, string>) {
  const start = await call('POST', `/api/jobs/${platform}-oauth`, token, { returnTo });
  expect(start.json.success).toBe(true);
  const { location } = await consent(start.json.url, { decision: 'allow', fields });
  // Back in the browser that started it: its session cookie and the start's nonce.
  const callback = await fetch(location, { redirect: 'manual', headers: { cookie: oauthReturnCookies(token, start.headers) } });
  return { start, callbackLocation: callback.headers.get('location') ?? '', status: callback.status };
}

describe('search', () => {
  it('searches Freelancer.com without a connection and answers scored jobs, best first', async () => {
    const ada = await account('search.ada@gmail.com');
    await call('PUT', `/api/users/${ada.id}`, ada.token, { skills: ['React', 'Node.js', 'TypeScript'] });
    const res = await call('POST', '/api/jobs/search-with-form', ada.token, { title: 'react', platform: 'freelancer', pageLimit: 2 });
    expect(res.status).toBe(200);
    const body = searchResponseSchema.parse(res.json);
    expect(body.data.length).toBeGreaterThan(20);
    expect(body.data.every((job) => job.platform === 'freelancer' && job.status === 'new')).toBe(true);
    const scores = body.data.map((job) => job.matchScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.data[0]!.matchReason.length).toBeGreaterThan(5);
    expect(new Set(body.data.map((job) => job.id)).size).toBe(body.data.length);
  });

  it('asks for an Upwork connection, then searches Upwork through OAuth tokens', async () => {
    const ada = await account('upwork.ada@gmail.com');
    const before = await call('POST', '/api/jobs/search-with-form', ada.token, { title: 'design', platform: 'upwork' });
    expect(before.status).toBe(403);
    expect(before.json.code).toBe('marketplace_not_connected');

    const { callbackLocation, status } = await connect(ada.token, 'upwork');
    expect(status).toBe(302);
    expect(callbackLocation).toMatch(/^\/login\?oauth_success=true&provider=Upwork&account=.+/);
    const state = await call('GET', `/api/jobs/upwork-status/${ada.id}`, ada.token);
    expect(state.json).toMatchObject({ hasCredentials: true, via: 'oauth' });

    const after = await call('POST', '/api/jobs/search-with-form', ada.token, {
      title: 'design',
      platform: 'upwork',
      upworkJobType: 'fixed',
    });
    expect(after.status).toBe(200);
    expect(after.json.data.length).toBeGreaterThan(0);
    expect(after.json.data.every((job: { type: string }) => job.type === 'fixed')).toBe(true);
  });

  it('says "Applied" only for a job whose proposal was sent: a draft waiting for review says so', async () => {
    const ada = await account('status.ada@gmail.com');
    const created = await call('POST', '/api/automations', ada.token, {
      title: 'developer',
      platform: 'freelancer',
      sendMode: 'review',
      emailsPerDay: 2,
      minMatchScore: 0,
    });
    expect((await call('POST', `/api/automations/${created.json.id}/run`, ada.token)).status).toBe(202);
    // The run writes its drafts (two, and any job held for a red flag) in the background.
    const drafts = async () =>
      (
        (await call('GET', `/api/automations/${created.json.id}/jobs`, ada.token)).json.data as Array<{
          externalId: string;
          status: string;
        }>
      ).filter((item) => item.status === 'draft');
    await expect.poll(async () => (await drafts()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const items = await drafts();
    const search = await call('POST', '/api/jobs/search-with-form', ada.token, { title: 'developer', platform: 'freelancer' });
    const jobs = searchResponseSchema.parse(search.json).data;
    const drafted = jobs.filter((job) => items.some((item) => item.externalId === job.externalId));
    expect(drafted.length).toBeGreaterThan(0);
    expect(drafted.every((job) => job.status === 'draft')).toBe(true);
    expect(jobs.some((job) => job.status === 'applied')).toBe(false);
  });

  it('refuses bad criteria with the specification message', async () => {
    const ada = await account('criteria.ada@gmail.com');
    const res = await call('POST', '/api/jobs/search-with-form', ada.token, { platform: 'freelancer' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Please fill out all the required fields');
    expect((await call('POST', '/api/jobs/search-with-form', undefined, { title: 'x', platform: 'freelancer' })).status).toBe(401);
  });
});

describe('connecting accounts', () => {
  it('connects Freelancer.com from onboarding and comes back there', async () => {
    const ada = await account('fl.ada@gmail.com');
    expect((await call('GET', `/api/jobs/freelancer-status/${ada.id}`, ada.token)).json.hasCredentials).toBe(false);
    const { callbackLocation } = await connect(ada.token, 'freelancer', 'onboarding');
    expect(callbackLocation).toMatch(/^\/onboarding\?oauth_status=success&account=.+/);
    expect((await call('GET', `/api/jobs/freelancer-status/${ada.id}`, ada.token)).json).toMatchObject({
      hasCredentials: true,
      via: 'oauth',
    });
  });

  it('starts the onboarding agent once its marketplace is connected', async () => {
    const ada = await account('onboard.ada@gmail.com');
    const created = await call('POST', '/api/automations', ada.token, { title: 'React developer', platform: 'freelancer' });
    expect(created.json.data.status).toBe('paused');
    const start = await call('POST', '/api/jobs/freelancer-oauth', ada.token, { returnTo: 'onboarding', automationId: created.json.id });
    const { location } = await consent(start.json.url, { decision: 'allow' });
    const back = await fetch(location, { redirect: 'manual', headers: { cookie: oauthReturnCookies(ada.token, start.headers) } });
    expect(back.headers.get('location')).toMatch(/^\/onboarding\?oauth_status=success/);
    expect((await call('GET', `/api/automations/detail/${created.json.id}`, ada.token)).json.data).toMatchObject({
      status: 'active',
      active: true,
    });
  });

  it('leaves an auto-send onboarding agent paused when its marketplace is connected: sending alone is the user’s own choice', async () => {
    const ada = await account('onboard.auto@gmail.com');
    const created = await call('POST', '/api/automations', ada.token, {
      title: 'React developer',
      platform: 'freelancer',
      sendMode: 'auto',
    });
    const start = await call('POST', '/api/jobs/freelancer-oauth', ada.token, { returnTo: 'onboarding', automationId: created.json.id });
    const { location } = await consent(start.json.url, { decision: 'allow' });
    const back = await fetch(location, { redirect: 'manual', headers: { cookie: oauthReturnCookies(ada.token, start.headers) } });
    expect(back.headers.get('location')).toMatch(/^\/onboarding\?oauth_status=success/);
    expect((await call('GET', `/api/automations/detail/${created.json.id}`, ada.token)).json.data).toMatchObject({ status: 'paused' });
  });

  it('sends a denial and a reused state back with the reason', async () => {
    const ada = await account('deny.ada@gmail.com');
    const start = await call('POST', '/api/jobs/freelancer-oauth', ada.token, { returnTo: 'onboarding' });
    const { location } = await consent(start.json.url, { decision: 'deny' });
    const cookie = oauthReturnCookies(ada.token, start.headers);
    const denied = await fetch(location, { redirect: 'manual', headers: { cookie } });
    expect(denied.headers.get('location')).toMatch(/^\/onboarding\?oauth_status=error&error_message=.+/);
    const replay = await fetch(location, { redirect: 'manual', headers: { cookie } });
    expect(replay.headers.get('location')).toContain('/login?provider=Freelancer&error=');
    expect((await call('GET', `/api/jobs/freelancer-status/${ada.id}`, ada.token)).json.hasCredentials).toBe(false);
  });

  it("connects only for the browser and the session that started it: a consent given in another's browser connects nothing", async () => {
    for (const platform of ['freelancer', 'upwork'] as const) {
      const attacker = await account(`oauth.attacker.${platform}@gmail.com`);
      const victim = await account(`oauth.victim.${platform}@gmail.com`);
      // The attacker's page mints a consent address in the attacker's own browser and session ...
      const start = await call('POST', `/api/jobs/${platform}-oauth`, attacker.token, { returnTo: 'login' });
      const { location } = await consent(start.json.url, { decision: 'allow', username: `victim_${platform}` });
      // ... and the victim, signed in to Bidpilot, approves it: their browser has no nonce from that start.
      const victimBrowser = await fetch(location, { redirect: 'manual', headers: { cookie: `auth_token=${victim.token}` } });
      expect(victimBrowser.status).toBe(302);
      expect(victimBrowser.headers.get('location')).toMatch(/^\/login\?provider=.+&error=.*not\+started\+in\+this\+browser/);
      for (const who of [attacker, victim]) {
        expect((await call('GET', `/api/jobs/${platform}-status/${who.id}`, who.token)).json.hasCredentials).toBe(false);
      }
      // The nonce alone, or with another session, is not enough either.
      const again = await call('POST', `/api/jobs/${platform}-oauth`, attacker.token, { returnTo: 'login' });
      const nonce = oauthReturnCookies(attacker.token, again.headers).split('; ')[1]!;
      const consented = (await consent(again.json.url, { decision: 'allow' })).location;
      const withoutSession = await fetch(consented, { redirect: 'manual', headers: { cookie: nonce } });
      expect(withoutSession.headers.get('location')).toContain('error=');
      const third = await call('POST', `/api/jobs/${platform}-oauth`, attacker.token, { returnTo: 'login' });
      const thirdConsent = (await consent(third.json.url, { decision: 'allow' })).location;
      const otherSession = await fetch(thirdConsent, {
        redirect: 'manual',
        headers: { cookie: `auth_token=${victim.token}; ${oauthReturnCookies(attacker.token, third.headers).split('; ')[1]!}` },
      });
      expect(otherSession.headers.get('location')).toContain('error=');
      for (const who of [attacker, victim]) {
        expect((await call('GET', `/api/jobs/${platform}-status/${who.id}`, who.token)).json.hasCredentials).toBe(false);
      }
      // The start's cookie: HttpOnly, sent back on the marketplace's top-level return (Lax), only to the callbacks.
      const set = start.headers.getSetCookie().find((line) => line.startsWith('bidpilot_oauth='))!;
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).toMatch(/Path=\/api\/oauth\//);
      // In the browser and session that started it, it connects, and names the marketplace account.
      const own = await connect(attacker.token, platform, 'login', platform === 'freelancer' ? { username: 'attacker_own' } : undefined);
      expect(own.callbackLocation).toContain('oauth_success=true');
      expect(new URLSearchParams(own.callbackLocation.split('?')[1]).get('account')).toBeTruthy();
      const status = (await call('GET', `/api/jobs/${platform}-status/${attacker.id}`, attacker.token)).json;
      expect(status).toMatchObject({ hasCredentials: true, via: 'oauth' });
      expect(new URLSearchParams(own.callbackLocation.split('?')[1]).get('account')).toBe(status.username);
    }
  });

  it('seals the Upwork setup form at rest, never returns it, and deletes it on disconnect', async () => {
    const ada = await account('creds.ada@gmail.com');
    const form = {
      freelancerName: 'Ada Lovelace',
      username: 'ada.upwork',
      password: 'Very-Secret-Upwork-Pass-991',
      securityAnswer: 'Babbage-the-cat',
      profileUrl: 'https://www.upwork.com/freelancers/~01abc123',
    };
    const bad = await call('POST', '/api/jobs/upwork-credentials', ada.token, { ...form, profileUrl: 'https://example.com/me' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('You must add a valid upwork url');
    const missing = await call('POST', '/api/jobs/upwork-credentials', ada.token, { ...form, profileUrl: '' });
    expect(missing.json.message).toContain('You must add a profile url');
    const blank = await call('POST', '/api/jobs/upwork-credentials', ada.token, { ...form, securityAnswer: '' });
    expect(blank.json.message).toContain('All fields are required');

    const saved = await call('POST', '/api/jobs/upwork-credentials', ada.token, form);
    expect(saved.json).toEqual({ success: true, message: 'Upwork Setup Complete: Your Upwork credentials have been saved' });
    const status = await call('GET', `/api/jobs/upwork-status/${ada.id}`, ada.token);
    expect(status.json).toMatchObject({ hasCredentials: true, via: 'credentials', username: 'ada.upwork' });
    expect(JSON.stringify(status.json)).not.toContain('Very-Secret');
    expect((await call('GET', `/api/jobs/upwork-profile/${ada.id}`, ada.token)).json).toEqual({ profileUrl: form.profileUrl });

    const stored = storedBytes();
    // What is read holds the account's rows (its address is kept in the clear), so the check below has something to search.
    expect(stored.some((bytes) => bytes.includes(Buffer.from('creds.ada@gmail.com')))).toBe(true);
    for (const bytes of stored) {
      expect(bytes.includes(Buffer.from('Very-Secret-Upwork-Pass-991'))).toBe(false);
      expect(bytes.includes(Buffer.from('Babbage-the-cat'))).toBe(false);
    }

    expect((await call('DELETE', '/api/integrations/upwork', ada.token)).json).toEqual({ success: true });
    expect((await call('GET', `/api/jobs/upwork-status/${ada.id}`, ada.token)).json.hasCredentials).toBe(false);
  });

  it("puts the bid settings on the agent when saved for one, and keeps other users' status private", async () => {
    const ada = await account('agent.ada@gmail.com');
    const grace = await account('agent.grace@gmail.com');
    const agent = await call('POST', '/api/automations', ada.token, { title: 'Brand design', platform: 'upwork' });
    const res = await call('POST', '/api/jobs/upwork-credentials-for-automation', ada.token, {
      automationId: agent.json.id,
      freelancerName: 'Ada',
      username: 'ada',
      password: 'pw',
      securityAnswer: 'a',
      profileUrl: 'https://upwork.com/fl/~0123',
      upworkPaymentRate: '45',
      upworkBoostProposal: true,
    });
    expect(res.status).toBe(200);
    const detail = await call('GET', `/api/automations/detail/${agent.json.id}`, ada.token);
    expect(detail.json.data).toMatchObject({
      upworkPaymentRate: 45,
      upworkBoostProposal: true,
      upworkProfileUrl: 'https://upwork.com/fl/~0123',
    });
    for (const url of [
      `/api/jobs/upwork-status/${ada.id}`,
      `/api/jobs/freelancer-status/${ada.id}`,
      `/api/jobs/upwork-profile/${ada.id}`,
    ]) {
      expect((await call('GET', url, grace.token)).status).toBe(404);
    }
    const foreign = await call('POST', '/api/jobs/upwork-credentials-for-automation', grace.token, {
      automationId: agent.json.id,
      freelancerName: 'G',
      username: 'g',
      password: 'pw',
      securityAnswer: 'a',
      profileUrl: 'https://upwork.com/fl/~0999',
    });
    expect(foreign.status).toBe(404);
    expect((await call('GET', `/api/jobs/upwork-status/${grace.id}`, grace.token)).json.hasCredentials).toBe(false);
  });
});
