import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { first as firstRow, type Store } from '../../../../store/store';
import { sandboxTablesOf, type SandboxTables } from '../../../../store/sandbox-schema/index';
import { UPWORK_MESSAGES_SCOPE, type TokenOwner } from '../../sandbox/accounts';
import { bidReaction, type ClientOptions } from '../../sandbox/clients';
import { scopeError } from './errors';

/**
 * The freelancer's proposals on the simulated Upwork, as the sandbox's clients treated them
 * (clients.ts): `vendorProposals` (by status), `vendorProposal(id:)`, `proposalRoom(vendorProposalId:)`
 * and `roomStories(filter: { roomId_eq })`. Statuses: `Pending` until the client decides, `Offered`
 * when it chooses the proposal, `Declined` or `Archived` when it does not [U meanings].
 */

type BidRow = SandboxTables['sandboxMarketBids']['$inferSelect'];
type Json = Record<string, unknown>;

const PROPOSAL_ID_BASE = 1_500_000_000;
export const upworkProposalId = (rowId: number) => String(PROPOSAL_ID_BASE + rowId);
const rowIdOf = (proposalId: string) => (/^\d{1,15}$/.test(proposalId) ? Number(proposalId) - PROPOSAL_ID_BASE : NaN);
const roomIdOf = (rowId: number) => `room_${(0x5a000000 + rowId).toString(16)}`;
const rowIdOfRoom = (roomId: string) => (/^room_[0-9a-f]{1,12}$/.test(roomId) ? parseInt(roomId.slice(5), 16) - 0x5a000000 : NaN);

export interface ProposalResolverDeps {
  store: Store;
  clients: ClientOptions;
  user: (owner: TokenOwner) => Json;
  organization: (owner: TokenOwner) => Json;
  jobPosting: (id: string, now: number) => Json | null;
}

interface GraphContext {
  owner: TokenOwner;
  now: Date;
}

export function proposalResolvers(deps: ProposalResolverDeps) {
  const { sandboxMarketBids } = sandboxTablesOf(deps.store.db);
  const { store, clients } = deps;

  const stateOf = (row: BidRow, now: number) => bidReaction('upwork', row, now, clients);

  const statusOf = (row: BidRow, now: number): string => {
    const state = stateOf(row, now);
    if (!state) return 'Archived';
    if (state.now.awarded) return 'Offered';
    if (state.now.declined) return state.reaction.upworkEnd;
    return 'Pending';
  };

  const ownRow = async (owner: TokenOwner, rowId: number) =>
    Number.isFinite(rowId)
      ? firstRow(
          store.db
            .select()
            .from(sandboxMarketBids)
            .where(
              and(eq(sandboxMarketBids.platform, 'upwork'), eq(sandboxMarketBids.userId, owner.userId), eq(sandboxMarketBids.id, rowId)),
            )
            .limit(1),
        )
      : undefined;

  const stamp = (ms: number) => ({ rawValue: new Date(ms).toISOString(), displayValue: new Date(ms).toUTCString() });

  const proposalJson = (row: BidRow, owner: TokenOwner, now: number): Json => ({
    id: upworkProposalId(row.id),
    proposalCoverLetter: row.description,
    viewedByClient: stateOf(row, now)?.now.viewed ?? false,
    status: { status: statusOf(row, now), reason: null },
    marketplaceJobPosting: deps.jobPosting(row.projectId, now),
    terms: {
      chargeRate: { rawValue: row.amount.toFixed(2), currency: 'USD', displayValue: `$${row.amount.toFixed(2)}` },
      upfrontPaymentPercent: 0,
    },
    auditDetails: { createdDateTime: stamp(row.createdAt.getTime()), modifiedDateTime: stamp(row.createdAt.getTime()) },
    user: deps.user(owner),
    organization: deps.organization(owner),
  });

  const roomJson = (row: BidRow, owner: TokenOwner, now: number): Json | null => {
    const state = stateOf(row, now);
    const first = state?.now.messages[0];
    if (!state || !first) return null;
    return {
      id: roomIdOf(row.id),
      roomName: state.project.title,
      topic: state.project.title,
      roomType: 'ONE_ON_ONE',
      createdAtDateTime: new Date(first.at).toISOString(),
      vendorProposal: proposalJson(row, owner, now),
      offerIds: state.now.awarded ? [String(7_000_000 + row.id)] : [],
    };
  };

  return {
    /** The token owner's proposals in one status, newest first. */
    vendorProposals: async (
      args: {
        filter: { status_eq: string; jobPostingIds_any?: string[] | null };
        sortAttribute: { field: string; sortOrder?: string | null };
        pagination: { first: number; after?: string | null };
      },
      ctx: GraphContext,
    ) => {
      const { filter, pagination } = args;
      const now = ctx.now.getTime();
      const all = await store.db
        .select()
        .from(sandboxMarketBids)
        .where(
          and(
            eq(sandboxMarketBids.platform, 'upwork'),
            eq(sandboxMarketBids.userId, ctx.owner.userId),
            ...(filter.jobPostingIds_any?.length ? [inArray(sandboxMarketBids.projectId, filter.jobPostingIds_any)] : []),
          ),
        )
        .orderBy(args.sortAttribute.sortOrder === 'ASC' ? asc(sandboxMarketBids.id) : desc(sandboxMarketBids.id));
      const rows = all.filter((row) => statusOf(row, now) === filter.status_eq);
      const offset = Math.max(0, Number(pagination.after ?? 0) || 0);
      const first = Math.max(0, Math.min(50, pagination.first));
      const page = rows.slice(offset, offset + first);
      return {
        totalCount: rows.length,
        edges: page.map((row, i) => ({ cursor: String(offset + i + 1), node: proposalJson(row, ctx.owner, now) })),
        pageInfo: { endCursor: String(offset + page.length), hasNextPage: offset + page.length < rows.length },
      };
    },
    /** One of the token owner's proposals; another freelancer's is not found (null). */
    vendorProposal: async (args: { id: string }, ctx: GraphContext) => {
      const row = await ownRow(ctx.owner, rowIdOf(args.id));
      return row ? proposalJson(row, ctx.owner, ctx.now.getTime()) : null;
    },
    /** The conversation the client opened about a proposal: null until the client writes. */
    proposalRoom: async (args: { vendorProposalId: string }, ctx: GraphContext) => {
      if (!ctx.owner.scope.includes(UPWORK_MESSAGES_SCOPE)) throw scopeError(['proposalRoom']);
      const row = await ownRow(ctx.owner, rowIdOf(args.vendorProposalId));
      return row ? roomJson(row, ctx.owner, ctx.now.getTime()) : null;
    },
    /** The stories (messages) of a room, newest first. */
    roomStories: async (
      args: { filter?: { roomId_eq: string; storyFilter?: { pagination?: { first: number } | null } | null } | null },
      ctx: GraphContext,
    ) => {
      if (!ctx.owner.scope.includes(UPWORK_MESSAGES_SCOPE)) throw scopeError(['roomStories']);
      const row = args.filter ? await ownRow(ctx.owner, rowIdOfRoom(args.filter.roomId_eq)) : undefined;
      const now = ctx.now.getTime();
      const state = row ? stateOf(row, now) : null;
      if (!row || !state || state.now.messages.length === 0)
        return { totalCount: 0, edges: [], pageInfo: { endCursor: null, hasNextPage: false } };
      const client = state.project.client;
      const author = { id: `sbclient${client.id}`, nid: client.username, rid: String(client.id), name: client.displayName, email: null };
      const stories = [...state.now.messages].reverse().map((message) => ({
        id: `${roomIdOf(row.id)}_story_${message.n}`,
        createdDateTime: new Date(message.at).toISOString(),
        updatedDateTime: new Date(message.at).toISOString(),
        message: message.text,
        user: author,
        room: null,
      }));
      const first = Math.max(1, Math.min(100, args.filter?.storyFilter?.pagination?.first ?? 20));
      const page = stories.slice(0, first);
      return {
        totalCount: stories.length,
        edges: page.map((node, i) => ({ cursor: String(i + 1), node })),
        pageInfo: { endCursor: String(page.length), hasNextPage: page.length < stories.length },
      };
    },
  };
}
