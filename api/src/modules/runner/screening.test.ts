import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import type { MarketplaceAdapter, Marketplaces } from '../marketplaces/types';
import { findProject } from '../marketplaces/sandbox/projects';
import type { WriterPort } from './ports';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { Runner } from './runner';

/**
 * Upwork's screening questions: read with the job before its letter is written, answered by the
 * writer beside the letter, stored on the proposal and sent with it; a question left unanswered
 * holds the proposal as a draft, even for an auto-send agent.
 */

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const asks = (job: Job) => (findProject('upwork', job.externalId, f.server.clock.now().getTime())?.screeningQuestions.length ?? 0) > 0;

/** Whether the sandbox's Upwork job asks for the freelancer's availability among its screening questions. */
const asksAvailability = (job: Job) =>
  (findProject('upwork', job.externalId, f.server.clock.now().getTime())?.screeningQuestions ?? []).some((q) => /availability/i.test(q));

/** The sandbox's Upwork, answering only its first job that asks screening questions (those `which` takes). */
function oneAskingJob(which: (job: Job) => boolean = asks): Marketplaces {
  const base = f.deps({ upworkProposalsApi: true }).marketplaces;
  const real = base.upwork.adapter;
  const adapter = new Proxy(real, {
    get(target, prop) {
      if (prop === 'search')
        return async (...args: Parameters<MarketplaceAdapter['search']>) => {
          const page = await target.search(...args);
          const jobs = page.jobs.filter(which).slice(0, 1);
          expect(jobs).toHaveLength(1);
          return { ...page, jobs, total: 1, hasMore: false };
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...base, upwork: { ...base.upwork, adapter } };
}

async function upworkAgent() {
  const { userId, service } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
  f.setTokens({ freelancer: await f.connect('freelancer', 'runner_fl'), upwork: await f.connect('upwork', 'runner_up', true) });
  const { agent } = await service.create(userId, {
    title: 'developer',
    platform: 'upwork',
    sendMode: 'auto',
    emailsPerDay: 3,
    minMatchScore: 0,
  } as never);
  await service.setStatus(userId, agent.id, 'active');
  return { userId, agentId: agent.id };
}

describe("Upwork's screening questions", () => {
  it('are given to the writer, stored with their answers and sent with the proposal', async () => {
    const { userId, agentId } = await upworkAgent();
    const summary = await new Runner(f.deps({ upworkProposalsApi: true, marketplaces: oneAskingJob() })).runNow(agentId);
    expect(summary).toMatchObject({ queued: 1, drafts: 0 });
    const [item] = (await f.items(userId)).filter((i) => i.platform === 'upwork');
    const asked = findProject('upwork', item!.externalId, f.server.clock.now().getTime())!.screeningQuestions;
    expect(item!.screeningAnswers).toEqual(asked.map((question) => ({ question, answer: expect.stringContaining('From my own work') })));
    expect(item!.status).toBe('completed');
    // The sandbox refuses a proposal missing an answer: this one went through.
    expect(f.state.posts.filter((p) => p.startsWith('upwork:'))).toEqual([`upwork:${item!.externalId}`]);
  });

  it('a question the writer left unanswered holds the proposal as a draft, naming the question', async () => {
    const { userId, agentId } = await upworkAgent();
    const writer: WriterPort = {
      write: async ({ job }) => ({ text: `Your project "${job.title}" is work I do every week. Which part comes first?`, writer: 'ai' }),
    };
    const summary = await new Runner(f.deps({ upworkProposalsApi: true, marketplaces: oneAskingJob(), writer })).runNow(agentId);
    expect(summary).toMatchObject({ queued: 0, drafts: 1 });
    const [item] = (await f.items(userId)).filter((i) => i.platform === 'upwork');
    const asked = findProject('upwork', item!.externalId, f.server.clock.now().getTime())!.screeningQuestions;
    expect(item!.status).toBe('draft');
    expect(item!.screeningAnswers).toEqual(asked.map((question) => ({ question, answer: '' })));
    expect(item!.letterReview?.problems).toEqual(asked.map((question) => ({ code: 'screeningUnanswered', words: question })));
    expect(f.state.posts).toEqual([]);
  });

  /** The fixture's model, its screening answers replaced by `answer` (its letter, which passes the check, kept). */
  function answering(answer: (question: string) => string): WriterPort {
    const model = f.deps().writer;
    return {
      write: async (input) => {
        const written = await model.write(input);
        return {
          ...written,
          screeningAnswers: (input.screeningQuestions ?? []).map((question) => ({ question, answer: answer(question) })),
        };
      },
    };
  }

  async function runOn(writer: WriterPort) {
    const { userId, agentId } = await upworkAgent();
    const summary = await new Runner(f.deps({ upworkProposalsApi: true, marketplaces: oneAskingJob(asksAvailability), writer })).runNow(
      agentId,
    );
    const [item] = (await f.items(userId)).filter((i) => i.platform === 'upwork');
    const asked = findProject('upwork', item!.externalId, f.server.clock.now().getTime())!.screeningQuestions;
    return { summary, item: item!, asked };
  }

  for (const [language, putOff] of [
    ['English', 'I would confirm this with you once we talk.'],
    ['Spanish', 'Lo confirmaré con usted más adelante.'],
  ] as const)
    it(`an answer that only puts the question off (${language}) holds the proposal as a draft, naming each question`, async () => {
      const { summary, item, asked } = await runOn(answering(() => putOff));
      expect(summary).toMatchObject({ queued: 0, drafts: 1 });
      expect(item.status).toBe('draft');
      expect(item.screeningAnswers).toEqual(asked.map((question) => ({ question, answer: putOff })));
      expect(item.letterReview?.problems).toEqual(asked.map((question) => ({ code: 'screeningUnanswered', words: question })));
      expect(f.state.posts).toEqual([]);
    });

  it('an answer that says the question back, or a bare yes to "what is your availability", holds it too', async () => {
    const { summary, item, asked } = await runOn(
      answering((question) => (/availability/i.test(question) ? 'Yes.' : `${question} ${question}`)),
    );
    expect(summary).toMatchObject({ queued: 0, drafts: 1 });
    expect(item.letterReview?.problems).toEqual(asked.map((question) => ({ code: 'screeningUnanswered', words: question })));
    expect(f.state.posts).toEqual([]);
  });

  for (const [language, real] of [
    ['English', 'I built "Fresh Basket" with React and PostgreSQL in 3 weeks; I have 30 hours a week free from Monday.'],
    ['Spanish', 'Construí «Fresh Basket» con React y PostgreSQL en 3 semanas; tengo 30 horas por semana libres desde el lunes.'],
  ] as const)
    it(`a real answer to the availability question (${language}) goes out with the proposal`, async () => {
      const { summary, item, asked } = await runOn(answering(() => real));
      expect(asked.some((q) => /availability/i.test(q))).toBe(true);
      expect(summary).toMatchObject({ queued: 1, drafts: 0 });
      expect(item.status).toBe('completed');
      expect(item.screeningAnswers).toEqual(asked.map((question) => ({ question, answer: real })));
      expect(f.state.posts).toEqual([`upwork:${item.externalId}`]);
    });
});
