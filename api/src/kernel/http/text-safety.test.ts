import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { jsonEscapesUnstorable } from './json-depth';

let t: TestApp | undefined;
afterEach(() => t?.close());

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('text no database can store (a NUL, an unpaired surrogate)', () => {
  it('is refused with a clear 400 wherever a request carries it, signed in or not, and nothing is stored', async () => {
    t = makeTestApp();
    const { users, agents, supportRequests } = tablesOf(t.db);
    const { token, user } = await t.signup('ada@gmail.com');
    const auth = t.auth(token);
    const refused = async (res: { status: number; json: { code?: string; message?: string } }) => {
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
      expect(res.json.message).toMatch(/cannot be saved \(a NUL or a broken Unicode character\)/);
    };
    for (const bad of [NUL, LONE_HIGH, LONE_LOW, `${LONE_LOW}${LONE_HIGH}`]) {
      // Unauthenticated: the sign-in's and sign-up's email and password.
      await refused(await t.call('POST', '/api/auth/signin', { email: `ada${bad}@gmail.com`, password: 'Sturdy-Pass1' }));
      await refused(await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: `Sturdy${bad}Pass1` }));
      await refused(
        await t.call('POST', '/api/auth/signup', { email: `eve${bad}@gmail.com`, password: 'Sturdy-Pass1', platformType: 'upwork' }),
      );
      await refused(await t.call('POST', '/api/auth/reset-password-request', { email: `ada${bad}@gmail.com` }));
      // Signed in: free text of a profile, an agent, a support request.
      await refused(await t.call('PUT', `/api/users/${user.id}`, { firstName: `Ada${bad}` }, auth));
      await refused(await t.call('POST', '/api/automations', { title: `React ${bad} developer`, platform: 'freelancer' }, auth));
      await refused(await t.call('POST', '/api/support/requests', { topic: 'other', message: `Hello there ${bad} team.` }, auth));
    }
    // In the address: a path parameter and a query, percent-encoded (a surrogate cannot be UTF-8).
    for (const path of [
      '/api/automations/detail/%00',
      '/api/automations/detail/%ED%A0%80',
      '/api/sync/pull?since=%00',
      `/api/users/${user.id}%00`,
    ]) {
      await refused(await t.call('GET', path, undefined, auth));
    }
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(await t.db.select().from(agents)).toHaveLength(0);
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
    expect((await t.db.select().from(users))[0]!.firstName).toBeNull();

    // Text in any script, emoji (a surrogate pair) included, is kept as it is.
    const fine = await t.call('PUT', `/api/users/${user.id}`, { firstName: 'Ада 😀 أحمد' }, auth);
    expect(fine.status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', undefined, auth)).json.data.firstName).toBe('Ада 😀 أحمد');
    expect((await t.call('POST', '/api/automations', { title: '设计 😀 design', platform: 'freelancer' }, auth)).status).toBe(201);
  });
});

describe('jsonEscapesUnstorable', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('finds a \\u0000 or an unpaired surrogate escape inside strings only', () => {
    expect(jsonEscapesUnstorable(bytes('{"a":"x\\u0000"}'))).toBe(true);
    expect(jsonEscapesUnstorable(bytes('{"a":"\\ud800"}'))).toBe(true);
    expect(jsonEscapesUnstorable(bytes('{"a":"\\udc00\\ud800"}'))).toBe(true);
    expect(jsonEscapesUnstorable(bytes('{"a":"\\uD83D\\uDE00"}'))).toBe(false);
    expect(jsonEscapesUnstorable(bytes('{"a":"\\\\u0000"}'))).toBe(false);
    expect(jsonEscapesUnstorable(bytes('{"\\u00e9":"caf\\u00e9 \\"q\\" \\\\"}'))).toBe(false);
    expect(jsonEscapesUnstorable(bytes(JSON.stringify({ a: 'x\u0000y' })))).toBe(true);
    expect(jsonEscapesUnstorable(bytes(JSON.stringify({ a: 'x\ud800y' })))).toBe(true);
    expect(jsonEscapesUnstorable(bytes(JSON.stringify({ a: '😀 ok' })))).toBe(false);
  });
});
