import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { JobItemService } from '../proposals/job-items';
import { Runner } from './runner';
import { sendDue } from './sender';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

describe('the bid the user sets in the review', () => {
  it('keeps the job as posted on the draft, and sends the amount and period the user approved with', async () => {
    const { userId, agentId, token } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2 });
    await new Runner(f.deps()).runNow(agentId);
    const [draft] = (await f.items(userId)).filter((item) => item.status === 'draft');
    // The job's type, budget, age and competition, for the review and the bid's rules.
    expect(draft).toMatchObject({ jobType: expect.stringMatching(/^(fixed|hourly)$/), bidCount: expect.any(Number) });
    expect(draft!.budgetMin).toBeGreaterThan(0);
    expect(draft!.postedAt!.getTime()).toBeLessThanOrEqual(f.server.clock.now().getTime());

    const below = await f.t.call('POST', `/api/job-items/${draft!.id}/approve`, { bidAmount: draft!.budgetMin! / 2 }, f.t.auth(token));
    expect(below.status).toBe(400);
    const amount = Math.round(draft!.budgetMin! * 1.1);
    // Approved through the service (the test app's own sender has no marketplace account to send with).
    const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
    expect(await decisions.approve(userId, draft!.id, undefined, {}, { amount, periodDays: 12 })).toMatchObject({ bidAmount: amount });
    await sendDue(f.deps());
    const [bid] = await f.bids();
    expect(bid).toMatchObject({ amount, period: 12 });
    expect((await f.item(draft!.id))?.status).toBe('completed');
  });
});
