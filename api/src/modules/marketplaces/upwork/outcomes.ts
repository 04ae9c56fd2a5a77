import { z } from 'zod';
import { MarketplaceError } from '../errors';
import { malformed } from '../http-client';
import type { ConversationMessage } from '@shared/schemas/job-item';
import type { MarketplaceSession, ProposalFate, ProposalRef, ProposalState } from '../types';
import { firstFromClient } from '../conversation';
import { graphqlErrorKind, type GraphError, type UpworkGraph } from './graphql';

/*
 * The fate of Upwork proposals (docs/marketplace-outcomes.md): `vendorProposal(id:)` for the
 * status, `proposalRoom(vendorProposalId:)` for the conversation the client opened, and
 * `roomStories(filter: { roomId_eq })` for its messages; one aliased query per step for a whole
 * batch. Ids go in as string literals (numeric ids are checked first): the argument types differ
 * between public schema snapshots (ID! or String!), a literal fits both. Reading messages needs
 * the key's messaging scope; without it the status is all there is.
 */

const CHUNK = 20;
const SAFE_ID = /^[A-Za-z0-9_~-]{1,80}$/;

const statusSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.object({ status: z.string().nullish() }).nullish(),
});
const roomSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String) });
const storySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  createdDateTime: z.union([z.string(), z.number()]).nullish(),
  user: z.object({ id: z.union([z.string(), z.number()]).transform(String).nullish() }).nullish(),
});
const storiesSchema = z.object({ edges: z.array(z.object({ node: storySchema.nullish() }).nullish()).nullish() });

/** Upwork's proposal status as a state [U meanings beyond the names, see the note]. */
export function upworkStatusState(status: string | null | undefined): ProposalState {
  switch (status) {
    case 'Hired':
      return 'hired';
    case 'Offered':
      return 'won';
    case 'Declined':
      return 'lost';
    case 'Withdrawn':
      return 'withdrawn';
    case 'Archived':
      return 'closed';
    case 'Activated':
      return 'shortlisted';
    default:
      // Pending, Accepted, or a status this code does not know yet: nothing decided.
      return 'open';
  }
}

/** A story's time: ISO text [L], or epoch milliseconds as text or number [U]. */
function storyTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));
const literal = (id: string) => JSON.stringify(id);
const isPermission = (error: GraphError) => graphqlErrorKind([error]).kind === 'forbidden';

/** One aliased query; per-alias errors come back with their alias, whole failures throw. */
async function aliased(adapter: UpworkGraph, session: MarketplaceSession, fields: string[]) {
  const { data, errors } = await adapter.graphql(session, `query {\n${fields.join('\n')}\n}`, undefined, true, 0);
  const failed = new Map<string, GraphError>();
  for (const error of errors) {
    const alias = error.path?.[0];
    if (typeof alias === 'string') failed.set(alias, error);
  }
  // An error tied to no field (or with no data at all) is the whole request's.
  const general = errors.find((error) => typeof error.path?.[0] !== 'string');
  if (general && (!data || Object.keys(data).length === 0)) throw graphqlErrorKind([general]);
  if (errors.length > 0 && !data) throw graphqlErrorKind(errors);
  return { data: data ?? {}, failed };
}

/**
 * Reads the fate of the given proposals; a proposal the service answers null for comes back
 * closed, one whose field failed alone is left out (asked again next time).
 */
export async function upworkProposalFates(
  adapter: UpworkGraph,
  session: MarketplaceSession,
  refs: readonly ProposalRef[],
): Promise<ProposalFate[]> {
  const wanted = refs.filter((ref) => SAFE_ID.test(ref.proposalExternalId));
  const statuses = new Map<string, string | null>();
  /** Proposals the service answers null for: no longer shown. */
  const gone = new Set<string>(refs.filter((ref) => !SAFE_ID.test(ref.proposalExternalId)).map((ref) => ref.proposalExternalId));
  for (const part of chunks(wanted)) {
    const { data, failed } = await aliased(
      adapter,
      session,
      part.map((ref, i) => `p${i}: vendorProposal(id: ${literal(ref.proposalExternalId)}) { id status { status } }`),
    );
    // The key may not read proposals at all: say so (the user's own marks stay).
    const denied = [...failed.values()].find(isPermission);
    if (denied) throw new MarketplaceError('upwork', 'forbidden', denied.message, { code: 'scope' });
    part.forEach((ref, i) => {
      const value = data[`p${i}`];
      // An error on this one alone (not a permission): it is told next time.
      if (failed.has(`p${i}`)) return;
      if (value === null || value === undefined) return void gone.add(ref.proposalExternalId);
      const parsed = statusSchema.safeParse(value);
      if (!parsed.success) throw malformed('upwork', `vendorProposal ${parsed.error.issues[0]?.message ?? ''}`);
      statuses.set(ref.proposalExternalId, parsed.data.status?.status ?? null);
    });
  }

  const me = (await adapter.self(session)).externalUserId;
  let messagesReadable = true;
  const conversations = new Map<string, ConversationMessage[]>();
  try {
    const rooms = new Map<string, string>();
    const open = wanted.filter((ref) => statuses.has(ref.proposalExternalId));
    for (const part of chunks(open)) {
      const { data, failed } = await aliased(
        adapter,
        session,
        part.map((ref, i) => `r${i}: proposalRoom(vendorProposalId: ${literal(ref.proposalExternalId)}) { id }`),
      );
      const denied = [...failed.values()].find(isPermission);
      if (denied) throw new MarketplaceError('upwork', 'forbidden', denied.message, { code: 'scope' });
      part.forEach((ref, i) => {
        const parsed = roomSchema.safeParse(data[`r${i}`]);
        // No room (null, or a "not found" error): the client has not written.
        if (parsed.success && SAFE_ID.test(parsed.data.id)) rooms.set(ref.proposalExternalId, parsed.data.id);
      });
    }
    const withRoom = [...rooms.entries()];
    for (const part of chunks(withRoom)) {
      const { data, failed } = await aliased(
        adapter,
        session,
        part.map(
          ([, room], i) =>
            `s${i}: roomStories(filter: { roomId_eq: ${literal(room)} }) { edges { node { id message createdDateTime user { id } } } }`,
        ),
      );
      const denied = [...failed.values()].find(isPermission);
      if (denied) throw new MarketplaceError('upwork', 'forbidden', denied.message, { code: 'scope' });
      part.forEach(([proposal], i) => {
        const parsed = storiesSchema.safeParse(data[`s${i}`]);
        if (!parsed.success) return;
        // Stories come newest first [L]: the conversation reads oldest first. A story with no text
        // (an attachment only) or no author says nothing this screen can show.
        const conversation = (parsed.data.edges ?? [])
          .flatMap((edge) => (edge?.node ? [edge.node] : []))
          .flatMap((story): ConversationMessage[] => {
            const text = story.message?.trim();
            if (!story.user?.id || !text) return [];
            return [{ id: story.id, from: story.user.id === me ? 'freelancer' : 'client', at: storyTime(story.createdDateTime), text }];
          })
          .reverse()
          .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
        conversations.set(proposal, conversation);
      });
    }
  } catch (error) {
    if (!(error instanceof MarketplaceError && error.kind === 'forbidden')) throw error;
    messagesReadable = false;
  }

  return refs.flatMap((ref): ProposalFate[] => {
    if (gone.has(ref.proposalExternalId))
      return [
        {
          proposalExternalId: ref.proposalExternalId,
          state: 'closed',
          raw: 'not_found',
          clientMessage: null,
          conversation: [],
          messagesReadable,
        },
      ];
    if (!statuses.has(ref.proposalExternalId)) return [];
    const status = statuses.get(ref.proposalExternalId) ?? null;
    const conversation = conversations.get(ref.proposalExternalId) ?? [];
    return [
      {
        proposalExternalId: ref.proposalExternalId,
        state: upworkStatusState(status),
        raw: status ?? 'unknown',
        clientMessage: firstFromClient(conversation),
        conversation,
        messagesReadable,
      },
    ];
  });
}
