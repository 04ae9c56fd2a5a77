import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from './schema/index';
import { makeTestApp, type TestApp } from '../testing/harness';
import { sweepExpired } from './expiry';
import { BillingClaims } from '../modules/billing/payments/billing-claims';

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
    expect(await sweepExpired(t.store, t.clock.now())).toEqual({
      rateHits: 0,
      oauthStates: 0,
      idempotencyKeys: 0,
      wakeups: 0,
      billingClaims: 0,
    });

    // Two days on: the hits and the state (15 minutes' life, plus a day) go; the answer stays 7 days.
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await sweepExpired(t.store, t.clock.now())).toEqual({
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
