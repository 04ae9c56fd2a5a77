import type { Agent } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';

/**
 * The dashboard's figures, computed on the device from the agents and job items in IndexedDB (so
 * they show offline, and an outcome marked offline counts at once).
 */
export type PromptTemplate = Agent['promptTemplate'];
export type StatAgent = Pick<Agent, 'id' | 'name' | 'status' | 'jobsFound' | 'promptTemplate'>;
export type StatItem = Pick<JobItem, 'agentId' | 'status' | 'outcome' | 'sentAt' | 'proposalRequirements'>;

export interface DashboardCards {
  activeAgents: number;
  /** Proposals sent (status completed) with `sentAt` in the current month, local time. */
  sentThisMonth: number;
  /**
   * Letters written and kept: items with a letter that were not discarded or cancelled (the rule
   * the server's daily cover-letter quota counts by).
   */
  coverLetters: number;
  /** The sum of the agents' `jobsFound`: distinct jobs, each credited to the agent that found it first. */
  jobsFound: number;
}

/** found → matched → written → sent → replied → interview → hired; each step counts the ones after it too. */
export interface Funnel {
  found: number;
  matched: number;
  written: number;
  sent: number;
  replied: number;
  interview: number;
  hired: number;
}
export const FUNNEL_STEPS = ['found', 'matched', 'written', 'sent', 'replied', 'interview', 'hired'] as const satisfies ReadonlyArray<keyof Funnel>;

export interface Rates {
  sent: number;
  replied: number;
  hired: number;
  /** replied / sent, between 0 and 1; null when nothing was sent. */
  replyRate: number | null;
  /** hired / sent; null when nothing was sent. */
  winRate: number | null;
}

const REPLIED: ReadonlySet<string> = new Set(['replied', 'interview', 'hired']);
const INTERVIEW: ReadonlySet<string> = new Set(['interview', 'hired']);

export const hasLetter = (item: StatItem): boolean => item.proposalRequirements !== null && item.status !== 'skipped';
export const isSent = (item: StatItem): boolean => item.status === 'completed';

/** Whether an ISO time falls in the same local calendar month as `now`. */
export function inLocalMonth(iso: string | null, now: Date): boolean {
  if (!iso) return false;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return false;
  return at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth();
}

export function dashboardCards(agents: readonly StatAgent[], items: readonly StatItem[], now: Date): DashboardCards {
  return {
    activeAgents: agents.filter((agent) => agent.status === 'active').length,
    sentThisMonth: items.filter((item) => isSent(item) && inLocalMonth(item.sentAt, now)).length,
    coverLetters: items.filter(hasLetter).length,
    jobsFound: agents.reduce((sum, agent) => sum + Math.max(0, agent.jobsFound), 0),
  };
}

/** The funnel of some agents over their job items (`found` from the agents' counters). */
export function funnelOf(agents: readonly StatAgent[], items: readonly StatItem[]): Funnel {
  const funnel: Funnel = {
    found: agents.reduce((sum, agent) => sum + Math.max(0, agent.jobsFound), 0),
    matched: items.length,
    written: 0,
    sent: 0,
    replied: 0,
    interview: 0,
    hired: 0,
  };
  for (const item of items) {
    if (hasLetter(item)) funnel.written++;
    if (!isSent(item)) continue;
    funnel.sent++;
    if (item.outcome && REPLIED.has(item.outcome)) funnel.replied++;
    if (item.outcome && INTERVIEW.has(item.outcome)) funnel.interview++;
    if (item.outcome === 'hired') funnel.hired++;
  }
  return funnel;
}

export function ratesOf(funnel: Pick<Funnel, 'sent' | 'replied' | 'hired'>): Rates {
  const { sent, replied, hired } = funnel;
  return { sent, replied, hired, replyRate: sent > 0 ? replied / sent : null, winRate: sent > 0 ? hired / sent : null };
}

function itemsByAgent(items: readonly StatItem[]): Map<string, StatItem[]> {
  const map = new Map<string, StatItem[]>();
  for (const item of items) {
    if (!item.agentId) continue;
    const list = map.get(item.agentId);
    if (list) list.push(item);
    else map.set(item.agentId, [item]);
  }
  return map;
}

export interface AgentStats {
  agentId: string;
  name: string;
  funnel: Funnel;
  rates: Rates;
}

export interface TemplateStats {
  template: PromptTemplate;
  agents: number;
  rates: Rates;
}

export interface DashboardStats {
  cards: DashboardCards;
  /** Every job item counts, those of deleted agents too. */
  overall: Funnel;
  overallRates: Rates;
  /** In the order the agents are given. */
  perAgent: AgentStats[];
  /** Templates used by at least one agent, in the order of first use. */
  perTemplate: TemplateStats[];
}

export function dashboardStats(agents: readonly StatAgent[], items: readonly StatItem[], now: Date): DashboardStats {
  const byAgent = itemsByAgent(items);
  const overall = funnelOf(agents, items);
  const perAgent = agents.map((agent) => {
    const funnel = funnelOf([agent], byAgent.get(agent.id) ?? []);
    return { agentId: agent.id, name: agent.name, funnel, rates: ratesOf(funnel) };
  });
  const templates = new Map<PromptTemplate, { agents: number; sent: number; replied: number; hired: number }>();
  for (const [index, agent] of agents.entries()) {
    const { sent, replied, hired } = perAgent[index]!.funnel;
    const sum = templates.get(agent.promptTemplate) ?? { agents: 0, sent: 0, replied: 0, hired: 0 };
    templates.set(agent.promptTemplate, { agents: sum.agents + 1, sent: sum.sent + sent, replied: sum.replied + replied, hired: sum.hired + hired });
  }
  return {
    cards: dashboardCards(agents, items, now),
    overall,
    overallRates: ratesOf(overall),
    perAgent,
    perTemplate: [...templates].map(([template, sum]) => ({ template, agents: sum.agents, rates: ratesOf(sum) })),
  };
}
