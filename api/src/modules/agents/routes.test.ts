import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let ada: { token: string; user: { id: string } };
beforeEach(async () => {
  t = makeTestApp();
  ada = await t.signup('ada@gmail.com');
});
afterEach(() => t.close());

const base = { title: 'React developer', platform: 'upwork' };
const create = (body: Record<string, unknown>, token = ada.token, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/automations', body, { ...t.auth(token), ...headers });
const agentCount = async () => {
  const { agents } = tablesOf(t.db);
  return (await t.db.select().from(agents)).length;
};

describe('POST /api/automations', () => {
  it('creates an agent with the specification defaults, paused until credentials are added', async () => {
    const res = await create({ ...base, userId: ada.user.id });
    expect(res.status).toBe(201);
    expect(res.json.id).toBe(res.json.data.id);
    expect(res.json.data).toMatchObject({
      title: 'React developer',
      name: 'React developer',
      platform: 'upwork',
      status: 'paused',
      active: false,
      location: 'Remote',
      jobType: 'contract',
      datePosted: '1w',
      emailsPerDay: 5,
      startTime: '09:00',
      endTime: '17:00',
      activeEvery: 'daily',
      sendMode: 'review',
      freelancerLanguage: ['en'],
      freelancerHourlyRateMin: 20,
      freelancerHourlyRateMax: 100,
      emailsSent: 0,
      jobsFound: 0,
      lastRun: null,
      version: 1,
    });
  });

  it('keeps a client-made id, and answers a second create with that id with the same agent', async () => {
    const id = crypto.randomUUID();
    const first = await create({ ...base, id });
    expect(first.status).toBe(201);
    expect(first.json.id).toBe(id);
    const again = await create({ ...base, id, title: 'Changed in a retry' });
    expect(again.status).toBe(200);
    expect(again.json.data.title).toBe('React developer');
    expect(await agentCount()).toBe(1);
  });

  it.each([
    [{ title: 'R' }, 'Title must be at least 2 characters.'],
    [{ emailsPerDay: 0 }, 'Emails per day must be at least 1.'],
    [{ emailsPerDay: 2.5 }, 'Proposals per day must be a whole number, such as 2 or 3.'],
    [{ emailsPerDay: 21 }, 'Your plan allows maximum 20 proposals per day.'],
    [{ upworkJobType: 'weekly' }, 'Job type is required'],
    [{ upworkExperienceLevel: 'guru' }, 'Experience level is required'],
    [{ upworkDuration: 'forever' }, 'Duration is required'],
    [{ upworkProfileTitle: 'x'.repeat(71) }, 'Must be at most 70 characters'],
    [{ upworkHourlyMinRate: 1005 }, 'Must be at most 1000'],
    [{ freelancerHourlyRateMin: 0 }, 'Must be at least 1'],
    [{ freelancerMinBudget: 900, freelancerMaxBudget: 100 }, 'The minimum must not be above the maximum'],
    [{ startTime: '9am' }, 'Use the 24-hour format HH:MM'],
    [{ freelancerLanguage: ['xx'] }, 'freelancerLanguage'],
    [{ portfolioLinks: ['not a link'] }, 'Please enter a valid link'],
    [{ platform: 'fiverr' }, 'platform'],
    [{ upworkPassword: 'hunter2' }, 'Credentials are not accepted here'],
    [{ freelancerOauthToken: 'abc' }, 'Credentials are not accepted here'],
    [{ surprise: true }, 'surprise'],
  ])('refuses %j with a clear message and creates nothing', async (change, message) => {
    const res = await create({ ...base, ...change });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(await agentCount()).toBe(0);
  });

  it('requires the title and the platform', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.json.details.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['title', 'platform']));
  });

  it('trims skills and links and drops blanks and duplicates; coerces numeric text', async () => {
    const res = await create({
      ...base,
      skills: [' React ', 'react', '', 'Node.js'],
      portfolioLinks: ['https://ada.dev ', 'https://ada.dev'],
      emailsPerDay: '7',
      upworkPaymentRate: '',
      upworkSpecializedProfiles: ['Web apps'],
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      skills: ['React', 'Node.js'],
      portfolioLinks: ['https://ada.dev'],
      emailsPerDay: 7,
      upworkPaymentRate: 0,
      upworkSpecializedProfiles: ['Web apps'],
    });
  });

  it("enforces the plan's agent count with the specification's message", async () => {
    for (let i = 0; i < 4; i++) expect((await create({ ...base, title: `Agent ${i}` })).status).toBe(201);
    const fifth = await create({ ...base, title: 'One too many' });
    expect(fifth.status).toBe(403);
    expect(fifth.json).toMatchObject({ code: 'plan_limit', message: 'Your plan allows maximum 4 job agents.', details: { limit: 4 } });
    expect(await agentCount()).toBe(4);
  });

  it('falls to the free tier after the 7-day trial', async () => {
    t.clock.advance(8 * 24 * 3600_000);
    expect((await create(base)).status).toBe(201);
    const second = await create({ ...base, title: 'Second' });
    expect(second.json.message).toBe('Your plan allows maximum 1 job agents.');
    const limits = await t.call('GET', `/api/users/${ada.user.id}/plan-limits`, undefined, t.auth(ada.token));
    expect(limits.json.planLimits).toMatchObject({ plan: 'free', trial: false, maxUpworkProposals: 1, maxFreelancerBids: 2 });
  });

  it("answers an id another user holds exactly like one of the caller's own deleted ids, and creates nothing", async () => {
    const grace = await t.signup('grace@yahoo.com');
    const graceId = crypto.randomUUID();
    await t.call('POST', '/api/automations', { ...base, id: graceId }, t.auth(grace.token));
    const mineDeleted = crypto.randomUUID();
    await create({ ...base, id: mineDeleted });
    await t.call('DELETE', `/api/automations/${mineDeleted}`, undefined, t.auth(ada.token));
    const taken = await create({ ...base, id: graceId });
    const deleted = await create({ ...base, id: mineDeleted });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual(deleted.json);
    expect(JSON.stringify(taken.json)).not.toMatch(/taken|another/i);
    expect(await agentCount()).toBe(1);
  });

  it('refuses to create for another user id', async () => {
    const grace = await t.signup('grace@yahoo.com');
    const res = await create({ ...base, userId: grace.user.id });
    expect(res.status).toBe(404);
    expect(await agentCount()).toBe(0);
  });
});

describe('reading, changing and deleting agents', () => {
  it('lists, reads, updates, pauses and deletes', async () => {
    const { id } = (await create(base)).json;
    const list = await t.call('GET', `/api/automations/${ada.user.id}`, undefined, t.auth(ada.token));
    expect(list.json.data.map((a: { id: string }) => a.id)).toEqual([id]);
    const detail = await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token));
    expect(detail.json.data.title).toBe('React developer');

    const updated = await t.call(
      'PUT',
      `/api/automations/${id}`,
      { title: 'Senior React developer', emailsPerDay: '12' },
      t.auth(ada.token),
    );
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ success: true, data: { title: 'Senior React developer', emailsPerDay: 12, version: 2 } });

    const active = await t.call('PUT', `/api/automations/status/${id}`, { status: 'active' }, t.auth(ada.token));
    expect(active.json.data).toMatchObject({ status: 'active', active: true, version: 3 });
    const bad = await t.call('PUT', `/api/automations/status/${id}`, { status: 'sleeping' }, t.auth(ada.token));
    expect(bad.status).toBe(400);

    const jobs = await t.call('GET', `/api/automations/${id}/jobs`, undefined, t.auth(ada.token));
    expect(jobs.json).toEqual({ data: [] });

    expect((await t.call('DELETE', `/api/automations/${id}`, undefined, t.auth(ada.token))).json).toEqual({ success: true });
    expect((await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token))).status).toBe(404);
    // Deleting again (a retried delete) still succeeds.
    expect((await t.call('DELETE', `/api/automations/${id}`, undefined, t.auth(ada.token))).status).toBe(200);
  });

  it('does not bump the version when nothing changes', async () => {
    const { id } = (await create(base)).json;
    const res = await t.call('PUT', `/api/automations/${id}`, { title: 'React developer' }, t.auth(ada.token));
    expect(res.json.data.version).toBe(1);
  });

  it("answers 404 for another user's agent and changes nothing", async () => {
    const { id } = (await create(base)).json;
    const grace = await t.signup('grace@yahoo.com');
    const as = t.auth(grace.token);
    expect((await t.call('GET', `/api/automations/detail/${id}`, undefined, as)).status).toBe(404);
    expect((await t.call('GET', `/api/automations/${ada.user.id}`, undefined, as)).status).toBe(404);
    expect((await t.call('PUT', `/api/automations/${id}`, { title: 'Mine now' }, as)).status).toBe(404);
    expect((await t.call('PUT', `/api/automations/status/${id}`, { status: 'active' }, as)).status).toBe(404);
    expect((await t.call('DELETE', `/api/automations/${id}`, undefined, as)).status).toBe(404);
    expect((await t.call('GET', `/api/automations/${id}/jobs`, undefined, as)).status).toBe(404);
    const mine = await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token));
    expect(mine.json.data).toMatchObject({ title: 'React developer', status: 'paused', version: 1 });
  });

  it('refuses a proposals-per-day above the plan on edit', async () => {
    const { id } = (await create(base)).json;
    const res = await t.call('PUT', `/api/automations/${id}`, { emailsPerDay: 65 }, t.auth(ada.token));
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Your plan allows maximum 20 proposals per day.');
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', `/api/automations/${ada.user.id}`)).status).toBe(401);
    expect((await t.call('POST', '/api/automations', base)).status).toBe(401);
  });
});

describe('versions and conflicts', () => {
  it('merges a stale write that touches other fields, and refuses one that touches a field changed since', async () => {
    const { id } = (await create(base)).json;
    // Another device renames the agent (version 1 → 2).
    await t.call('PUT', `/api/automations/${id}`, { title: 'Renamed elsewhere', baseVersion: 1 }, t.auth(ada.token));
    // This device, still on version 1, changes the hours: no overlap, so it merges.
    const merged = await t.call('PUT', `/api/automations/${id}`, { startTime: '07:00', baseVersion: 1 }, t.auth(ada.token));
    expect(merged.status).toBe(200);
    expect(merged.json.data).toMatchObject({ title: 'Renamed elsewhere', startTime: '07:00', version: 3 });
    // It also set the title from its stale copy: a conflict, answered with the current record.
    const conflict = await t.call(
      'PUT',
      `/api/automations/${id}`,
      { title: 'My old title edit', endTime: '18:00', baseVersion: 1 },
      t.auth(ada.token),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.json.code).toBe('conflict');
    expect(conflict.json.details.conflictFields).toEqual(['title']);
    expect(conflict.json.details.current).toMatchObject({ title: 'Renamed elsewhere', endTime: '17:00', version: 3 });
    const now = await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token));
    expect(now.json.data).toMatchObject({ title: 'Renamed elsewhere', endTime: '17:00', version: 3 });
  });

  it('takes a base per field: a field seen on a later version merges, one seen on an older version conflicts', async () => {
    const { id } = (await create(base)).json;
    await t.call('PUT', `/api/automations/${id}`, { title: 'Renamed here', baseVersion: 1 }, t.auth(ada.token)); // v2
    await t.call('PUT', `/api/automations/${id}`, { location: 'Oslo', baseVersion: 2 }, t.auth(ada.token)); // v3
    // The title was seen after its change (on v2), the location before (on v1).
    const answer = await t.call(
      'PUT',
      `/api/automations/${id}`,
      { title: 'Title again', location: 'Lima', baseVersion: 1, baseVersions: { title: 2 } },
      t.auth(ada.token),
    );
    expect(answer.status).toBe(409);
    expect(answer.json.details.conflictFields).toEqual(['location']);
    const merged = await t.call(
      'PUT',
      `/api/automations/${id}`,
      { title: 'Title again', baseVersion: 1, baseVersions: { title: 2 } },
      t.auth(ada.token),
    );
    expect(merged.json.data).toMatchObject({ title: 'Title again', location: 'Oslo', version: 4 });
    expect((await t.call('PUT', `/api/automations/${id}`, { baseVersions: { title: -1 } }, t.auth(ada.token))).status).toBe(400);
  });

  it('treats the status like any other field', async () => {
    const { id } = (await create(base)).json;
    await t.call('PUT', `/api/automations/status/${id}`, { status: 'active', baseVersion: 1 }, t.auth(ada.token));
    const stale = await t.call('PUT', `/api/automations/status/${id}`, { status: 'paused', baseVersion: 1 }, t.auth(ada.token));
    expect(stale.status).toBe(409);
    expect(stale.json.details.conflictFields).toEqual(['status']);
    const same = await t.call('PUT', `/api/automations/status/${id}`, { status: 'active', baseVersion: 1 }, t.auth(ada.token));
    expect(same.status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('answers a replayed create with the stored result and creates once', async () => {
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await create(base, ada.token, headers);
    const replay = await create(base, ada.token, headers);
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await agentCount()).toBe(1);
  });

  it('applies a replayed update once', async () => {
    const { id } = (await create(base)).json;
    const headers = { ...t.auth(ada.token), 'idempotency-key': crypto.randomUUID() };
    const first = await t.call('PUT', `/api/automations/${id}`, { title: 'Once' }, headers);
    await t.call('PUT', `/api/automations/${id}`, { title: 'Something else' }, t.auth(ada.token));
    const replay = await t.call('PUT', `/api/automations/${id}`, { title: 'Once' }, headers);
    expect(replay.json).toEqual(first.json);
    const now = await t.call('GET', `/api/automations/detail/${id}`, undefined, t.auth(ada.token));
    expect(now.json.data).toMatchObject({ title: 'Something else', version: 3 });
  });

  it('replays a refusal alike, and refuses a key reused for another request', async () => {
    const key = crypto.randomUUID();
    const refused = await create({ ...base, emailsPerDay: 50 }, ada.token, { 'idempotency-key': key });
    expect(refused.status).toBe(400);
    const replay = await create({ ...base, emailsPerDay: 50 }, ada.token, { 'idempotency-key': key });
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual(refused.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const { id } = (await create(base)).json;
    const reused = await t.call('DELETE', `/api/automations/${id}`, undefined, { ...t.auth(ada.token), 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_mismatch');
    expect(await agentCount()).toBe(1);
  });

  it("keeps one user's keys apart from another's", async () => {
    const grace = await t.signup('grace@yahoo.com');
    const key = { 'idempotency-key': crypto.randomUUID() };
    await create(base, ada.token, key);
    const theirs = await create({ ...base, title: 'Grace agent' }, grace.token, key);
    expect(theirs.status).toBe(201);
    expect(theirs.json.data.title).toBe('Grace agent');
  });

  it('keeps keys for 7 days', async () => {
    const key = { 'idempotency-key': crypto.randomUUID() };
    await create(base, ada.token, key);
    t.clock.advance(6 * 24 * 3600_000);
    expect((await create(base, ada.token, key)).headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('profile lists', () => {
  it('answers the skills and portfolio links of the signed-in user only', async () => {
    await t.call('PUT', `/api/users/${ada.user.id}`, { skills: ['React'], portfolioLinks: ['https://ada.dev'] }, t.auth(ada.token));
    expect((await t.call('GET', `/api/users/${ada.user.id}/skills`, undefined, t.auth(ada.token))).json).toEqual({ skills: ['React'] });
    expect((await t.call('GET', `/api/users/${ada.user.id}/portfolio-links`, undefined, t.auth(ada.token))).json).toEqual({
      links: ['https://ada.dev'],
    });
    const grace = await t.signup('grace@yahoo.com');
    expect((await t.call('GET', `/api/users/${ada.user.id}/skills`, undefined, t.auth(grace.token))).status).toBe(404);
    expect((await t.call('GET', `/api/users/${ada.user.id}/plan-limits`, undefined, t.auth(grace.token))).status).toBe(404);
  });

  it('answers the trial limits of a new account', async () => {
    const res = await t.call('GET', `/api/users/${ada.user.id}/plan-limits`, undefined, t.auth(ada.token));
    expect(res.json.planLimits).toMatchObject({ plan: 'basic', trial: true, agents: 4, proposalsPerDay: 20 });
  });
});

describe('POST /api/automations/{id}/run', () => {
  it("answers 404 for another user's agent and runs nothing", async () => {
    const created = await create({ ...base, platform: 'freelancer' });
    const eve = await t.signup('eve@gmail.com');
    const run = await t.call('POST', `/api/automations/${created.json.id}/run`, undefined, t.auth(eve.token));
    expect(run.status).toBe(404);
    const after = await t.call('GET', `/api/automations/detail/${created.json.id}`, undefined, t.auth(ada.token));
    expect(after.json.data.lastRun).toBeNull();
  });
});
