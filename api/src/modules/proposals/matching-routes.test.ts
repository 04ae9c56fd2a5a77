import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '@shared/matching/job-fixture';
import { rankJobs } from '@shared/scoring';
import { tablesOf } from '../../store/schema/index';
import { JobItemService } from './job-items';
import { MatchLearning } from './match-learning';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
  t.clock.set(new Date('2026-03-12T10:00:00Z'));
});
afterEach(() => t.close());

/** A draft the runner would have written: the job scored for a designer, its reason kept. */
async function draft(userId: string, title: string, skills: string[], reason?: string) {
  const { jobItems } = tablesOf(t.db);
  const [scored] = rankJobs([makeJob({ id: crypto.randomUUID(), title, skills })], { skills: ['Shopify', 'WordPress', 'Web Design'] });
  const id = crypto.randomUUID();
  await t.db.insert(jobItems).values({
    id,
    userId,
    platform: 'upwork',
    externalId: scored!.externalId,
    title,
    status: 'draft',
    proposalRequirements: 'Hello, I would be glad to help.',
    matchScore: scored!.matchScore,
    matchReason: reason ?? scored!.matchReason,
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  return id;
}

describe('learning from decisions (/api/matching/learning)', () => {
  it('records approve, edit then approve, discard and outcomes, and forgets them on reset', async () => {
    const { jobItems } = tablesOf(t.db);
    const { token, user } = await t.signup();
    const items = new JobItemService({ store: t.store, clock: t.clock });
    const a = await draft(user.id, 'Shopify store design', ['Shopify', 'Web Design']);
    const b = await draft(user.id, 'Shopify theme tweaks', ['Shopify']);
    const c = await draft(user.id, 'WordPress site for a bakery', ['WordPress']);
    const old = await draft(user.id, 'WordPress blog', ['WordPress'], 'Matches 1 of 1 skills (WordPress); budget fits');

    await items.approve(user.id, a);
    await items.update(user.id, b, { proposalRequirements: 'Hello, I have built twelve Shopify stores.' });
    await items.approve(user.id, b);
    await items.discard(user.id, c);
    await items.discard(user.id, old);
    // A replayed approval changes nothing.
    await items.approve(user.id, a);

    let res = await t.call('GET', '/api/matching/learning', undefined, t.auth(token));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ signals: 3, approved: 1, edited: 1, discarded: 1, replied: 0, won: 0, lost: 0 });

    // Outcomes: a reply, then a hire replaces it; taking the mark back forgets it.
    await t.db.update(jobItems).set({ status: 'completed' }).where(eq(jobItems.id, a));
    res = await t.call('PUT', `/api/job-items/${a}`, { outcome: 'replied' }, t.auth(token));
    expect(res.status).toBe(200);
    expect((await t.call('PUT', `/api/job-items/${a}`, { outcome: 'hired' }, t.auth(token))).status).toBe(200);
    expect((await t.call('GET', '/api/matching/learning', undefined, t.auth(token))).json.data).toMatchObject({
      signals: 4,
      won: 1,
      replied: 0,
    });
    await t.call('PUT', `/api/job-items/${a}`, { outcome: null }, t.auth(token));
    expect((await t.call('GET', '/api/matching/learning', undefined, t.auth(token))).json.data).toMatchObject({ signals: 3, won: 0 });

    const learning = new MatchLearning({ store: t.store, clock: t.clock });
    expect(await learning.model(user.id)).not.toBeNull();

    res = await t.call('DELETE', '/api/matching/learning', undefined, t.auth(token));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { signals: 0, approved: 0, updatedAt: null } });
    expect(await learning.model(user.id)).toBeNull();
  });

  it("keeps each user's signals to themselves", async () => {
    const { matchSignals } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const bob = await t.signup('bob@gmail.com');
    const items = new JobItemService({ store: t.store, clock: t.clock });
    await items.approve(ada.user.id, await draft(ada.user.id, 'Shopify store design', ['Shopify']));
    await items.discard(bob.user.id, await draft(bob.user.id, 'WordPress site', ['WordPress']));

    await t.call('DELETE', '/api/matching/learning', undefined, t.auth(bob.token));
    expect((await t.call('GET', '/api/matching/learning', undefined, t.auth(ada.token))).json.data).toMatchObject({
      signals: 1,
      approved: 1,
    });
    expect((await t.call('GET', '/api/matching/learning', undefined, t.auth(bob.token))).json.data).toMatchObject({ signals: 0 });
    expect((await t.db.select().from(matchSignals)).map((s) => s.userId)).toEqual([ada.user.id]);
  });

  it('answers 401 without a session and changes nothing', async () => {
    expect((await t.call('GET', '/api/matching/learning')).status).toBe(401);
    expect((await t.call('DELETE', '/api/matching/learning')).status).toBe(401);
  });
});
