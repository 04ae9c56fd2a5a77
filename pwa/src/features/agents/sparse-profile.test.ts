import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, type Agent } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import { sparseProfileFacts } from './SparseProfileNote';

const agent = (over: Partial<Agent> = {}): Agent =>
  ({
    ...AGENT_DEFAULTS,
    id: 'a1',
    userId: 'u1',
    name: 'React developer',
    title: 'React developer',
    platform: 'freelancer',
    ...over,
  }) as Agent;
const profile = (over: Partial<User> = {}) =>
  ({ skills: [], portfolioLinks: [], profileOverview: null, workHistory: null, portfolio: null, ...over }) as unknown as User;

describe('the sparse-profile note on the agent page', () => {
  it('warns when neither the agent nor the profile gives skills, work history or portfolio', () => {
    const gaps = sparseProfileFacts(agent(), profile());
    expect(gaps.sparse).toBe(true);
    expect(gaps.missing).toEqual(['overview', 'workHistory', 'portfolio', 'skills']);
  });

  it('is quiet once the profile holds the facts, whichever of the agent and the profile has them', () => {
    const full = profile({
      skills: ['React', 'TypeScript', 'Node.js'],
      profileOverview: 'Front-end developer, eight years.',
      workHistory: 'Built a booking dashboard for a dental chain (React, 2024).',
      portfolio: 'Shop rebuild: load time 6 s to 1.4 s.',
    });
    expect(sparseProfileFacts(agent(), full).sparse).toBe(false);
    const ownAgent = agent({
      skills: ['Figma', 'UI design', 'Prototyping'],
      upworkWorkHistory: 'Redesigned a bank app.',
      upworkPortfolio: 'Case studies.',
    });
    expect(sparseProfileFacts(ownAgent, profile()).sparse).toBe(false);
  });
});
