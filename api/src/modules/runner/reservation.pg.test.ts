import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { makeJob } from '@shared/matching/job-fixture';
import type { PlanLimits } from '@shared/schemas/sync';
import { tablesOf } from '../../store/schema/index';
import type { PostgresStore } from '../../store/store';
import { toAgentDto } from '../agents/agents';
import { freshPostgresStore, postgresTestStore } from '../../testing/postgres-test-db';
import { reserveJobs } from './reservation';

// Runs in the `api-pg` project only (vitest.config.ts): reservations of one user made by two runner
// processes (two pools) at the same moment, at READ COMMITTED under the user's lock.
let stores: PostgresStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

const now = new Date('2026-11-20T10:00:00Z');
const limits: PlanLimits = {
  plan: 'free',
  trial: true,
  trialEndsAt: null,
  agents: 4,
  proposalsPerDay: 3,
  maxUpworkProposals: 3,
  maxFreelancerBids: 3,
};

describe('reserving jobs on PostgreSQL', () => {
  it('two runner processes reserving for one user at once never pass the daily cap, and each job once', async () => {
    const { store, database } = freshPostgresStore();
    const { agents, jobItems } = tablesOf(store.db);
    const other = postgresTestStore(database);
    stores = [store, other];
    await store.tx(async (tx) => {
      const { agents, users } = tablesOf(tx);
      await tx.insert(users).values({
        id: 'u1',
        email: 'u1@gmail.com',
        passwordHash: 'x',
        platformType: 'freelancer',
        referralCode: 'u1',
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(agents).values(
        ['a1', 'a2'].map((id) => ({
          id,
          userId: 'u1',
          status: 'active' as const,
          fields: { title: 'developer', platform: 'freelancer', emailsPerDay: 10 },
          fieldVersions: {},
          createdAt: now,
          updatedAt: now,
        })),
      );
    });
    const rows = await store.db.select().from(agents);
    const clock = { now: () => now };
    const quota = { take: async (_tx: unknown, _userId: string, _now: Date, letters: number) => letters, refund: async () => undefined };
    // Eight jobs, two of them asked for by both processes; each process runs its own agent.
    const match = { score: 80, raw: 80, passes: true, fit: 60, quality: 20, factors: [], features: null, flags: [] };
    const jobs = Array.from({ length: 8 }, (_, i) => ({ job: makeJob({ id: `j${i}`, platform: 'freelancer' }), match }));
    const reserve = (s: PostgresStore, agentId: string, batch: typeof jobs) =>
      reserveJobs({ store: s, clock, quota } as never, toAgentDto(rows.find((r) => r.id === agentId)!), batch, batch.length, {
        limits,
        timeZone: 'UTC',
      });
    // Single jobs and a batch, from both processes at once.
    const results = await Promise.all([
      ...jobs.slice(0, 5).map((job) => reserve(store, 'a1', [job])),
      ...jobs.slice(3).map((job) => reserve(other, 'a2', [job])),
      reserve(other, 'a2', jobs.slice(2, 6)),
    ]);
    const items = await store.db.select().from(jobItems).where(eq(jobItems.userId, 'u1'));
    expect(items).toHaveLength(3);
    expect(new Set(items.map((i) => i.externalId)).size).toBe(3);
    expect(results.flatMap((r) => r.reserved)).toHaveLength(3);
  });
});
