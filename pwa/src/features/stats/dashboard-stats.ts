import { outcomeFlags } from '@shared/experiments/outcome-flags';
import { wilson, type Proportion } from '@shared/experiments/wilson';
import type { Agent, AgentPlatform } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';

/**
 * The dashboard's figures, computed on the device from the agents and job items in IndexedDB (so
 * they show offline, and an outcome marked offline counts at once). An outcome read from the
 * marketplace counts the same as one marked by hand (shared/src/experiments/outcome-flags.ts).
 */
export type PromptTemplate = Agent['promptTemplate'];
export type StatAgent = Pick<Agent, 'id' | 'name' | 'status' | 'jobsFound' | 'promptTemplate'> & Partial<Pick<Agent, 'platform'>>;
export type StatItem = Pick<JobItem, 'agentId' | 'status' | 'outcome' | 'sentAt' | 'proposalRequirements'> &
  Partial<Pick<JobItem, 'outcomeSource' | 'repliedAt' | 'platform' | 'promptTemplate'>> & {
    /** How many items this one stands for (the server's counts, grouped: dashboard-data.ts); 1 when absent. */
    count?: number;
  };

const weight = (item: StatItem): number => item.count ?? 1;
const total = (items: readonly StatItem[], keep: (item: StatItem) => boolean): number =>
  items.reduce((sum, item) => (keep(item) ? sum + weight(item) : sum), 0);

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
export const FUNNEL_STEPS = ['found', 'matched', 'written', 'sent', 'replied', 'interview', 'hired'] as const satisfies ReadonlyArray<
  keyof Funnel
>;

/** Reply, interview (shortlist included) and win rates of sent proposals, each with its counts and 95 % Wilson interval. */
export interface Rates {
  sent: number;
  replied: Proportion;
  interview: Proportion;
  won: Proportion;
}

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
    sentThisMonth: total(items, (item) => isSent(item) && inLocalMonth(item.sentAt, now)),
    coverLetters: total(items, hasLetter),
    jobsFound: agents.reduce((sum, agent) => sum + Math.max(0, agent.jobsFound), 0),
  };
}

/** The funnel of some agents over their job items (`found` from the agents' counters). */
export function funnelOf(agents: readonly StatAgent[], items: readonly StatItem[]): Funnel {
  const funnel: Funnel = {
    found: agents.reduce((sum, agent) => sum + Math.max(0, agent.jobsFound), 0),
    matched: total(items, () => true),
    written: 0,
    sent: 0,
    replied: 0,
    interview: 0,
    hired: 0,
  };
  for (const item of items) {
    const n = weight(item);
    if (hasLetter(item)) funnel.written += n;
    if (!isSent(item)) continue;
    funnel.sent += n;
    const flags = outcomeFlags({
      status: item.status,
      outcome: item.outcome,
      outcomeSource: item.outcomeSource ?? null,
      repliedAt: item.repliedAt ?? null,
    });
    if (flags.replied) funnel.replied += n;
    if (flags.interview) funnel.interview += n;
    if (flags.won) funnel.hired += n;
  }
  return funnel;
}

export function ratesOf(funnel: Pick<Funnel, 'sent' | 'replied' | 'interview' | 'hired'>): Rates {
  const { sent } = funnel;
  return { sent, replied: wilson(funnel.replied, sent), interview: wilson(funnel.interview, sent), won: wilson(funnel.hired, sent) };
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
  /** Agents whose proposals used it, or that use it now. */
  agents: number;
  rates: Rates;
}

export interface PlatformStats {
  platform: AgentPlatform;
  rates: Rates;
}

export interface DashboardStats {
  cards: DashboardCards;
  /** Every job item counts, those of deleted agents too. */
  overall: Funnel;
  overallRates: Rates;
  /** In the order the agents are given. */
  perAgent: AgentStats[];
  /**
   * By the template each proposal was written from (recorded with it; an older proposal counts
   * for its agent's template), in the order of first use.
   */
  perTemplate: TemplateStats[];
  /** Marketplaces with at least one proposal or agent. */
  perPlatform: PlatformStats[];
}

export function dashboardStats(agents: readonly StatAgent[], items: readonly StatItem[], now: Date): DashboardStats {
  const byAgent = itemsByAgent(items);
  const overall = funnelOf(agents, items);
  const perAgent = agents.map((agent) => {
    const funnel = funnelOf([agent], byAgent.get(agent.id) ?? []);
    return { agentId: agent.id, name: agent.name, funnel, rates: ratesOf(funnel) };
  });
  const agentTemplate = new Map(agents.map((agent) => [agent.id, agent.promptTemplate]));
  const templates = new Map<PromptTemplate, { agents: Set<string>; items: StatItem[] }>();
  const template = (id: PromptTemplate) => {
    let entry = templates.get(id);
    if (!entry) templates.set(id, (entry = { agents: new Set(), items: [] }));
    return entry;
  };
  for (const agent of agents) template(agent.promptTemplate).agents.add(agent.id);
  for (const item of items) {
    const id = item.promptTemplate ?? (item.agentId ? agentTemplate.get(item.agentId) : undefined);
    if (!id) continue;
    const entry = template(id);
    entry.items.push(item);
    if (item.agentId) entry.agents.add(item.agentId);
  }
  const platforms = new Map(agents.flatMap((agent) => (agent.platform ? [[agent.id, agent.platform] as const] : [])));
  const byPlatform = new Map<AgentPlatform, StatItem[]>();
  for (const platform of platforms.values()) if (!byPlatform.has(platform)) byPlatform.set(platform, []);
  for (const item of items) {
    const platform = item.platform ?? (item.agentId ? platforms.get(item.agentId) : undefined);
    if (platform) byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), item]);
  }
  return {
    cards: dashboardCards(agents, items, now),
    overall,
    overallRates: ratesOf(overall),
    perAgent,
    perTemplate: [...templates].map(([id, entry]) => ({
      template: id,
      agents: entry.agents.size,
      rates: ratesOf(funnelOf([], entry.items)),
    })),
    perPlatform: [...byPlatform].map(([platform, list]) => ({ platform, rates: ratesOf(funnelOf([], list)) })),
  };
}

/** Rates of one agent's proposals, by the template each was written from (the agent page). */
export function agentRates(items: readonly StatItem[]): { overall: Rates; perTemplate: Array<{ template: PromptTemplate; rates: Rates }> } {
  const templates = new Map<PromptTemplate, StatItem[]>();
  for (const item of items)
    if (item.promptTemplate) templates.set(item.promptTemplate, [...(templates.get(item.promptTemplate) ?? []), item]);
  return {
    overall: ratesOf(funnelOf([], items)),
    perTemplate: [...templates].map(([template, list]) => ({ template, rates: ratesOf(funnelOf([], list)) })),
  };
}
