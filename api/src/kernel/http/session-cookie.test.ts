import { afterEach, describe, expect, it } from 'vitest';
import { telegramLogin } from '../../testing/browser-flows';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

const cookieOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((line) => line.startsWith('auth_token='));
const attributes = (line: string | undefined) =>
  (line ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe('the session cookie', () => {
  it('is set by the server on sign-up and sign-in: HttpOnly, SameSite=Lax, path /, 30 days; not Secure over http', async () => {
    t = makeTestApp();
    const signup = await t.call('POST', '/api/auth/signup', { email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' });
    const set = cookieOf(signup);
    expect(set).toBeDefined();
    expect(attributes(set)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=2592000']));
    expect(attributes(set)).not.toContain('secure');
    const signin = await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Sturdy-Pass1' });
    const token = cookieOf(signin)!.split(';')[0]!.slice('auth_token='.length);
    expect(token).toBe(signin.json.data.token);
    const me = await t.call('GET', '/api/auth/user', undefined, { cookie: `auth_token=${token}` });
    expect(me.json.data.email).toBe('ada@gmail.com');
  });

  it('is Secure when the product is served over HTTPS', async () => {
    t = makeTestApp({ PUBLIC_URL: 'https://localhost:8443' });
    const signup = await t.call('POST', '/api/auth/signup', { email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' });
    expect(attributes(cookieOf(signup))).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));
  });

  it('is re-issued HttpOnly for a session that still rides a script-written cookie, and cleared on sign-out', async () => {
    t = makeTestApp();
    const { token } = await t.signup();
    // A cookie the old PWA wrote itself: the server replaces it with its own.
    const me = await t.call('GET', '/api/auth/user', undefined, { cookie: `auth_token=${token}` });
    expect(attributes(cookieOf(me))).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(cookieOf(me)).toContain(token);
    const out = await t.call('POST', '/api/auth/signout', undefined, { cookie: `auth_token=${token}`, origin: 'http://localhost' });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/^auth_token=;/);
    expect(attributes(cookieOf(out))).toEqual(expect.arrayContaining(['max-age=0', 'httponly', 'path=/']));
    expect((await t.call('GET', '/api/auth/user', undefined, { cookie: `auth_token=${token}` })).status).toBe(401);
  });

  it('is set by a Telegram sign-in', async () => {
    t = makeTestApp();
    const { token, user } = await t.signup();
    const linkFields = await t.call('POST', '/sandbox/telegram/login', { id: 5150, first_name: 'Ada' });
    await telegramLogin(t.call, 'link', linkFields.json, t.auth(token));
    t.clock.advance(1000);
    const fields = await t.call('POST', '/sandbox/telegram/login', { id: 5150, first_name: 'Ada' });
    const signin = await telegramLogin(t.call, 'signin', fields.json);
    expect(signin.json.data.user.id).toBe(user.id);
    expect(attributes(cookieOf(signin))).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
  });
});
