import { describe, expect, it } from 'vitest';
import type { FigureGroup } from '@shared/schemas/sync';
import { dashboardStats, type StatAgent, type StatItem } from '../stats/dashboard-stats';
import { figureItems, localMonth } from './dashboard-data';

const agents: StatAgent[] = [
  { id: 'a', name: 'Alpha', status: 'active', jobsFound: 40, promptTemplate: 'custom', platform: 'upwork' },
  { id: 'b', name: 'Beta', status: 'paused', jobsFound: 12, promptTemplate: 'web_development', platform: 'freelancer' },
];

/** The job items one user holds on the server (every field the figures read). */
function serverItems(now: Date): StatItem[] {
  const thisMonth = new Date(now.getFullYear(), now.getMonth(), 3).toISOString();
  const lastYear = new Date(now.getFullYear() - 1, now.getMonth(), 3).toISOString();
  const items: StatItem[] = [];
  for (let i = 0; i < 60; i += 1) {
    const sent = i % 3 === 0;
    items.push({
      agentId: i % 4 === 0 ? 'b' : i % 7 === 0 ? null : 'a',
      platform: i % 4 === 0 ? 'freelancer' : 'upwork',
      promptTemplate: i % 5 === 0 ? 'web_development' : null,
      status: sent ? 'completed' : i % 3 === 1 ? 'draft' : 'skipped',
      outcome: sent ? (['replied', 'interview', 'hired', 'lost', null] as const)[i % 5]! : null,
      outcomeSource: sent && i % 2 === 0 ? 'manual' : null,
      repliedAt: sent && i % 6 === 0 ? thisMonth : null,
      proposalRequirements: i % 11 === 0 ? null : 'Dear client',
      sentAt: sent ? (i % 2 === 0 ? thisMonth : lastYear) : null,
    });
  }
  return items;
}

/** What `GET /sync/figures` answers for those items (the server's grouping: modules/sync/sync.ts). */
function groupsOf(items: readonly StatItem[], now: Date): FigureGroup[] {
  const month = localMonth(now);
  const groups = new Map<string, FigureGroup>();
  for (const item of items) {
    const sentAt = item.sentAt ? Date.parse(item.sentAt) : NaN;
    const group: FigureGroup = {
      agentId: item.agentId,
      platform: item.platform ?? 'upwork',
      promptTemplate: item.promptTemplate ?? null,
      status: item.status,
      outcome: item.outcome,
      outcomeSource: item.outcomeSource ?? null,
      replied: item.repliedAt != null,
      letter: item.proposalRequirements !== null,
      sentThisMonth: item.status === 'completed' && sentAt >= month.start.getTime() && sentAt < month.end.getTime(),
      count: 0,
    };
    const key = JSON.stringify({ ...group, count: 0 });
    const found = groups.get(key) ?? group;
    found.count += 1;
    groups.set(key, found);
  }
  return [...groups.values()];
}

describe("the dashboard's figures from the server's counts", () => {
  it('are the figures of the items they count: cards, funnel and every rate', () => {
    const now = new Date(2026, 10, 25, 10);
    const items = serverItems(now);
    const groups = groupsOf(items, now);
    expect(groups.length).toBeLessThan(items.length);

    const counted = dashboardStats(agents, figureItems(groups, localMonth(now).start), now);

    expect(counted).toEqual(dashboardStats(agents, items, now));
    expect(counted.cards.sentThisMonth).toBeGreaterThan(0);
    expect(counted.cards.coverLetters).toBeGreaterThan(0);
  });

  it('counts nothing from no groups (a user without job items): zeros that are true', () => {
    const now = new Date(2026, 10, 25, 10);
    expect(dashboardStats(agents, figureItems([], localMonth(now).start), now).cards).toEqual({
      activeAgents: 1,
      sentThisMonth: 0,
      coverLetters: 0,
      jobsFound: 52,
    });
  });
});
