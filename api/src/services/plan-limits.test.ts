import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema';
import { makeTestApp, type TestApp } from '../test/harness';
import { planLimitsFor, projectedPlanLimits } from './plan-limits';
import { DAY_MS, GRACE_MS, RENEWAL_WAIT_MS } from './subscription-state';

let t: TestApp;
afterEach(() => t?.close());

const rowOf = (userId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();

describe('projectedPlanLimits (for code still in a synchronous transaction)', () => {
  it('gives the limits the settled subscription has at each deadline, writing nothing', async () => {
    t = makeTestApp();
    const { user: signedUp } = await t.signup();
    const user = t.db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, signedUp.id)).get()!;
    const start = t.clock.now();
    const agree = async (label: string, at: Date) => {
      const before = rowOf(user.id);
      const projected = projectedPlanLimits(before, user, at);
      expect(rowOf(user.id), label).toEqual(before);
      expect(projected, label).toEqual(await t.store.tx((tx) => planLimitsFor(tx, user, at)));
      return projected;
    };

    expect((await agree('trial', start)).plan).toBe('basic');
    expect((await agree('trial over', new Date(start.getTime() + 8 * DAY_MS))).plan).toBe('free');

    // Paid pro, renewing, a downgrade to basic scheduled at the period end.
    const now = new Date(start.getTime() + 9 * DAY_MS);
    const end = new Date(now.getTime() + 10 * DAY_MS);
    t.db
      .update(subscriptions)
      .set({ status: 'active', plan: 'pro', currency: 'USD', amount: 2500, currentPeriodStart: now, currentPeriodEnd: end, scheduledPlan: 'basic', scheduledAt: end, providerSubscriptionCode: 'SUB_projected' })
      .where(eq(subscriptions.userId, user.id))
      .run();
    expect((await agree('paid', now)).plan).toBe('pro');
    expect((await agree('downgraded at the period end', end)).plan).toBe('basic');
    expect((await agree('renewal late: grace keeps the plan', new Date(end.getTime() + RENEWAL_WAIT_MS))).plan).toBe('basic');
    expect((await agree('grace over', new Date(end.getTime() + GRACE_MS + 1))).plan).toBe('free');
  });

  it('projects the trial of a user whose subscription is not recorded yet', () => {
    const createdAt = new Date('2026-03-01T00:00:00Z');
    expect(projectedPlanLimits(undefined, { createdAt }, new Date('2026-03-02T00:00:00Z'))).toMatchObject({ plan: 'basic', trial: true, trialEndsAt: '2026-03-08T00:00:00.000Z' });
    expect(projectedPlanLimits(undefined, { createdAt }, new Date('2026-03-08T00:00:00Z'))).toMatchObject({ plan: 'free', trial: false, trialEndsAt: null });
  });
});
