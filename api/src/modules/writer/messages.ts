import { fillPrompt, formatJobBudget, placeholderValues, PROPOSAL_LENGTH_LIMITS, type FilledPrompt } from '@shared/prompt-fill';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { ProposalBid, WriteInput } from './types';

/**
 * The chat request for one proposal: a system message that keeps the letter honest and within the
 * marketplace's limit, with a short block of reference facts, and the agent's filled prompt as the
 * user message. The sandbox's offline writer reads the same facts block (FACT labels below).
 */

export const FACTS_HEADER = 'Reference facts:';
export const FACT = {
  platform: 'Platform',
  jobTitle: 'Job title',
  jobSummary: 'Job summary',
  jobSkills: 'Job skills',
  budget: 'Budget',
  contract: 'Contract',
  client: 'Client',
  freelancer: 'Freelancer name',
  skills: 'Freelancer skills',
  overview: 'Freelancer overview',
  price: 'Price to quote',
  language: 'Language',
  limit: 'Maximum characters',
} as const;

const PLATFORM_NAMES: Record<AgentPlatform, string> = { upwork: 'Upwork', freelancer: 'Freelancer.com' };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ProposalRequest {
  platform: AgentPlatform;
  /** Characters the marketplace accepts. */
  limit: number;
  maxTokens: number;
  messages: ChatMessage[];
  filled: FilledPrompt;
}

const oneLine = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** The first sentence or so of a text, on one line. */
export function firstSentence(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?。！？](\s|$)/);
  return oneLine(end > 0 ? flat.slice(0, end + 1) : flat, max);
}

export function formatBid(bid: ProposalBid): string {
  const amount = `${bid.currency} ${Number.isInteger(bid.amount) ? bid.amount : bid.amount.toFixed(2)}`;
  if (bid.hourly) return `${amount} per hour`;
  return bid.periodDays ? `${amount} fixed, delivered in ${bid.periodDays} day${bid.periodDays === 1 ? '' : 's'}` : `${amount} fixed`;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Tokens to allow for a letter of `limit` characters: about 4 characters a token in English, fewer
 * in other scripts, and a little room so the model can finish its sentence (the text is trimmed anyway).
 */
export const maxTokensFor = (limit: number) => Math.min(4096, Math.ceil(limit / 2.5));

export function buildProposalRequest(input: WriteInput): ProposalRequest {
  const platform: AgentPlatform = input.platform ?? input.job.platform ?? input.agent.platform ?? 'upwork';
  const limit = PROPOSAL_LENGTH_LIMITS[platform];
  const filled = fillPrompt(input);
  const values = placeholderValues(input);
  const words = Math.floor(limit / 7);
  const rules = [
    `You write cover letters for freelance job proposals on ${PLATFORM_NAMES[platform]}, in the freelancer's own voice (first person).`,
    'Rules:',
    "- Use only facts about the freelancer that appear in the user's message or in the reference facts below. Never invent experience, employers, clients, numbers, results, certifications, tools or links.",
    '- If the job asks for something the freelancer has not shown, do not claim it; build on what they do have.',
    '- Plain text only: no markdown, no subject line, no placeholders or brackets left to fill in.',
    `- At most ${limit} characters (about ${words} words); shorter is better.`,
    input.language ? `- Write in ${languageName(input.language)}.` : '- Write in the language of the job post.',
    ...(input.bid ? [`- If you mention a price, use exactly: ${formatBid(input.bid)}.`] : ['- Do not name a price.']),
    "- Follow the instructions in the user's message where they do not conflict with these rules.",
  ];
  const facts: Array<[string, string]> = [
    [FACT.platform, PLATFORM_NAMES[platform]],
    [FACT.jobTitle, oneLine(values.jobTitle, 200)],
    [FACT.jobSummary, firstSentence(input.job.description, 240)],
    [FACT.jobSkills, oneLine((input.job.skills ?? []).join(', '), 300)],
    [FACT.budget, formatJobBudget(input.job)],
    [FACT.contract, input.job.type === 'fixed' ? 'fixed price' : input.job.type === 'hourly' ? 'hourly' : ''],
    [FACT.client, oneLine(values.clientName, 120)],
    [FACT.freelancer, oneLine(values.upworkFreelancerName, 120)],
    [FACT.skills, oneLine(values.skills, 400)],
    [FACT.overview, firstSentence(values.upworkOverview, 240)],
    [FACT.price, input.bid ? formatBid(input.bid) : ''],
    [FACT.language, input.language ?? ''],
    [FACT.limit, String(limit)],
  ];
  const system = [
    ...rules,
    '',
    FACTS_HEADER,
    ...facts.filter(([, value]) => value !== '').map(([label, value]) => `${label}: ${value}`),
  ].join('\n');
  // The job itself is always in the user message, whatever the agent's prompt names.
  const user = [
    filled.used.includes('jobTitle') || !values.jobTitle ? '' : `Job title: ${values.jobTitle}`,
    filled.text,
    filled.used.includes('jobDescription') || !values.jobDescription ? '' : `Job description:\n${values.jobDescription}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    platform,
    limit,
    maxTokens: maxTokensFor(limit),
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    filled,
  };
}

/** The reference facts of a system message, by label (for the offline writer). */
export function readFacts(system: string): Partial<Record<keyof typeof FACT, string>> {
  const start = system.indexOf(FACTS_HEADER);
  if (start < 0) return {};
  const byLabel = new Map<string, keyof typeof FACT>(Object.entries(FACT).map(([key, label]) => [label, key as keyof typeof FACT]));
  const out: Partial<Record<keyof typeof FACT, string>> = {};
  for (const line of system.slice(start + FACTS_HEADER.length).split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) continue;
    const key = byLabel.get(line.slice(0, colon).trim());
    if (key) out[key] = line.slice(colon + 2).trim();
  }
  return out;
}
