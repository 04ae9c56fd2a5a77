import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from './schema/index';
import { makeTestApp, type TestApp } from '../testing/harness';
import { DEFAULT_RETENTION, sweepExpired } from './expiry';
import { recordActivity } from '../modules/activity/activity';
import { queueMail } from '../modules/mail/outbox';
import { recordChange } from './change-log';
import { BillingClaims } from '../modules/billing/payments/billing-claims';
import { callsThisHour, countCalls } from '../modules/marketplaces/call-budget';

let t: TestApp;
afterEach(() => t.close());

const counts = async (app: TestApp) => {
  const { idempotencyKeys, oauthStates, rateHits } = tablesOf(app.store.db);
  return {
    rateHits: (await app.db.select().from(rateHits)).length,
    oauthStates: (await app.db.select().from(oauthStates)).length,
    idempotencyKeys: (await app.db.select().from(idempotencyKeys)).length,
  };
};

describe('sweepExpired', () => {
  it('deletes hits, OAuth states and idempotency answers only once nobody can use them', async () => {
    t = makeTestApp({}, { inProcessMarketplaces: true });
    const { token } = await t.signup('ada@gmail.com', 'Sturdy-Pass1', { platformType: 'freelancer' });
    await t.call('POST', '/api/auth/signin', { email: 'ada@gmail.com', password: 'Wrong-Pass1' });
    expect((await t.call('POST', '/api/jobs/freelancer-oauth', { returnTo: 'login' }, t.auth(token))).status).toBe(200);
    const agent = { title: 'developer', platform: 'freelancer', sendMode: 'review', emailsPerDay: 5, startTime: '09:00', endTime: '17:00' };
    expect((await t.call('POST', '/api/automations', agent, { ...t.auth(token), 'idempotency-key': 'sweep-test-0001' })).status).toBe(201);
    const before = await counts(t);
    expect(before.rateHits).toBeGreaterThan(0);
    expect(before.oauthStates).toBe(1);
    expect(before.idempotencyKeys).toBe(1);

    // An hour on: the sign-in window is over but a day-long window could still count them; nothing goes.
    t.clock.advance(60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({
      rateHits: 0,
      oauthStates: 0,
      idempotencyKeys: 0,
      wakeups: 0,
      billingClaims: 0,
    });

    // Two days on: the hits and the state (15 minutes' life, plus a day) go; the answer stays 7 days.
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({
      rateHits: before.rateHits,
      oauthStates: 1,
      idempotencyKeys: 0,
      wakeups: 0,
      billingClaims: 0,
    });
    t.clock.advance(6 * 24 * 60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({ idempotencyKeys: 1 });
    expect(await counts(t)).toEqual({ rateHits: 0, oauthStates: 0, idempotencyKeys: 0 });
  });

  it("deletes a user's marketplace call counts two days old in the chore, not in the search that counts a call", async () => {
    t = makeTestApp();
    const { marketplaceCalls } = tablesOf(t.db);
    const { user } = await t.signup('calls@gmail.com');
    const hours = async () =>
      (await t.db.select().from(marketplaceCalls).where(eq(marketplaceCalls.userId, user.id)))
        .map((row) => row.hourStart.toISOString())
        .sort();
    const first = t.clock.now();
    await countCalls(t.store, user.id, 'upwork', first, 2);
    await countCalls(t.store, user.id, 'upwork', first, 1);
    expect(await callsThisHour(t.store, user.id, 'upwork', first)).toBe(3);
    t.clock.advance(47 * 60 * 60_000);
    await countCalls(t.store, user.id, 'upwork', t.clock.now(), 1);
    t.clock.advance(2 * 60 * 60_000);
    // A search two days on counts its call and leaves the old hour to the chore.
    await countCalls(t.store, user.id, 'upwork', t.clock.now(), 1);
    expect(await hours()).toHaveLength(3);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({ marketplaceCalls: 1 });
    expect(await hours()).not.toContain(new Date(Math.floor(first.getTime() / 3600_000) * 3600_000).toISOString());
    expect(await hours()).toHaveLength(2);
    expect(await callsThisHour(t.store, user.id, 'upwork', t.clock.now())).toBe(1);
  });

  it('deletes a billing claim 30 days after it was finished, and never one still open', async () => {
    t = makeTestApp();
    const { billingClaims } = tablesOf(t.db);
    const { user } = await t.signup('claims@gmail.com');
    const open = (n: number) =>
      t.store.tx((tx) => BillingClaims.open(tx, { userId: user.id, kind: 'follow_ups', payload: { n } }, t.clock.now()));
    const finished = await open(1);
    await open(2);
    await new BillingClaims(t.store).finish(finished, t.clock.now());
    t.clock.advance(29 * 24 * 60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({ billingClaims: 0 });
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toMatchObject({ billingClaims: 1 });
    expect((await t.db.select().from(billingClaims)).map((row) => row.payload)).toEqual([{ n: 2 }]);
  });
});

const DAY = 24 * 60 * 60_000;

/** A job item of the user in a given state, last changed at `at` (sent then, when completed). */
async function item(
  app: TestApp,
  userId: string,
  id: string,
  status: 'completed' | 'skipped' | 'failed' | 'draft' | 'processing',
  at: Date,
) {
  await app.store.tx(async (tx) => {
    const { jobItems } = tablesOf(tx);
    await tx.insert(jobItems).values({
      id,
      userId,
      platform: 'freelancer',
      externalId: `job-${id}`,
      title: `Job ${id}`,
      status,
      sentAt: status === 'completed' ? at : null,
      outcome: status === 'completed' ? 'replied' : null,
      createdAt: at,
      updatedAt: at,
    });
    await recordChange(tx, userId, 'jobItem', id, at);
  });
}

describe('retention', () => {
  it('keeps each kind of record its settings’ days: codes and ended sessions, seen jobs, activity, unsent items long, sent items far longer, sent mail', async () => {
    t = makeTestApp();
    const app = t;
    const { user, token } = await app.signup('keep@gmail.com');
    const start = app.clock.now();
    const { seenJobs, sessions, verificationCodes, activityLog, mailOutbox, jobItems, changeLog } = tablesOf(app.db);
    await app.store.tx(async (tx) => {
      await tx
        .insert(tablesOf(tx).seenJobs)
        .values({ userId: user.id, platform: 'freelancer', externalId: 'seen-1', agentId: null, firstSeenAt: start });
      await recordActivity(tx, user.id, 'agent_run', start, { data: { found: 1 } });
      await queueMail(
        tx,
        { to: 'keep@gmail.com', subject: 'Ticket', text: 'The ticket text', html: '<p>The ticket text</p>' },
        'ticket-1',
        start,
      );
    });
    await app.app.runner.tick();
    for (const status of ['completed', 'skipped', 'failed', 'draft', 'processing'] as const)
      await item(app, user.id, status, status, start);
    expect((await app.call('POST', '/api/auth/signout', undefined, app.auth(token))).status).toBeLessThan(300);
    const count = async () => ({
      sessions: (await app.db.select().from(sessions)).length,
      codes: (await app.db.select().from(verificationCodes)).length,
      seen: (await app.db.select().from(seenJobs)).length,
      activity: (await app.db.select().from(activityLog)).length,
      mail: (await app.db.select().from(mailOutbox)).length,
      items: (await app.db.select({ status: jobItems.status }).from(jobItems)).map((row) => row.status).sort(),
    });
    const first = await count();
    expect(first).toMatchObject({ sessions: 1, codes: 1, seen: 1, mail: 2 });

    // A week on: only what is never kept that long (nothing yet by these settings).
    app.clock.set(new Date(start.getTime() + 7 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ sessions: 0, codes: 0, mail: 0 });
    // Fifteen days: sent mail (its bodies hold codes and tickets) goes.
    app.clock.set(new Date(start.getTime() + 15 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ mail: 2 });
    // Past a month: the ended session and the expired code go.
    app.clock.set(new Date(start.getTime() + 31 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({
      sessions: 1,
      codes: 1,
      seenJobs: 0,
      unsentItems: 0,
    });
    // Past three months: seen jobs and the items never sent (not one in flight); the sent one stays.
    app.clock.set(new Date(start.getTime() + 91 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ seenJobs: 1, unsentItems: 3, sentItems: 0 });
    expect((await count()).items).toEqual(['completed', 'processing']);
    // The devices learn of the deletions: each deleted item left its tombstone.
    const tombstones = await app.db.select().from(changeLog).where(eq(changeLog.deleted, true));
    expect(tombstones.map((row) => row.entityId).sort()).toEqual(['draft', 'failed', 'skipped']);
    // Half a year: the activity. Two years: the sent proposal and its outcome.
    app.clock.set(new Date(start.getTime() + 181 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ activity: first.activity, sentItems: 0 });
    app.clock.set(new Date(start.getTime() + 731 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ sentItems: 1 });
    expect((await count()).items).toEqual(['processing']);
  });

  it('keeps everything with 0 days', async () => {
    t = makeTestApp();
    const { user } = await t.signup('forever@gmail.com');
    await item(t, user.id, 'old-skip', 'skipped', t.clock.now());
    t.clock.advance(3650 * DAY);
    const never = { authDays: 0, seenJobsDays: 0, activityDays: 0, tombstonesDays: 0, unsentItemsDays: 0, sentItemsDays: 0, mailDays: 0 };
    expect(await sweepExpired(t.store, t.clock.now(), never)).toMatchObject({
      sessions: 0,
      codes: 0,
      seenJobs: 0,
      activity: 0,
      unsentItems: 0,
      sentItems: 0,
      tombstones: 0,
      mail: 0,
    });
  });

  it('deletes tombstones past their days; a device behind them pulls everything again, once, and pages on', async () => {
    t = makeTestApp();
    const app = t;
    const { user, token } = await app.signup('pull@gmail.com');
    const start = app.clock.now();
    for (const id of ['a', 'b', 'c', 'd']) await item(app, user.id, id, 'completed', start);
    let session = token;
    const pull = async (since: string, limit = 500) =>
      (await app.call('GET', `/api/sync/pull?since=${since}&limit=${limit}`, undefined, app.auth(session))).json;
    const device = (await pull('0')).nextCursor as string;
    // While the device is away: two items are deleted, and their tombstones outlive their retention.
    app.clock.set(new Date(start.getTime() + 800 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), { ...DEFAULT_RETENTION, sentItemsDays: 730, tombstonesDays: 0 })).toMatchObject({
      sentItems: 4,
    });
    await item(app, user.id, 'e', 'completed', app.clock.now());
    app.clock.set(new Date(start.getTime() + 900 * DAY));
    expect(await sweepExpired(app.store, app.clock.now(), DEFAULT_RETENTION)).toMatchObject({ tombstones: 4 });

    // This device comes back (signing in again, its session long over) and starts over.
    session = (await app.call('POST', '/api/auth/signin', { email: 'pull@gmail.com', password: 'Sturdy-Pass1' })).json.data.token;
    const again = await pull(device, 1);
    expect(again.reset).toBe(true);
    const ids = (page: { changes: Array<{ id: string }> }) => page.changes.map((c) => c.id);
    const pages = [again];
    while (pages[pages.length - 1]!.hasMore) pages.push(await pull(pages[pages.length - 1]!.nextCursor, 1));
    // The rest of that full pull pages on, below the floor too, without starting over again.
    expect(pages.slice(1).every((page) => page.reset === undefined)).toBe(true);
    expect(pages.flatMap(ids).filter((id) => id !== user.id)).toEqual(['e']);
    const caughtUp = pages[pages.length - 1]!.nextCursor as string;
    expect((await pull(caughtUp)).changes).toEqual([]);
    expect((await pull(caughtUp)).reset).toBeUndefined();
  });
});
