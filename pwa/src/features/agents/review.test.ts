import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { agentQueueStats, inboxLists, letterLimit, problemText, reviewedBid } from './review';
import { liveCheck } from './letter-check-live';

const item = (over: Partial<JobItem>): JobItem =>
  ({
    id: 'i',
    agentId: 'a1',
    platform: 'freelancer',
    status: 'draft',
    stage: null,
    matchScore: 70,
    createdAt: '2026-03-01T00:00:00.000Z',
    sentAt: null,
    jobType: 'fixed',
    budgetMin: 2500,
    budgetMax: 21000,
    bidAmount: 11750,
    bidCurrency: 'INR',
    bidPeriodDays: 7,
    title: 'Logo for a bakery',
    description: 'We need a logo for our bakery. Which software do you use? How many revisions are included?',
    letterReview: null,
    ...over,
  }) as JobItem;

describe('the inbox', () => {
  it('lists each state best match first, of the chosen agent and marketplace', () => {
    const items = [
      item({ id: 'd83', matchScore: 83 }),
      item({ id: 'd76', matchScore: 76 }),
      item({ id: 'd88', matchScore: 88 }),
      item({ id: 'q', status: 'processing', stage: 'queued' }),
      item({ id: 'w', status: 'processing', stage: 'writing' }),
      item({ id: 's', status: 'completed' }),
      item({ id: 'f', status: 'failed' }),
      item({ id: 'x', status: 'skipped' }),
      item({ id: 'up', matchScore: 99, platform: 'upwork', agentId: 'a2' }),
    ];
    const all = inboxLists(items, { agentId: 'all', platform: 'all' });
    expect(all.drafts.map((i) => i.id)).toEqual(['up', 'd88', 'd83', 'd76']);
    expect([all.queued, all.sent, all.failed].map((list) => list.map((i) => i.id))).toEqual([['q'], ['s'], ['f']]);
    expect(inboxLists(items, { agentId: 'a1', platform: 'all' }).drafts.map((i) => i.id)).toEqual(['d88', 'd83', 'd76']);
    expect(inboxLists(items, { agentId: 'all', platform: 'upwork' }).drafts.map((i) => i.id)).toEqual(['up']);
  });

  it("counts each agent's drafts waiting and proposals sent today", () => {
    const now = new Date('2026-03-12T15:00:00');
    const stats = agentQueueStats(
      [
        item({ status: 'draft' }),
        item({ status: 'draft' }),
        item({ status: 'completed', sentAt: new Date('2026-03-12T09:00:00').toISOString() }),
        item({ status: 'completed', sentAt: new Date('2026-03-11T09:00:00').toISOString() }),
        item({ agentId: 'a2', status: 'failed' }),
      ],
      now,
    );
    expect(stats.get('a1')).toEqual({ drafts: 2, sentToday: 1 });
    expect(stats.get('a2')).toEqual({ drafts: 0, sentToday: 0 });
  });
});

describe('the bid in the review', () => {
  it('sends only what changed, within the marketplace rules', () => {
    expect(reviewedBid(item({}), '11750', '7')).toEqual({ changes: {}, problems: [] });
    expect(reviewedBid(item({}), '4000', '12')).toEqual({ changes: { bidAmount: 4000, bidPeriodDays: 12 }, problems: [] });
    expect(reviewedBid(item({}), '2000', '400').problems).toEqual([
      { code: 'amountLow', min: 2500 },
      { code: 'periodInvalid', min: 1, max: 365 },
    ]);
    expect(reviewedBid(item({}), 'abc', '7').problems).toEqual([{ code: 'amountInvalid' }]);
    // An emptied field keeps the proposal's own value.
    expect(reviewedBid(item({}), '', '').changes).toEqual({});
  });

  it('Upwork: no period, $3 an hour at least', () => {
    const upwork = item({ platform: 'upwork', jobType: 'hourly', bidAmount: 40, bidCurrency: 'USD', bidPeriodDays: 7 });
    expect(reviewedBid(upwork, '2', '99')).toEqual({ changes: { bidAmount: 2 }, problems: [{ code: 'amountLow', min: 3 }] });
  });
});

describe('the letter check in the review', () => {
  it("reads the marketplace's limit", () => {
    expect([letterLimit('freelancer'), letterLimit('upwork')]).toEqual([1500, 5000]);
  });

  it('says each problem in the reader’s language, language names included', () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;
    const text = problemText(t, { code: 'wrongLanguage', expected: 'es', found: 'en' }, 'fr');
    expect(text).toContain('"found":"anglais"');
    expect(text).toContain('"expected":"espagnol"');
    expect(problemText(t, { code: 'tooLong', length: 1734, limit: 1500 }, 'en')).toContain('"length":"1,734","limit":"1,500"');
  });

  it('runs again on the edit: a letter over the limit fails, and the questions it answers are ticked', () => {
    const draft = item({});
    const long = `I read your post about the logo for your bakery. ${'More words about the logo. '.repeat(70)}`;
    expect(liveCheck({ letter: long, item: draft, profileSkills: [], allowedLinks: [], recentLetters: [] }).problems).toContainEqual(
      expect.objectContaining({ code: 'tooLong', limit: 1500 }),
    );
    const answered = liveCheck({
      letter: 'Your bakery logo is a job I enjoy. I use Adobe Illustrator software, and three revisions are included in the price.',
      item: draft,
      profileSkills: [],
      allowedLinks: [],
      recentLetters: [],
    });
    expect(answered.questions.map((q) => q.answered)).toEqual([true, true]);
    const open = liveCheck({
      letter: 'Your bakery logo is a job I enjoy, and I can start today.',
      item: draft,
      profileSkills: [],
      allowedLinks: [],
      recentLetters: [],
    });
    expect(open.questions.every((q) => !q.answered)).toBe(true);
    expect(open.problems.filter((p) => p.code === 'unanswered')).toHaveLength(2);
  });

  it('keeps an Upwork screening answer that puts its question off among the problems while the letter is edited', () => {
    const question = 'What is your availability for the next two weeks?';
    const letter = 'Your bakery logo is a job I enjoy. I use Adobe Illustrator software, and three revisions are included in the price.';
    const check = (answer: string) =>
      liveCheck({
        letter,
        item: item({ platform: 'upwork', screeningAnswers: [{ question, answer }] }),
        profileSkills: [],
        allowedLinks: [],
        recentLetters: [],
      }).problems.filter((p) => p.code === 'screeningUnanswered');
    expect(check('I would confirm this with you.')).toEqual([{ code: 'screeningUnanswered', words: question }]);
    expect(check('Lo confirmaré con usted más adelante.')).toEqual([{ code: 'screeningUnanswered', words: question }]);
    expect(check('About 25 hours a week, from Monday.')).toEqual([]);
  });
});
