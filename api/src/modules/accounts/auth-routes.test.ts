import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

const userCount = async () => {
  const { users } = tablesOf(t.db);
  return (await t.db.select().from(users)).length;
};

/** A request from a given client address (the socket's: no proxy is configured). */
const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
async function callFrom(env: ReturnType<typeof from>, method: string, url: string, body?: unknown) {
  const res = await t.app.request(
    url,
    { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) },
    env,
  );
  const text = await res.text();
  // Codes the request mailed have gone out before the test looks.
  await t.app.mailQueue.idle();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

describe('POST /api/auth/signup', () => {
  it('creates the account, signs in and mails a six-digit code', async () => {
    const res = await t.call('POST', '/api/auth/signup', {
      email: '  Ada@Gmail.com ',
      password: 'Sturdy-Pass1',
      platformType: 'freelancer',
    });
    expect(res.status).toBe(201);
    expect(res.json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.data.user).toMatchObject({ email: 'ada@gmail.com', platformType: 'freelancer', emailVerified: false });
    expect(res.json.data.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(res.json)).not.toMatch(/password/i);
    expect(await t.lastCode('ada@gmail.com')).toMatch(/^\d{6}$/);

    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(res.json.data.token));
    expect(me.status).toBe(200);
    expect(me.json.data.email).toBe('ada@gmail.com');
  });

  it('stores the password hashed and the session token hashed', async () => {
    const { sessions, users } = tablesOf(t.db);
    const { token } = await t.signup();
    const row = await first(t.db.select().from(users));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
  });

  it.each([
    ['an address at an unlisted host', { email: 'ada@example.org' }, 'Please enter a valid email from a common provider'],
    ['a malformed address', { email: 'ada.gmail.com' }, 'Please enter a valid email from a common provider'],
    ['an empty address', { email: '' }, 'Email is required'],
    ['markup before the @', { email: '<img/src=x/onerror=alert(1)>@gmail.com' }, 'Before the @ an email address may only have letters'],
    ['a 65-character local part', { email: `${'a'.repeat(65)}@gmail.com` }, 'The part before the @ can be at most 64 characters'],
    ['two dots in a row', { email: 'ada..lovelace@gmail.com' }, 'Please enter a valid email address'],
    ['a password without a digit', { password: 'NoDigitsHere' }, 'Password must be at least 8 characters'],
    ['a short password', { password: 'Ab1' }, 'Password must be at least 8 characters'],
    ['no platform', { platformType: undefined }, 'Freelance platform is required'],
    ['an unknown platform', { platformType: 'fiverr' }, 'Freelance platform is required'],
  ])('refuses %s with a clear 400 and creates nothing', async (_label, change, message) => {
    const body = { email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork', ...change };
    const res = await t.call('POST', '/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    expect(res.json.message).toContain(message);
    expect(res.json.details.issues.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(0);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.call('POST', '/api/auth/signup', '{"email": "ada@gmail.com",');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'The request body is not valid JSON', code: 'malformed_body' });
    expect(await userCount()).toBe(0);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.call('POST', '/api/auth/signup', {
      email: 'ada@gmail.com',
      password: 'Sturdy-Pass1',
      platformType: 'upwork',
      padding: 'x'.repeat(300 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
    expect(await userCount()).toBe(0);
  });

  it('counts "already exists" like a wrong password: a client held back from signing in cannot probe by signing up', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    const prober = from('203.0.113.66');
    for (let i = 0; i < 5; i++) {
      const probe = await callFrom(prober, 'POST', '/api/auth/signup', {
        email: 'ada@gmail.com',
        password: 'Sturdy-Pass1',
        platformType: 'upwork',
      });
      expect(probe.status).toBe(409);
      expect(probe.json.message).toBe('An account with this email already exists. Sign in instead.');
    }
    // Five probes of the address from this client: its next try waits, as after five wrong passwords.
    const held = await callFrom(prober, 'POST', '/api/auth/signup', {
      email: 'ada@gmail.com',
      password: 'Sturdy-Pass1',
      platformType: 'upwork',
    });
    expect(held.status).toBe(429);
    expect((await callFrom(prober, 'POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Wrong-Pass1' })).status).toBe(429);
    // The owner is not affected.
    expect(
      (await callFrom(from('198.51.100.7'), 'POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1' })).status,
    ).toBe(200);
  });

  it('refuses a second account for the same address', async () => {
    await t.signup('ada@gmail.com');
    const res = await t.call('POST', '/api/auth/signup', { email: 'ADA@gmail.com', password: 'Other-Pass2', platformType: 'upwork' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('email_taken');
    expect(await userCount()).toBe(1);
  });

  it('links the referrer when a valid referral code is given', async () => {
    const { users } = tablesOf(t.db);
    const referrer = await t.signup('grace@yahoo.com');
    const referralCode = (await t.call('GET', '/api/auth/user', undefined, t.auth(referrer.token))).json.data.referralCode;
    const { user } = await t.signup('ada@gmail.com', 'Sturdy-Pass1', { referralCode: referralCode.toLowerCase() });
    const row = await first(t.db.select().from(users).where(eq(users.id, user.id)));
    expect(row?.referredBy).toBe(referrer.user.id);
  });

  it('writes the verification mail in the language asked for', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1', { language: 'fr' });
    const res = await t.call('GET', '/sandbox/mail?to=ada@gmail.com');
    const mail = res.json.data[0];
    expect(mail.html).toContain('lang="fr"');
    expect(mail.subject).toContain(await t.lastCode('ada@gmail.com'));
    expect(mail.subject).not.toContain('verification code');
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    const ok = await t.call('POST', '/api/auth/signin', { email: 'ADA@gmail.com', password: 'Sturdy-Pass1' });
    expect(ok.status).toBe(200);
    expect(ok.json.data.user.email).toBe('ada@gmail.com');
    const bad = await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Wrong-Pass1' });
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    const unknown = await t.call('POST', '/api/auth/signin', { email: 'nobody@gmail.com', password: 'Wrong-Pass1' });
    expect(unknown.json).toEqual(bad.json);
  });

  it('requires both fields', async () => {
    const res = await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Password is required');
  });

  it('holds back a client that guesses wrong, growing the wait; the owner on another client still gets in', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    const attacker = from('203.0.113.66');
    const owner = from('198.51.100.7');
    const wrong = { email: 'ada@gmail.com', password: 'Wrong-Pass1' };
    const right = { email: 'ada@gmail.com', password: 'Sturdy-Pass1' };
    for (let i = 0; i < 5; i++) expect((await callFrom(attacker, 'POST', '/api/auth/signin', wrong)).status).toBe(401);
    // Five failures on the account: the attacker's next guess has to wait, 1 s, then 2 s, 4 s ...
    const held = await callFrom(attacker, 'POST', '/api/auth/signin', wrong);
    expect(held.status).toBe(429);
    expect(held.json.code).toBe('rate_limited');
    expect(held.headers.get('retry-after')).toBe('1');
    expect((await callFrom(owner, 'POST', '/api/auth/signin', right)).status).toBe(200);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await callFrom(attacker, 'POST', '/api/auth/signin', wrong);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get('retry-after')));
      t.clock.advance(waits[i]! * 1000);
      expect((await callFrom(attacker, 'POST', '/api/auth/signin', wrong)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    // Ten wrong on the account: its guessing budget is spent, so the password alone signs in no one,
    // whoever sends it; the owner, who reads the account's mail, still gets in with a mailed code.
    const blocked = await callFrom(attacker, 'POST', '/api/auth/signin', right);
    expect(blocked.status).toBe(403);
    expect(blocked.json.code).toBe('signin_code_required');
    expect((await callFrom(owner, 'POST', '/api/auth/signin', right)).status).toBe(403);
    expect((await callFrom(owner, 'POST', '/api/auth/signin-code', { email: 'ada@gmail.com' })).status).toBe(200);
    const code = await t.lastCode('ada@gmail.com');
    expect((await callFrom(owner, 'POST', '/api/auth/signin', { ...right, code })).status).toBe(200);
  });

  it('spends an account-wide guessing budget: 100 wrong passwords from 100 addresses get 10 answers, then only "a mailed code is needed"; the owner is told and never locked out', async () => {
    const { mailOutbox } = tablesOf(t.db);
    await t.signup('spread@gmail.com', 'Sturdy-Pass1');
    const wrong = { email: 'spread@gmail.com', password: 'Wrong-Pass1' };
    const right = { email: 'spread@gmail.com', password: 'Sturdy-Pass1' };
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await callFrom(from(`203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`), 'POST', '/api/auth/signin', wrong)).status);
    // Ten wrong passwords were looked at, from ten addresses; the ninety after them were not.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 403)).toBe(true);
    // Not even the right password gets in without the code, from a new address (no oracle for a guesser).
    const guessedRight = await callFrom(from('192.0.2.200'), 'POST', '/api/auth/signin', right);
    expect(guessedRight.status).toBe(403);
    expect(guessedRight.json).toMatchObject({ code: 'signin_code_required', message: expect.stringMatching(/sign-in code/) });
    // Guessing a code is throttled like every mailed code (and there is none yet).
    const guessedCode = await callFrom(from('192.0.2.201'), 'POST', '/api/auth/signin', { ...right, code: '123456' });
    expect(guessedCode.json.code).toBe('invalid_code');

    // The owner was told once, in the outbox (sent by the mail chore), whatever the attacker goes on doing.
    // (Codes, which expire, are in the outbox too: the sign-up's.)
    const told = (await t.db.select().from(mailOutbox)).filter((mail) => mail.to === 'spread@gmail.com' && mail.expiresAt === null);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/needs a mailed code/);
    expect(told[0]!.text).toContain('10');

    // The owner asks for a code and signs in with it and the password, from anywhere.
    const owner = from('198.51.100.77');
    const asked = await callFrom(owner, 'POST', '/api/auth/signin-code', { email: 'spread@gmail.com' });
    expect(asked.status).toBe(200);
    const code = await t.lastCode('spread@gmail.com');
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await callFrom(owner, 'POST', '/api/auth/signin', { ...right, code });
    expect(signedIn.status).toBe(200);
    // A code is used once.
    expect((await callFrom(owner, 'POST', '/api/auth/signin', { ...right, code })).json.code).toBe('invalid_code');
    // A day later the budget is whole again.
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await callFrom(owner, 'POST', '/api/auth/signin', right)).status).toBe(200);
    // An unknown address is answered alike, and nothing is mailed for it.
    expect((await callFrom(owner, 'POST', '/api/auth/signin-code', { email: 'nobody.here@gmail.com' })).status).toBe(200);
    expect(await t.lastCode('nobody.here@gmail.com')).toBeUndefined();
  });

  it('counts an IPv6 client by its /64: a guesser hopping addresses in its network is held back as one client', async () => {
    await t.signup('six@gmail.com', 'Sturdy-Pass1');
    const wrong = { email: 'six@gmail.com', password: 'Wrong-Pass1' };
    for (let i = 1; i <= 5; i++) expect((await callFrom(from(`2001:db8:1:1::${i}`), 'POST', '/api/auth/signin', wrong)).status).toBe(401);
    // Another address of the same /64 is the same client: it waits, as the one before it would.
    expect((await callFrom(from('2001:db8:1:1:ffff::9'), 'POST', '/api/auth/signin', wrong)).status).toBe(429);
    // Another network is another client.
    expect((await callFrom(from('2001:db8:1:2::1'), 'POST', '/api/auth/signin', wrong)).status).toBe(401);
  });

  it('limits attempts per client IP across addresses', async () => {
    const headers = {};
    let last = 0;
    for (let i = 0; i < 101; i++) {
      last = (await t.call('POST', '/api/auth/signin', { email: `user${i}@gmail.com`, password: 'Wrong-Pass1' }, headers)).status;
    }
    expect(last).toBe(429);
  });
});

describe('sessions', () => {
  it('accepts the auth_token cookie as well as the bearer header', async () => {
    const { token } = await t.signup();
    const res = await t.call('GET', '/api/auth/user', undefined, { cookie: `auth_token=${token}` });
    expect(res.status).toBe(200);
  });

  it('answers 401 to an unknown, missing or signed-out token', async () => {
    const { token } = await t.signup();
    expect((await t.call('GET', '/api/auth/user')).status).toBe(401);
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth('not-a-real-token'))).status).toBe(401);
    expect((await t.call('POST', '/api/auth/signout', undefined, t.auth(token))).json).toEqual({ message: 'Signed out' });
    const after = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('unauthorized');
  });

  it('expires sessions after 30 days', async () => {
    const { token } = await t.signup();
    t.clock.advance(29 * 24 * 3600_000);
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).status).toBe(200);
    t.clock.advance(2 * 24 * 3600_000);
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).status).toBe(401);
  });

  it('refuses a cross-site change made with the cookie alone', async () => {
    const { token, user } = await t.signup();
    const res = await t.call(
      'PUT',
      `/api/users/${user.id}`,
      { firstName: 'Mallory' },
      { cookie: `auth_token=${token}`, origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(me.json.data.firstName).toBeNull();
  });
});

describe('email verification', () => {
  it('verifies with the mailed code', async () => {
    const { token } = await t.signup('ada@gmail.com');
    const res = await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: await t.lastCode('ada@gmail.com') });
    expect(res.status).toBe(200);
    // No account data: the call needs no session, so it must not tell anyone who the address is.
    expect(res.json).toEqual({ message: 'Email verified' });
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).json.data.emailVerified).toBe(true);
  });

  it('answers an already verified, an unknown and a wrong code alike, without account data', async () => {
    const bob = await t.signup('bob@gmail.com');
    await t.call('PUT', `/api/users/${bob.user.id}`, { firstName: 'Robert', skills: ['Secret skill'] }, t.auth(bob.token));
    await t.call('POST', '/api/auth/verify-email', { email: 'bob@gmail.com', code: await t.lastCode('bob@gmail.com') });
    await t.signup('ada@gmail.com');
    const code = (await t.lastCode('ada@gmail.com')) === '123456' ? '654321' : '123456';
    const verified = await callFrom(from('203.0.113.1'), 'POST', '/api/auth/verify-email', { email: 'bob@gmail.com', code });
    const unknown = await callFrom(from('203.0.113.2'), 'POST', '/api/auth/verify-email', { email: 'nobody@gmail.com', code });
    const wrong = await callFrom(from('203.0.113.3'), 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code });
    for (const res of [verified, unknown, wrong]) {
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: 'Invalid or expired code. Please try again.',
        code: 'invalid_code',
        details: { attemptsLeft: 4 },
      });
    }
    expect(JSON.stringify(verified.json)).not.toMatch(/Robert|Secret skill|bob@|referral/i);
    expect(verified.json).not.toHaveProperty('data');
  });

  it('refuses a malformed code with the specification message', async () => {
    await t.signup('ada@gmail.com');
    const res = await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: '12ab56' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Please enter the 6-digit verification code sent to your email.');
  });

  it('counts wrong codes per client: five wrong ones hold that client back, the right code from another works', async () => {
    const { users } = tablesOf(t.db);
    await t.signup('ada@gmail.com');
    const right = (await t.lastCode('ada@gmail.com'))!;
    const wrong = right === '000000' ? '111111' : '000000';
    const attacker = from('203.0.113.66');
    for (let i = 1; i <= 5; i++) {
      const res = await callFrom(attacker, 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: wrong });
      expect(res.status).toBe(400);
      expect(res.json.details.attemptsLeft).toBe(5 - i);
      if (i < 5) {
        expect(res.json).toMatchObject({ code: 'invalid_code', message: 'Invalid or expired code. Please try again.' });
      } else {
        // No "please try again" once no try is left: what to do instead, and when.
        expect(res.json).toMatchObject({
          code: 'invalid_code',
          message: 'Invalid code, and no tries are left. Request a new code and enter it once the wait is over.',
        });
        expect(res.json.details.retryAfterSeconds).toBe(15 * 60);
      }
    }
    const sixth = await callFrom(attacker, 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: right });
    expect(sixth.status).toBe(429);
    expect((await first(t.db.select().from(users)))?.emailVerifiedAt).toBeNull();
    const owner = await callFrom(from('198.51.100.7'), 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: right });
    expect(owner.status).toBe(200);
    expect((await first(t.db.select().from(users)))?.emailVerifiedAt).not.toBeNull();
  });

  it('retires a code after fifty wrong tries in all, however many clients made them', async () => {
    const { users } = tablesOf(t.db);
    await t.signup('ada@gmail.com');
    const right = (await t.lastCode('ada@gmail.com'))!;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 50; i++) {
      expect(
        (await callFrom(from(`198.18.0.${i + 1}`), 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: wrong })).status,
      ).toBe(400);
    }
    const late = await callFrom(from('198.51.100.7'), 'POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: right });
    expect(late.status).toBe(400);
    expect(late.json.code).toBe('invalid_code');
    expect((await first(t.db.select().from(users)))?.emailVerifiedAt).toBeNull();
  });

  it('refuses an expired code after 15 minutes', async () => {
    const { users } = tablesOf(t.db);
    await t.signup('ada@gmail.com');
    t.clock.advance(15 * 60_000 + 1);
    const res = await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: await t.lastCode('ada@gmail.com') });
    expect(res.status).toBe(410);
    expect(res.json.code).toBe('code_expired');
    expect((await first(t.db.select().from(users)))?.emailVerifiedAt).toBeNull();
  });

  it('enforces the 60 s resend cooldown and retires the earlier code', async () => {
    await t.signup('ada@gmail.com');
    const first = (await t.lastCode('ada@gmail.com'))!;
    const early = await t.call('POST', '/api/auth/resend-verification', { email: 'ada@gmail.com' });
    expect(early.status).toBe(429);
    expect(early.json.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(early.json.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    const later = await t.call('POST', '/api/auth/resend-verification', { email: 'ada@gmail.com' });
    expect(later.status).toBe(200);
    expect(later.json).toEqual({ message: 'Code resent', retryAfterSeconds: 60 });
    const second = (await t.lastCode('ada@gmail.com'))!;
    const mails = await t.call('GET', '/sandbox/mail?to=ada@gmail.com');
    expect(mails.json.data).toHaveLength(2);
    if (second !== first) {
      const old = await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: first });
      expect(old.status).toBe(400);
    }
    const ok = await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: second });
    expect(ok.status).toBe(200);
  });

  it('answers a resend for an unknown address like any other, sending nothing', async () => {
    const res = await t.call('POST', '/api/auth/resend-verification', { email: 'ghost@gmail.com' });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/sandbox/mail?to=ghost@gmail.com')).json.data).toHaveLength(0);
  });
});

describe('password reset', () => {
  const reset = (email: string, code: string | undefined, password: string) =>
    t.call('POST', '/api/auth/reset-password', { email, code, password });

  it('answers the same whether or not the address has an account', async () => {
    await t.signup('ada@gmail.com');
    t.clock.advance(61_000);
    const known = await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@gmail.com' });
    const unknown = await t.call('POST', '/api/auth/reset-password-request', { email: 'ghost@gmail.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect((await t.call('GET', '/sandbox/mail?to=ghost@gmail.com')).json.data).toHaveLength(0);
  });

  it('answers before any mail goes out, so a known address takes no longer than an unknown one', async () => {
    t.close();
    const gate = { hold: Promise.resolve(), release: () => {} };
    t = makeTestApp(
      {},
      {
        wrapMailer: (inner) => ({
          kind: inner.kind,
          send: async (message) => {
            await gate.hold;
            await inner.send(message);
          },
        }),
      },
    );
    await t.signup('ada@gmail.com');
    t.clock.advance(61_000);
    gate.hold = new Promise<void>((resolve) => (gate.release = resolve));
    const request = (email: string) =>
      t.app.request('/api/auth/reset-password-request', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3000));
    // The mail server is stuck: the answer for a real account must not wait for it.
    const known = await Promise.race([request('ada@gmail.com'), timeout]);
    expect(known).not.toBe('timeout');
    const unknown = await request('ghost@gmail.com');
    expect((known as Response).status).toBe(200);
    expect(await (known as Response).json()).toEqual(await unknown.json());
    gate.release();
    await t.app.mailQueue.idle();
    expect((await t.call('GET', '/sandbox/mail?to=ada@gmail.com')).json.data[0].subject).toMatch(/reset/i);
  });

  it('refuses an address at an unlisted host with the specification message', async () => {
    const res = await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@example.org' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Please enter a valid email from a common provider');
  });

  it('sets the new password, ends every session, and the code works once', async () => {
    const { token } = await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@gmail.com' });
    const code = await t.lastCode('ada@gmail.com');
    const mail = (await t.call('GET', '/sandbox/mail?to=ada@gmail.com')).json.data[0];
    expect(mail.text).toContain(`/reset-password?email=ada%40gmail.com&code=${code}`);

    const res = await reset('ada@gmail.com', code, 'Brand-New-Pass2');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Password reset successful' });
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).status).toBe(401);
    expect((await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1' })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Brand-New-Pass2' })).status).toBe(200);

    const reused = await reset('ada@gmail.com', code, 'Another-Pass3');
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe('invalid_code');
    expect((await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Brand-New-Pass2' })).status).toBe(200);
  });

  it('refuses a weak new password without using up the code', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@gmail.com' });
    const code = await t.lastCode('ada@gmail.com');
    const weak = await reset('ada@gmail.com', code, 'weak');
    expect(weak.status).toBe(400);
    expect((await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1' })).status).toBe(200);
    expect((await reset('ada@gmail.com', code, 'Brand-New-Pass2')).status).toBe(200);
  });

  it('refuses a wrong code and leaves the password alone', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@gmail.com' });
    const code = (await t.lastCode('ada@gmail.com'))!;
    const res = await reset('ada@gmail.com', code === '999999' ? '999998' : '999999', 'Brand-New-Pass2');
    expect(res.status).toBe(400);
    expect(res.json.details.attemptsLeft).toBe(4);
    expect((await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1' })).status).toBe(200);
  });

  it('refuses an expired reset code', async () => {
    await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    await t.call('POST', '/api/auth/reset-password-request', { email: 'ada@gmail.com' });
    t.clock.advance(16 * 60_000);
    const res = await reset('ada@gmail.com', await t.lastCode('ada@gmail.com'), 'Brand-New-Pass2');
    expect(res.status).toBe(410);
  });
});
