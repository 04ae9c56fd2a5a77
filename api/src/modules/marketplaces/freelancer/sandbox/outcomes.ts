import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Store } from '../../../../store/store';
import { sandboxTablesOf, type SandboxTables } from '../../../../store/sandbox-schema/index';
import type { TokenOwner } from '../../sandbox/accounts';
import type { FreelancerSandboxEnv as Env } from './env';
import { bidReaction, type ClientOptions } from '../../sandbox/clients';
import { projectJson } from './search';
import { findProject } from '../../sandbox/projects';

/**
 * What Freelancer.com shows of a bid's fate, simulated from the sandbox's clients (clients.ts):
 * the bid's award fields, the project list by id, and the message threads of a project with the
 * client's messages. Field names beyond the official SDK's are [U] (docs/marketplace-outcomes.md);
 * the adapter reads these and nothing else.
 */

type BidRow = SandboxTables['sandboxMarketBids']['$inferSelect'];

/** Thread ids of the sandbox: one thread per bid the client answered, far from other ids. */
const THREAD_ID_BASE = 80_000_000;
const threadIdOf = (bidId: number) => THREAD_ID_BASE + bidId;
const bidIdOfThread = (threadId: number) => threadId - THREAD_ID_BASE;
const messageIdOf = (threadId: number, n: number) => threadId * 10 + n;
/** Advanced scope 5: messaging [U mapping, external-apis.md]. */
const MESSAGE_SCOPE = '5';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The reaction of the project's client to a bid as it stands now (null when the project is gone). */
export function bidState(row: BidRow, nowMs: number, clients: ClientOptions) {
  return bidReaction('freelancer', row, nowMs, clients);
}

/** The award fields of a bid [L names from Freelancer's own web client; values per the brief]. */
export function bidAwardFields(row: BidRow, nowMs: number, clients: ClientOptions): Record<string, unknown> {
  const state = bidState(row, nowMs, clients);
  const awarded = state?.now.awarded ?? false;
  const awardedAt = awarded && state?.reaction.awardedAt ? seconds(state.reaction.awardedAt) : null;
  return {
    // 'pending': awarded, waiting for the freelancer to accept.
    award_status: awarded ? 'pending' : null,
    time_awarded: awardedAt,
    award_status_changed_time: awardedAt,
    shortlisted: state?.now.shortlisted ?? false,
    frontend_bid_status: awarded ? 'awarded' : 'active',
  };
}

interface OutcomeRouteDeps {
  store: Store;
  now: () => number;
  clients: ClientOptions;
  ok: (c: Context<Env>, result: unknown) => Response;
  fail: (c: Context<Env>, status: 400 | 401 | 403 | 404, code: string, message: string) => Response;
  /** Freelancer user ids of sandbox accounts start here. */
  userIdBase: number;
}

const listParam = (url: URL, key: string) =>
  [...url.searchParams.getAll(`${key}[]`), ...url.searchParams.getAll(key)].filter((v) => /^\d{1,12}$/.test(v)).map(Number);

/**
 * `GET /api/projects/0.1/projects/?projects[]=…`, and the messages API's threads and messages; to
 * mount behind the sandbox's auth middleware (which sets `owner`).
 */
export function freelancerOutcomeRoutes(deps: OutcomeRouteDeps) {
  const { sandboxMarketBids } = sandboxTablesOf(deps.store.db);
  const { store } = deps;
  const app = new Hono<Env>();

  for (const path of ['/api/projects/0.1/projects', '/api/projects/0.1/projects/']) {
    app.get(path, (c) => {
      const url = new URL(c.req.url);
      const ids = listParam(url, 'projects');
      if (ids.length === 0) return deps.fail(c, 400, 'ProjectExceptionCodes.INVALID_PARAMETER', 'Give projects[].');
      const now = deps.now();
      const flags = new Set(['full_description', 'job_details', 'user_details'].filter((flag) => url.searchParams.get(flag) === 'true'));
      const projects = ids.flatMap((id) => {
        const project = findProject('freelancer', String(id), now);
        return project ? [projectJson(project, now, flags)] : [];
      });
      return deps.ok(c, { projects, total_count: projects.length });
    });
  }

  /** The token owner's bids the client answered by now, by bid id. */
  const answeredBids = async (owner: TokenOwner, where: { projects?: number[]; bids?: number[] }) => {
    const conditions = [eq(sandboxMarketBids.platform, 'freelancer' as const), eq(sandboxMarketBids.userId, owner.userId)];
    if (where.projects?.length) conditions.push(inArray(sandboxMarketBids.projectId, where.projects.map(String)));
    if (where.bids?.length) conditions.push(inArray(sandboxMarketBids.id, where.bids));
    const now = deps.now();
    const rows = await store.db
      .select()
      .from(sandboxMarketBids)
      .where(and(...conditions));
    return rows.flatMap((row) => {
      const state = bidState(row, now, deps.clients);
      return state && state.now.messages.length > 0 ? [{ row, state }] : [];
    });
  };

  const messaging = (c: Context<Env>): TokenOwner | Response => {
    const owner = c.get('owner');
    if (!owner)
      return deps.fail(c, 401, 'AuthenticationExceptionCodes.NOT_AUTHENTICATED', 'You must be authenticated to perform this request.');
    if (!owner.scope.includes(MESSAGE_SCOPE)) {
      return deps.fail(
        c,
        403,
        'AuthorisationExceptionCodes.INSUFFICIENT_SCOPE',
        'The OAuth token does not have the scope needed to read messages (advanced scope 5).',
      );
    }
    return owner;
  };

  for (const path of ['/api/messages/0.1/threads', '/api/messages/0.1/threads/']) {
    app.get(path, async (c) => {
      const owner = messaging(c);
      if (owner instanceof Response) return owner;
      const url = new URL(c.req.url);
      const contextType = url.searchParams.get('context_type');
      if (contextType !== null && contextType !== 'project') return deps.ok(c, { threads: [] });
      const threadIds = listParam(url, 'threads');
      const found = await answeredBids(owner, { projects: listParam(url, 'contexts'), bids: threadIds.map(bidIdOfThread) });
      const threads = found.map(({ row, state }) => {
        const id = threadIdOf(row.id);
        const first = state.now.messages[0]!;
        const last = state.now.messages[state.now.messages.length - 1]!;
        return {
          id,
          thread: {
            id,
            thread_type: 'private_chat',
            time_created: seconds(first.at),
            members: [state.project.client.id, deps.userIdBase + owner.userId],
            owner: state.project.client.id,
            context: { type: 'project', id: Number(row.projectId) },
            write_privacy: 'members',
            read_privacy: 'members',
            owner_read_privacy: 'members',
          },
          time_updated: seconds(last.at),
          message_count: state.now.messages.length,
          is_muted: false,
          is_read: false,
        };
      });
      return deps.ok(c, { threads });
    });
  }

  for (const path of ['/api/messages/0.1/messages', '/api/messages/0.1/messages/']) {
    app.get(path, async (c) => {
      const owner = messaging(c);
      if (owner instanceof Response) return owner;
      const url = new URL(c.req.url);
      const threadIds = listParam(url, 'threads');
      if (threadIds.length === 0) return deps.fail(c, 400, 'MessageExceptionCodes.INVALID_PARAMETER', 'Give threads[].');
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 20) || 20);
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
      const found = await answeredBids(owner, { bids: threadIds.map(bidIdOfThread) });
      const all = found
        .flatMap(({ row, state }) =>
          state.now.messages.map((message) => ({
            id: messageIdOf(threadIdOf(row.id), message.n),
            thread_id: threadIdOf(row.id),
            from_user_id: state.project.client.id,
            message: message.text,
            message_source: 'default_msg',
            attachments: [],
            time_created: seconds(message.at),
          })),
        )
        .sort((a, b) => b.time_created - a.time_created || b.id - a.id);
      return deps.ok(c, { messages: all.slice(offset, offset + limit), unfiltered_count: all.length });
    });
  }
  return app;
}
