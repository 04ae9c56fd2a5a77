import { describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import { makeJob } from '@shared/matching/job-fixture';
import type { User } from '@shared/schemas/user';
import type { Job } from '@shared/schemas/job';
import { analyseJob, compileProfile, type PersonalModel } from '@shared/scoring';
import { matchProfile, pickJobs } from './criteria';
import { makeAgent } from '../../testing/agent-fixture';
import { MatchIndex, UNMATCHED_CEILING } from './match-index';

const NOW = new Date('2026-03-11T12:00:00.000Z');

const agentOf = (id: string, over: Partial<Agent>): Agent =>
  makeAgent({ id, name: id, title: 'Developer', platform: 'freelancer', freelancerIsFixed: true, freelancerIsHourly: true, ...over });

const userOf = (skills: string[], profileTitle = '', profileOverview = '') => ({ skills, profileTitle, profileOverview }) as User;

/** A Freelancer.com project from a client every signal likes (the most a job matching nothing can score). */
const project = (id: string, title: string, description: string, skills: string[], over: Partial<Job> = {}): Job =>
  makeJob({ id, platform: 'freelancer', title, description, skills, bidCount: 2, datePosted: '2026-03-11T11:00:00.000Z', ...over });

const FEED: Job[] = [
  project('react', 'React developer for a TypeScript dashboard', 'Charts and forms in React with hooks, a Node.js API.', [
    'React.js',
    'TypeScript',
  ]),
  project('react-cheap', 'Fix a React form', 'A small React bug in a signup form.', ['React.js'], {
    minBudget: 20,
    maxBudget: 30,
    budgetUsd: 25,
  }),
  project('books', 'Bookkeeping for a bakery', 'Monthly bookkeeping, payroll and tax returns for a small bakery.', [
    'Bookkeeping',
    'Accounting',
  ]),
  project('logo', 'Logo for a coffee roaster', 'A modern logo and a brand guide for our coffee roastery.', [
    'Logo Design',
    'Graphic Design',
  ]),
  project('shop', 'Shopify store setup', 'Set up a Shopify store with a custom theme and payment options.', ['Shopify', 'eCommerce']),
  project('spanish', 'Translate a website to Spanish', 'English to Spanish translation of 20 pages.', ['Translation', 'Spanish']),
  // Skills the vocabulary does not know, on their own and with a known head word.
  project('zorblax', 'Zorblax scripting for our factory line', 'Write Zorblax scripting macros for three machines.', ['Zorblax Scripting']),
  project('quux', 'Quuxware configuration', 'Configure our Quuxware instance for twelve users.', ['Quuxware Configuration']),
  project('vague', 'Need help with a small project', 'Details in chat. Quick work, good pay.', []),
  project('sourdough', 'Newsletter about sourdough baking', 'Weekly newsletter on sourdough starters and baking schedules.', []),
  // Only the description says what the work is.
  project('bread', 'Weekly emails for our shop', 'Sourdough stories for our readers: sourdough starters, news each week.', []),
  project('macros', 'Factory line macros', 'We need Zorblax scripting for three machines; Zorblax scripting experience a must.', []),
  // Only everyday words of trade ("consultant", "expert").
  project('generic', 'Expert consultant needed', 'An expert consultant for an expert review: consultant work, expert advice.', []),
  project('scam', 'Easy money React job', 'Pay a deposit via Telegram first, then React work. Contact me on WhatsApp.', ['React.js']),
  project('py', 'Python scraper for real estate listings', 'Scrape listings with Python and save them to PostgreSQL.', [
    'Python',
    'Web Scraping',
  ]),
];

/** A learned model that adds its most to every job (the highest a job that matches nothing can reach). */
const GENEROUS: PersonalModel = {
  bias: 0,
  dense: [0, 0, 0, 0, 0, 0, 0, 0],
  skills: {},
  center: -20,
  weight: 1e9,
  positives: {},
  negatives: {},
};

const PROFILES: Array<{ name: string; agent: Partial<Agent>; user: User }> = [
  { name: 'skills', agent: { title: 'React developer', skills: ['TypeScript'] }, user: userOf(['React', 'Node.js']) },
  { name: 'keywords only', agent: { title: 'Sourdough baker', skills: [] }, user: userOf([]) },
  { name: 'nothing to match on', agent: { title: 'Freelancer', skills: [] }, user: userOf([]) },
  { name: 'unknown skill', agent: { title: 'Automation', skills: ['Zorblax scripting'] }, user: userOf([]) },
  { name: 'unknown skill, head word', agent: { title: 'Consultant', skills: ['Widgetron configuration'] }, user: userOf([]) },
  {
    name: 'overview',
    agent: { title: 'Writer', skills: [] },
    user: userOf([], 'Translator', 'I translate English to Spanish and French.'),
  },
  { name: 'everyday words', agent: { title: 'Bookkeeping consultant and expert', skills: ['Bookkeeping'] }, user: userOf([]) },
  { name: 'books', agent: { title: 'Bookkeeper', skills: ['Bookkeeping'] }, user: userOf(['Accounting']) },
];
const FLOORS = [0, 20, UNMATCHED_CEILING, UNMATCHED_CEILING + 1, 40, 55, 80];

const agents = PROFILES.flatMap((profile, p) =>
  FLOORS.map((floor) => ({ ...profile, agent: agentOf(`a${p}-${floor}`, { ...profile.agent, minMatchScore: floor }) })),
);

type Picks = ReturnType<typeof pickJobs<Job>>;
const picksOf = (picks: Picks) => ({
  ranked: picks.ranked.map((r) => [r.job.id, r.match.score, r.match.raw]),
  flagged: picks.flagged.map((r) => [r.job.id, r.match.score, r.match.raw]),
  poorMatch: picks.poorMatch,
});

describe('the index from skill ids to agents', () => {
  it('picks for every agent what scoring every job against every agent picks, tick after tick, as agents change', () => {
    const index = new MatchIndex();
    let unmatched = 0;
    for (const model of [null, GENEROUS]) {
      // Three ticks: agents indexed as they run; all indexed before the jobs are asked about; one agent changed meanwhile.
      for (const tick of [0, 1, 2]) {
        const analysed = FEED.map((job) => analyseJob(job));
        for (const [i, { agent, user }] of agents.entries()) {
          const changed =
            tick === 2 && i % 5 === 0 ? { ...agent, title: `${agent.title} and Python`, minMatchScore: agent.minMatchScore } : agent;
          const all = pickJobs<Job>(FEED, changed, user, { now: NOW, model });
          const indexed = pickJobs<Job>(analysed, changed, user, { now: NOW, model, index });
          expect(picksOf(indexed), `${agent.id} at tick ${tick}`).toEqual(picksOf(all));
          unmatched += indexed.unmatched.length;
        }
      }
    }
    // The index did spare scoring, and the agents it spared are those whose floor is above what a job matching nothing reaches.
    expect(unmatched).toBeGreaterThan(0);
  });

  it('still shows jobs to agents with free-text keywords, with nothing to match on, or with skills the vocabulary does not know', () => {
    const index = new MatchIndex();
    const analysed = FEED.map((job) => analyseJob(job));
    const pick = (name: string, floor: number) => {
      const { agent, user } = agents.find((a) => a.name === name && a.agent.minMatchScore === floor)!;
      return pickJobs<Job>(analysed, agent, user, { now: NOW, index });
    };
    expect(pick('keywords only', 40).ranked.map((r) => r.job.id)).toContain('bread');
    expect(pick('unknown skill', 55).ranked.map((r) => r.job.id)).toContain('zorblax');
    expect(pick('nothing to match on', 55).unmatched).toEqual([]);
    // The bookkeeper is never scored on the React jobs; a job that names no skill is not scored by a React developer at 55.
    const books = pick('books', 55);
    expect(books.ranked.map((r) => r.job.id)).toContain('books');
    expect(books.unmatched.map((j) => j.id)).toEqual(expect.arrayContaining(['react', 'react-cheap', 'zorblax']));
    expect(pick('skills', 55).unmatched.map((j) => j.id)).toContain('vague');
  });

  it('answers for an agent from its current profile, not the one it was indexed with', () => {
    const index = new MatchIndex();
    const books = analyseJob(FEED.find((j) => j.id === 'books')!);
    const user = userOf([]);
    const react = agentOf('x', { title: 'React developer', minMatchScore: 55 });
    index.update('x', compileProfile(matchProfile(react, user)), 55, NOW.getTime());
    expect(index.reaches('x', books)).toBe(false);
    index.update('x', compileProfile(matchProfile({ ...react, skills: ['Bookkeeping'] }, user)), 55, NOW.getTime());
    expect(index.reaches('x', books)).toBe(true);
    index.update('x', compileProfile(matchProfile(react, user)), 10, NOW.getTime());
    expect(index.reaches('x', books)).toBe(true);
  });
});
