import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random';
import type { Experiment } from '@shared/schemas/agent';
import { isFlaggedReason } from '@shared/matching/reason';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import { clientReaction, reactionAt, type ClientOptions } from '../marketplaces/sandbox/clients';
import { postedProject } from '../marketplaces/sandbox/projects';
import { JobItemService } from '../proposals/job-items';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';

type BidRow = Awaited<ReturnType<RunnerFixture['bids']>>[number];
import type { WriterPort } from './ports';
import { DEFAULT_OUTCOME_TIMES } from './outcome-schedule';
import { pollOutcomes } from './outcomes';
import { Runner } from './runner';
import { sendDue } from './sender';

const DAY = 86_400_000;
/**
 * Each test lives through days of a user's work: 60 proposals written, approved, sent and read back
 * at every check, a few thousand transactions. SQLite does it in about 10 s; PostgreSQL, a round trip
 * per statement, takes about 25 s on a quiet machine, too close to the project's 30 s.
 */
const SIMULATION_TIMEOUT_MS = 120_000;
let f: RunnerFixture;
afterEach(() => f?.close());

/**
 * Template B (web_development here) makes letters that address the job: its skills and its title.
 * Template A (content_writing) makes a polite letter that says nothing about the job. The sandbox's
 * clients answer what they see, so B truly wins more often.
 */
const writer: WriterPort = {
  async write({ agent, job }) {
    const text =
      agent.promptTemplate === 'web_development'
        ? `I have shipped ${job.skills.join(', ')} work for years. About "${job.title}": I would start with a short plan and a first milestone.`
        : 'Hello, I am a hard-working freelancer and I would be glad to help you. Kind regards.';
    return { text, writer: 'offline' };
  },
};

const experiment = (assignment: Experiment['assignment']): Experiment => ({
  id: `exp-${assignment}`,
  arms: ['content_writing', 'web_development'],
  assignment,
  metric: 'replied',
  startedAt: '2026-11-18T09:00:00.000Z',
  endedAt: null,
  winner: null,
});

async function setup(clients: ClientOptions, assignment: Experiment['assignment']) {
  f = await runnerFixture({ clients });
  const { userId, agentId, service, token } = await f.userWithAgent({
    sendMode: 'review',
    emailsPerDay: 15,
    minMatchScore: 0,
    startTime: '00:00',
    endTime: '23:59',
  });
  await service.update(userId, agentId, { experiment: experiment(assignment) });
  const random = mulberry32(`assign-${assignment}`);
  const deps = () => f.deps({ writer, random });
  const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
  /**
   * One day: the agent writes its proposals, the user approves every one without a red flag (a
   * flagged job is held apart from the day's allowance: approving it too would send one more), they go out.
   */
  const day = async () => {
    await new Runner(deps()).runNow(agentId);
    const drafts = (await f.items(userId)).filter((one) => one.status === 'draft' && !isFlaggedReason(one.matchReason));
    for (const item of drafts) await decisions.approve(userId, item.id);
    await sendDue(deps());
  };
  /** Moves time on to `until`, reading outcomes at every check that falls due. */
  const readOutcomes = async (until: number) => {
    const { jobItems } = tablesOf(f.t.db);
    for (let i = 0; i < 1000; i++) {
      const next = (await f.t.db.select().from(jobItems))
        .flatMap((item) =>
          item.status !== 'completed'
            ? []
            : item.outcomeTracking === null
              ? [item.sentAt!.getTime() + DEFAULT_OUTCOME_TIMES.firstCheckMs]
              : item.outcomeTracking === 'polling'
                ? [item.outcomeCheckAt!.getTime()]
                : [],
        )
        .sort((a, b) => a - b)[0];
      if (next === undefined || next > until) break;
      f.at(new Date(Math.max(next, f.server.clock.now().getTime())).toISOString());
      await pollOutcomes(deps(), { owner: 'test', random: () => 0.5 });
    }
    f.at(new Date(Math.max(until, f.server.clock.now().getTime())).toISOString());
  };
  return { userId, agentId, token, day, readOutcomes };
}

/** Whether the sandbox's client of an item answered by now: the truth the report must find. */
function trulyReplied(item: JobItemRow, bids: BidRow[], clients: ClientOptions): boolean {
  const bid = bids.find((one) => String(one.id) === item.proposalExternalId)!;
  const project = postedProject('freelancer', bid.projectId, bid.createdAt.getTime())!;
  const reaction = clientReaction(
    project,
    { platform: 'freelancer', id: bid.id, letter: bid.description, amount: bid.amount, placedAt: bid.createdAt.getTime() },
    clients,
  );
  return reactionAt(reaction, f.server.clock.now().getTime()).messages.length > 0;
}

describe('template experiments', () => {
  it(
    'assigns proposals at random, records each one’s template, and after N proposals reports B as the likely winner with the right rates',
    async () => {
      const clients = { seed: 'experiment-random', speedup: 1 };
      const { userId, agentId, token, day, readOutcomes } = await setup(clients, 'random');
      for (let d = 0; d < 4; d++) {
        await day();
        await readOutcomes(f.server.clock.now().getTime() + DAY);
      }
      await readOutcomes(f.server.clock.now().getTime() + 6 * DAY);

      const sent = (await f.items(userId)).filter((item) => item.status === 'completed');
      expect(sent.length).toBe(60);
      expect(sent.every((item) => item.experimentId === 'exp-random')).toBe(true);
      const byArm = (template: string) => sent.filter((item) => item.promptTemplate === template);
      const [a, b] = [byArm('content_writing'), byArm('web_development')];
      expect(a.length + b.length).toBe(60);
      expect(Math.min(a.length, b.length)).toBeGreaterThan(15); // a fair draw, not all one way
      // Each letter came from its own arm's template.
      expect(b.every((item) => item.proposalRequirements!.startsWith('I have shipped'))).toBe(true);
      expect(a.every((item) => item.proposalRequirements!.startsWith('Hello, I am'))).toBe(true);

      const response = await f.t.call('GET', `/api/automations/${agentId}/experiment`, undefined, f.t.auth(token));
      expect(response.status).toBe(200);
      const report = response.json.data;
      expect(report).toMatchObject({
        experimentId: 'exp-random',
        metric: 'replied',
        sent: 60,
        leader: 'web_development',
        likelyWinner: 'web_development',
      });
      // The rates are what the sandbox's clients really did, read back from the marketplace.
      const bids = await f.bids();
      for (const [arm, items] of [
        [report.arms[0], a],
        [report.arms[1], b],
      ] as const) {
        const truth = items.filter((item) => trulyReplied(item, bids, clients)).length;
        expect(arm.replied).toMatchObject({ successes: truth, trials: items.length, rate: truth / items.length });
        expect(arm.replied.low).toBeLessThanOrEqual(arm.replied.rate);
        expect(arm.replied.high).toBeGreaterThanOrEqual(arm.replied.rate);
      }
      expect(report.arms[1].replied.rate).toBeGreaterThan(report.arms[0].replied.rate + 0.3);
      expect(report.arms[1].probabilityBest).toBeGreaterThan(0.95);

      // Another user cannot read it.
      const stranger = await f.t.signup('stranger@gmail.com');
      expect((await f.t.call('GET', `/api/automations/${agentId}/experiment`, undefined, f.t.auth(stranger.token))).status).toBe(404);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it(
    'with Thompson sampling, sends more and more proposals with the template that gets answered',
    async () => {
      const clients = { seed: 'experiment-thompson', speedup: 1 };
      const { userId, day, readOutcomes } = await setup(clients, 'thompson');
      const perDay: Array<{ a: number; b: number }> = [];
      for (let d = 0; d < 6; d++) {
        const before = new Set((await f.items(userId)).map((item) => item.id));
        await day();
        const today = (await f.items(userId)).filter((item) => !before.has(item.id) && item.status === 'completed');
        perDay.push({
          a: today.filter((item) => item.promptTemplate === 'content_writing').length,
          b: today.filter((item) => item.promptTemplate === 'web_development').length,
        });
        await readOutcomes(f.server.clock.now().getTime() + DAY);
      }
      // With no results yet the draw is fair; once replies are in, B gets most proposals.
      const early = perDay.slice(0, 2).reduce((n, d) => n + d.b, 0);
      const late = perDay.slice(4).reduce((n, d) => ({ a: n.a + d.a, b: n.b + d.b }), { a: 0, b: 0 });
      expect(early).toBeLessThan(26);
      expect(late.b).toBeGreaterThan(late.a * 2);
    },
    SIMULATION_TIMEOUT_MS,
  );
});
