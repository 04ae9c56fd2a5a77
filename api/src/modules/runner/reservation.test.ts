import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { makeJob } from '@shared/matching/job-fixture';
import type { PlanLimits } from '@shared/schemas/sync';
import { tablesOf } from '../../store/schema/index';
import { toAgentDto } from '../agents/agents';
import { coverLetterQuota, coverLetterQuotaService } from '../proposals/cover-letter-quota';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { reserveJobs } from './reservation';

// Both engines: one pass per reservation creates its items, takes its letters and records its
// changes together (a statement each on PostgreSQL); these are what a user would notice of it.
let t: TestApp;
afterEach(() => t?.close());

const limits = (proposalsPerDay: number): PlanLimits => ({
  plan: 'basic',
  trial: true,
  trialEndsAt: null,
  agents: 4,
  proposalsPerDay,
  maxUpworkProposals: 50,
  maxFreelancerBids: 50,
});
const match = { score: 80, raw: 80, passes: true, fit: 60, quality: 20, factors: [], features: null, flags: [] };
const ranked = (...ids: string[]) => ids.map((id) => ({ job: makeJob({ id, platform: 'freelancer' }), match }));

async function twoAgents() {
  t = makeTestApp();
  const { agents } = tablesOf(t.db);
  const { user } = await t.signup();
  const now = t.clock.now();
  await t.store.tx((tx) => {
    const { agents } = tablesOf(tx);
    return tx.insert(agents).values(
      ['a1', 'a2'].map((id) => ({
        id,
        userId: user.id,
        status: 'active' as const,
        fields: { title: 'developer', platform: 'freelancer', emailsPerDay: 10 },
        fieldVersions: {},
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  const rows = await t.db.select().from(agents);
  const agent = (id: string) => toAgentDto(rows.find((row) => row.id === id)!);
  const deps = { store: t.store, clock: t.clock, quota: coverLetterQuotaService(t.store) } as never;
  const reserve = (agentId: string, jobs: ReturnType<typeof ranked>, want: number, perDay = 20) =>
    reserveJobs(deps, agent(agentId), jobs, want, { limits: limits(perDay), timeZone: 'UTC' });
  const used = async () => (await coverLetterQuota(t.store, user.id, t.clock.now())).used;
  const synced = async () => {
    const { changeLog } = tablesOf(t.db);
    return (
      await t.db
        .select({ id: changeLog.entityId })
        .from(changeLog)
        .where(and(eq(changeLog.userId, user.id), eq(changeLog.entity, 'jobItem')))
    )
      .map((row) => row.id)
      .sort();
  };
  return { user, reserve, used, synced };
}

describe('reserving the best jobs for an agent', () => {
  it('passes over a job another agent of the user holds, gives its letter back, and takes the next job instead', async () => {
    const { user, reserve, used, synced } = await twoAgents();
    const { jobItems } = tablesOf(t.db);
    expect((await reserve('a2', ranked('j1'), 1)).reserved).toHaveLength(1);

    const taken = await reserve('a1', ranked('j0', 'j1', 'j2', 'j3', 'j4'), 3);
    expect(taken.reserved.map((r) => r.job.externalId)).toEqual(['j0', 'j2', 'j3']);
    expect(taken.examined).toBe(4);
    expect(taken.quotaSpent).toBeUndefined();
    // One letter per job kept: one for a2's, three for a1's.
    expect(await used()).toBe(4);
    const items = await t.db.select().from(jobItems).where(eq(jobItems.userId, user.id));
    expect(items.map((i) => `${i.agentId} ${i.externalId} ${i.stage}`).sort()).toEqual([
      'a1 j0 writing',
      'a1 j2 writing',
      'a1 j3 writing',
      'a2 j1 writing',
    ]);
    // Every item created is in the change log, so the user's devices pull it.
    expect(await synced()).toEqual(items.map((i) => i.id).sort());
  });

  it("stops at the day's last letter, keeping the jobs it could pay for and leaving the rest in the pool", async () => {
    const { user, reserve, used } = await twoAgents();
    const { jobItems } = tablesOf(t.db);
    // Two of the day's three letters written by hand in the app (they are no agent's items).
    expect(
      await t.store.tx((tx) =>
        coverLetterQuotaService(t.store).take(tx, user.id, t.clock.now(), 2, { timeZone: 'UTC', limits: limits(3) }),
      ),
    ).toBe(2);

    const taken = await reserve('a1', ranked('j0', 'j1', 'j2'), 3, 3);
    expect(taken.reserved.map((r) => r.job.externalId)).toEqual(['j0']);
    expect(taken.examined).toBe(1);
    expect(taken.quotaSpent).toBe(true);
    expect(await used()).toBe(3);

    // Nothing left: no job is reserved, no letter taken.
    const none = await reserve('a2', ranked('j1'), 1, 3);
    expect(none).toMatchObject({ reserved: [], examined: 0, quotaSpent: true });
    expect(await used()).toBe(3);
    expect(await t.db.select().from(jobItems).where(eq(jobItems.userId, user.id))).toHaveLength(1);
  });
});
