import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

describe('PUT /api/users/{id}', () => {
  it('merges the fields given and keeps the rest', async () => {
    const { token, user } = await t.signup();
    const res = await t.call(
      'PUT',
      `/api/users/${user.id}`,
      { firstName: ' Ada ', skills: ['React', ' react ', 'Node.js'], language: 'ar' },
      t.auth(token),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      firstName: 'Ada',
      skills: ['React', 'Node.js'],
      language: 'ar',
      platformType: 'upwork',
      version: 2,
    });
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(me.json.data.firstName).toBe('Ada');
    expect(me.json.data.language).toBe('ar');
  });

  it('keeps a profile title and overview every agent can use; empty clears them, too long is refused', async () => {
    const { token, user } = await t.signup();
    let res = await t.call(
      'PUT',
      `/api/users/${user.id}`,
      { profileTitle: ' Senior React engineer ', profileOverview: 'Eight years of dashboards.' },
      t.auth(token),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ profileTitle: 'Senior React engineer', profileOverview: 'Eight years of dashboards.' });
    res = await t.call('PUT', `/api/users/${user.id}`, { profileTitle: 'x'.repeat(101) }, t.auth(token));
    expect(res.status).toBe(400);
    res = await t.call('PUT', `/api/users/${user.id}`, { profileTitle: '  ' }, t.auth(token));
    expect(res.json.data).toMatchObject({ profileTitle: null, profileOverview: 'Eight years of dashboards.' });
  });

  it('keeps the rest of the one profile (work history, portfolio, a profile address per marketplace); a bad address is refused', async () => {
    const { token, user } = await t.signup();
    let res = await t.call(
      'PUT',
      `/api/users/${user.id}`,
      {
        workHistory: ' Eight years of React ',
        portfolio: 'Checkout rebuild',
        upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
        freelancerProfileUrl: '',
      },
      t.auth(token),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      workHistory: 'Eight years of React',
      portfolio: 'Checkout rebuild',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
      freelancerProfileUrl: null,
    });
    res = await t.call('PUT', `/api/users/${user.id}`, { freelancerProfileUrl: 'javascript:alert(1)' }, t.auth(token));
    expect(res.status).toBe(400);
    res = await t.call('PUT', `/api/users/${user.id}`, { workHistory: 'x'.repeat(8001) }, t.auth(token));
    expect(res.status).toBe(400);
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(me.json.data).toMatchObject({ workHistory: 'Eight years of React', freelancerProfileUrl: null });
  });

  it("answers another user's id exactly like an id nobody has, and changes nothing", async () => {
    const ada = await t.signup('ada@gmail.com');
    const grace = await t.signup('grace@yahoo.com');
    const res = await t.call('PUT', `/api/users/${grace.user.id}`, { firstName: 'Hacked' }, t.auth(ada.token));
    const nobody = await t.call('PUT', `/api/users/${crypto.randomUUID()}`, { firstName: 'Hacked' }, t.auth(ada.token));
    expect(res.status).toBe(404);
    expect(res.json).toEqual(nobody.json);
    expect(res.json.code).toBe('not_found');
    const graceNow = await t.call('GET', '/api/auth/user', undefined, t.auth(grace.token));
    expect(graceNow.json.data.firstName).toBeNull();
    expect(graceNow.json.data.version).toBe(1);
  });

  it('refuses unknown fields, bad values and anonymous callers', async () => {
    const { token, user } = await t.signup();
    const unknown = await t.call('PUT', `/api/users/${user.id}`, { email: 'new@gmail.com' }, t.auth(token));
    expect(unknown.status).toBe(400);
    const badLink = await t.call('PUT', `/api/users/${user.id}`, { portfolioLinks: ['not a link'] }, t.auth(token));
    expect(badLink.status).toBe(400);
    expect(badLink.json.message).toContain('Please enter a valid link');
    const badZone = await t.call('PUT', `/api/users/${user.id}`, { timeZone: 'Mars/Olympus' }, t.auth(token));
    expect(badZone.status).toBe(400);
    const anonymous = await t.call('PUT', `/api/users/${user.id}`, { firstName: 'X' });
    expect(anonymous.status).toBe(401);
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(me.json.data.version).toBe(1);
    expect(me.json.data.email).toBe('ada@gmail.com');
  });

  it('merges per field against the base version: a field changed since answers 409 and changes nothing', async () => {
    const { token, user } = await t.signup();
    const put = (body: unknown, key?: string) =>
      t.call('PUT', `/api/users/${user.id}`, body, { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) });
    // Another device renames on version 1.
    expect((await put({ firstName: 'Ada', baseVersion: 1 })).json.data).toMatchObject({ firstName: 'Ada', version: 2 });
    // This device, still on version 1, changes the skills only: merged.
    expect((await put({ skills: ['Go'], baseVersion: 1 })).json.data).toMatchObject({ firstName: 'Ada', skills: ['Go'], version: 3 });
    // It also had a first name typed: that field changed since version 1, so 409 with the user now.
    const conflict = await put({ firstName: 'Augusta', lastName: 'King', baseVersion: 1 });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({
      code: 'conflict',
      details: { conflictFields: ['firstName'], current: { firstName: 'Ada', lastName: null, version: 3 } },
    });
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(token));
    expect(me.json.data).toMatchObject({ firstName: 'Ada', lastName: null, version: 3 });
    // On the version it saw (3) the same edit goes through; a replay of its key changes nothing more.
    const first = await put({ firstName: 'Augusta', baseVersion: 3 }, 'profile-edit-1');
    const replay = await put({ firstName: 'Augusta', baseVersion: 3 }, 'profile-edit-1');
    expect(first.json.data).toMatchObject({ firstName: 'Augusta', version: 4 });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    // Nothing changed: no new version.
    expect((await put({ firstName: 'Augusta', baseVersion: 1 })).json.data.version).toBe(4);
  });
});
