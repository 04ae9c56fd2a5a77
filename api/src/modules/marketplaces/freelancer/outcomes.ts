import { z } from 'zod';
import { MarketplaceError } from '../errors';
import { malformed, zodSummary } from '../http-client';
import type { ConversationMessage } from '@shared/schemas/job-item';
import type { MarketplaceProfile, MarketplaceSession, ProposalFate, ProposalRef, ProposalState } from '../types';
import { firstFromClient } from '../conversation';

/** What reading bids' fates needs of the adapter (adapter.ts), so this file need not import it. */
export interface FreelancerCalls {
  call(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: URLSearchParams; body?: unknown; token?: string | null; idempotent: boolean; retries?: number },
  ): Promise<unknown>;
  self(session: MarketplaceSession): Promise<MarketplaceProfile>;
}

/*
 * The fate of Freelancer.com bids (docs/marketplace-outcomes.md): the bids by id (award status,
 * shortlist, retraction), their projects by id (closed or not), and the project's message threads
 * with their messages (a message from anyone but the bidder: the client replied). Four requests
 * for a whole batch of bids; every field beyond the official SDK's is optional here.
 */

const PLATFORM = 'freelancer';
/** Ids per request: the query string stays short. */
const CHUNK = 25;

const num = z.number().nullish();
const idNumber = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);
const bidSchema = z.object({
  id: idNumber,
  project_id: idNumber,
  retracted: z.boolean().nullish(),
  award_status: z.string().nullish(),
  shortlisted: z.boolean().nullish(),
  time_awarded: num,
});
const bidsSchema = z.object({ bids: z.array(bidSchema) });
const projectsSchema = z.object({ projects: z.array(z.object({ id: idNumber, status: z.string().nullish() })) });
const threadSchema = z.object({
  id: idNumber.nullish(),
  thread: z
    .object({ id: idNumber.nullish(), context: z.object({ type: z.string().nullish(), id: idNumber.nullish() }).nullish() })
    .nullish(),
});
const threadsSchema = z.object({ threads: z.array(threadSchema) });
const messageSchema = z.object({
  id: idNumber,
  thread_id: idNumber,
  from_user_id: idNumber.nullish(),
  // One integrator's shape [U]; the official SDK's fixture has from_user_id.
  from_user: idNumber.nullish(),
  message: z.string().nullish(),
  time_created: num,
});
const messagesSchema = z.object({ messages: z.array(messageSchema) });

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed(PLATFORM, `${what} ${zodSummary(parsed.error)}`);
  return parsed.data;
}

/** A bid's award status, shortlist and retraction, and its project's status, as a state. */
export function freelancerBidState(
  bid: z.infer<typeof bidSchema> | undefined,
  projectStatus: string | null | undefined,
): { state: ProposalState; raw: string } {
  if (!bid) return { state: 'closed', raw: 'bid:not_found' };
  if (bid.retracted) return { state: 'withdrawn', raw: 'retracted' };
  const award = bid.award_status?.toLowerCase();
  if (award === 'awarded') return { state: 'hired', raw: 'award_status:awarded' };
  if (award === 'pending') return { state: 'won', raw: 'award_status:pending' };
  if (award === 'revoked' || award === 'rejected' || award === 'canceled' || award === 'cancelled')
    return { state: 'lost', raw: `award_status:${award}` };
  const project = projectStatus?.toLowerCase() ?? 'not_found';
  if (project === 'closed' || project === 'not_found' || project === 'deleted') return { state: 'closed', raw: `project:${project}` };
  if (bid.shortlisted) return { state: 'shortlisted', raw: 'shortlisted' };
  return { state: 'open', raw: `project:${project}` };
}

/** Reads the fate of the given bids; `retries: 0` everywhere (the caller honours Retry-After). */
export async function freelancerProposalFates(
  adapter: FreelancerCalls,
  session: MarketplaceSession,
  refs: readonly ProposalRef[],
): Promise<ProposalFate[]> {
  const wanted = refs.filter((ref) => /^\d+$/.test(ref.proposalExternalId) && /^\d+$/.test(ref.jobExternalId));
  if (wanted.length === 0)
    return refs.map((ref) => ({
      proposalExternalId: ref.proposalExternalId,
      state: 'closed',
      raw: 'bid:not_found',
      clientMessage: null,
      conversation: [],
      messagesReadable: true,
    }));
  const me = await adapter.self(session);
  const get = (path: string, query: URLSearchParams) =>
    adapter.call('GET', path, { query, token: session.accessToken, idempotent: true, retries: 0 });

  const bids = new Map<number, z.infer<typeof bidSchema>>();
  for (const part of chunks(wanted)) {
    const query = new URLSearchParams([
      ...part.map((ref): [string, string] => ['bids[]', ref.proposalExternalId]),
      ['limit', String(part.length)],
    ]);
    for (const bid of parse(bidsSchema, await get('/projects/0.1/bids/', query), 'bids').bids) bids.set(bid.id, bid);
  }
  const projectIds = [...new Set(wanted.map((ref) => ref.jobExternalId))];
  const projects = new Map<number, string | null>();
  for (const part of chunks(projectIds)) {
    const query = new URLSearchParams(part.map((id): [string, string] => ['projects[]', id]));
    for (const project of parse(projectsSchema, await get('/projects/0.1/projects/', query), 'projects').projects)
      projects.set(project.id, project.status ?? null);
  }

  // The client's messages: threads in the projects' context, then their messages.
  let messagesReadable = true;
  const byProject = new Map<number, Array<ConversationMessage & { n: number }>>();
  try {
    const threadProject = new Map<number, number>();
    for (const part of chunks(projectIds)) {
      const query = new URLSearchParams([['context_type', 'project'], ...part.map((id): [string, string] => ['contexts[]', id])]);
      for (const item of parse(threadsSchema, await get('/messages/0.1/threads/', query), 'threads').threads) {
        const threadId = item.thread?.id ?? item.id;
        const context = item.thread?.context;
        if (threadId != null && context?.id != null && (context.type ?? 'project') === 'project') threadProject.set(threadId, context.id);
      }
    }
    for (const part of chunks([...threadProject.keys()])) {
      const query = new URLSearchParams([...part.map((id): [string, string] => ['threads[]', String(id)]), ['limit', '100']]);
      for (const message of parse(messagesSchema, await get('/messages/0.1/messages/', query), 'messages').messages) {
        const from = message.from_user_id ?? message.from_user;
        const text = message.message?.trim();
        const project = threadProject.get(message.thread_id);
        if (project === undefined || from == null || !text) continue;
        const at = message.time_created != null ? new Date(message.time_created * 1000).toISOString() : null;
        const said = {
          id: String(message.id),
          n: message.id,
          from: String(from) === me.externalUserId ? 'freelancer' : 'client',
          at,
          text,
        } as const;
        byProject.set(project, [...(byProject.get(project) ?? []), said]);
      }
    }
  } catch (error) {
    // A token without the messaging scope still reads bids: the status is all there is.
    if (!(error instanceof MarketplaceError && error.kind === 'forbidden')) throw error;
    messagesReadable = false;
  }

  // Oldest first: by time, else (no time given) by id, which grows with each message.
  const conversationOf = (project: number): ConversationMessage[] =>
    [...(byProject.get(project) ?? [])]
      .sort((a, b) => (a.at !== null && b.at !== null && a.at !== b.at ? a.at.localeCompare(b.at) : a.n - b.n))
      .map(({ n: _n, ...message }) => message);

  return refs.map((ref) => {
    const bid = bids.get(Number(ref.proposalExternalId));
    const conversation = conversationOf(Number(ref.jobExternalId));
    const { state, raw } = freelancerBidState(bid, projects.get(Number(ref.jobExternalId)));
    return {
      proposalExternalId: ref.proposalExternalId,
      state,
      raw,
      clientMessage: firstFromClient(conversation),
      conversation,
      messagesReadable,
    };
  });
}
