import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tablesOf } from '../../store/schema/index';
import { buildDocx } from '../../modules/resume/test-files';
import { makeTestApp, type TestApp, type TestAppOptions } from '../harness';
import { consent } from '../marketplace-server';
import { oauthReturnCookies, telegramLogin } from '../browser-flows';

/*
 * Two users with everything a user can own (profile, agent, job item, marketplace connections, push
 * device, résumé, pending payment, Telegram link, settings, activity), made once through the API as a
 * person would, then copied for each check so every check starts from the same state.
 */

export interface Person {
  email: string;
  password: string;
  token: string;
  userId: string;
  agentId: string;
  jobItemId: string;
  reference: string;
  endpoint: string;
  referralCode: string;
  /** Texts only this user's data holds: one of them in an answer to someone else is a leak. */
  markers: string[];
  /** Every identifier of this user's records (user, agent, job item, payment, push device) and the address. */
  identities: string[];
}

export interface TwoUsers {
  a: Person;
  b: Person;
  /** A copy of the fixture's data folder, opened as a fresh app (its own clock, limits and queue). */
  open(options?: TestAppOptions): TestApp;
  close(): void;
}

/** A push subscription as a browser gives it (a real P-256 key and auth secret). */
function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

async function person(t: TestApp, name: string, telegramId: number): Promise<Person> {
  const { activityLog, jobItems } = tablesOf(t.store.db);
  const tag = `${name}${crypto.randomBytes(3).toString('hex')}`;
  const email = `${name.toLowerCase()}.matrix@gmail.com`;
  const password = 'Sturdy-Pass1';
  const ok = <R extends { status: number; text: string }>(res: R, what: string): R => {
    if (res.status >= 300) throw new Error(`fixture: ${what} answered ${res.status}: ${res.text}`);
    return res;
  };
  const { token, user } = await t.signup(email, password);
  const auth = t.auth(token);
  ok(await t.call('POST', '/api/auth/verify-email', { email, code: await t.lastCode(email) }), 'verify');
  const markers = [
    `First${tag}`,
    `Last${tag}`,
    `Skill${tag}`,
    `https://${tag.toLowerCase()}.example/work`,
    `Agent${tag}`,
    `Job${tag}`,
    `Letter${tag}`,
    `Resume${tag}`,
    `Upwork${tag}`,
    `tg_${tag}`,
  ];
  const [firstName, lastName, skill, link, agentTitle, jobTitle, letter, resumeLine, upworkName, telegramUser] = markers as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  ok(
    await t.call(
      'PUT',
      `/api/users/${user.id}`,
      { firstName, lastName, skills: [skill], portfolioLinks: [link], timeZone: 'Europe/London' },
      auth,
    ),
    'profile',
  );
  const agent = ok(await t.call('POST', '/api/automations', { title: agentTitle, platform: 'freelancer', skills: [skill] }, auth), 'agent');
  const agentId = agent.json.id as string;
  ok(await t.call('PUT', `/api/automations/status/${agentId}`, { status: 'active' }, auth), 'activate');
  ok(
    await t.call(
      'POST',
      '/api/jobs/upwork-credentials',
      {
        freelancerName: upworkName,
        username: `${tag}-upwork`,
        password: 'Upwork-Pass1',
        securityAnswer: 'blue',
        profileUrl: `https://www.upwork.com/freelancers/~01${tag}`,
      },
      auth,
    ),
    'upwork credentials',
  );
  const start = ok(await t.call('POST', '/api/jobs/freelancer-oauth', { returnTo: 'login' }, auth), 'freelancer oauth');
  const { location } = await consent(start.json.url, { decision: 'allow', username: `${tag.toLowerCase()}_fl` }, async (input, init) =>
    t.app.request(String(input), init),
  );
  const callback = await t.app.request(location.toString(), {
    redirect: 'manual',
    headers: { cookie: oauthReturnCookies(token, start.headers) },
  });
  if (callback.status !== 302) throw new Error(`fixture: oauth callback answered ${callback.status}`);
  const now = t.clock.now();
  const jobItemId = crypto.randomUUID();
  await t.db.insert(jobItems).values({
    id: jobItemId,
    userId: user.id,
    agentId,
    platform: 'freelancer',
    externalId: `ext-${tag}`,
    title: jobTitle,
    status: 'draft',
    proposalRequirements: letter,
    description: `About ${jobTitle}`,
    createdAt: now,
    updatedAt: now,
  });
  await t.db.insert(activityLog).values({ userId: user.id, kind: 'draft', agentId, jobItemId, data: { title: jobTitle }, createdAt: now });
  const endpoint = `https://push.example.com/send/${tag}`;
  ok(await t.call('POST', '/api/push/subscribe', browserSubscription(endpoint), auth), 'push');
  ok(await t.call('PUT', '/api/push/settings', { proposalFailed: false }, auth), 'push settings');
  const form = new FormData();
  form.set('file', new File([new Uint8Array(buildDocx([`${firstName} ${lastName}`, resumeLine, 'Skills', skill]))], `${tag}.docx`));
  const uploaded = await t.app.request(`/api/users/${user.id}/resume`, { method: 'POST', headers: auth, body: form });
  if (uploaded.status !== 200) throw new Error(`fixture: résumé answered ${uploaded.status}: ${await uploaded.text()}`);
  // A paid plan (so it can be cancelled), paid through the sandbox checkout as a payer would.
  const payment = ok(await t.call('POST', '/api/payments/initialize', { email, planCode: 'pro' }, auth), 'payment');
  const paid = await t.call('POST', payment.json.data.url as string, 'outcome=pay&channel=card', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  if (paid.status !== 303) throw new Error(`fixture: checkout answered ${paid.status}: ${paid.text}`);
  const login = ok(
    await t.call('POST', '/sandbox/telegram/login', { id: telegramId, first_name: firstName, username: telegramUser }),
    'telegram login',
  );
  ok(await telegramLogin(t.call, 'link', login.json, auth), 'telegram link');
  ok(await t.call('PUT', '/api/telegram/settings', { notify: true }, auth), 'telegram settings');
  const me = ok(await t.call('GET', '/api/auth/user', undefined, auth), 'user');
  const reference = payment.json.data.reference as string;
  return {
    email,
    password,
    token,
    userId: user.id,
    agentId,
    jobItemId,
    reference,
    endpoint,
    referralCode: me.json.data.referralCode,
    markers: [...markers, email, me.json.data.referralCode, `ext-${tag}`, `${tag}-upwork`],
    identities: [user.id, agentId, jobItemId, reference, endpoint, email],
  };
}

/** Builds the two users once; `open()` gives each check its own copy. */
export async function twoUsers(): Promise<TwoUsers> {
  const t = makeTestApp({}, { inProcessMarketplaces: true });
  let a: Person;
  let b: Person;
  try {
    a = await person(t, 'Alice', 710_000_001);
    t.clock.advance(1000);
    b = await person(t, 'Bob', 710_000_002);
  } catch (error) {
    t.close();
    throw error;
  }
  await t.app.mailQueue.idle();
  // Closed, so its databases can be copied: the SQLite files checkpointed, PostgreSQL's with no session left
  // on it (CREATE DATABASE … TEMPLATE refuses a database in use).
  await Promise.all([t.store.close(), t.sandboxStore.close()]);
  const copies: string[] = [];
  const opened: TestApp[] = [];
  return {
    a,
    b,
    open(options = {}) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-contract-'));
      fs.cpSync(t.dataDir, dir, { recursive: true });
      copies.push(dir);
      const app = makeTestApp({}, { ...options, dataDir: dir, inProcessMarketplaces: true });
      opened.push(app);
      return app;
    },
    close() {
      for (const app of opened.splice(0)) {
        try {
          app.close();
        } catch {
          // already closed by its check
        }
      }
      fs.rmSync(t.dataDir, { recursive: true, force: true });
      for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
