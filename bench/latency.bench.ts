import crypto from 'node:crypto';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import { AgentService } from '../api/src/modules/agents/agents';
import type { Platform } from '@shared/marketplaces';
import { runnerFixture, type RunnerFixture } from '../api/src/testing/runner-fixture';
import { tablesOf } from '../api/src/store/schema/index';
import { Runner } from '../api/src/modules/runner/runner';
import type { MarketplaceSession } from '../api/src/modules/marketplaces/types';
import { DEFAULT_SCAN_EVERY_MS } from '../api/src/modules/runner/schedule';
import { printTable } from './support';

/**
 * `npm run bench -- latency`: how long after a project is posted its letter is drafted (and, for
 * auto agents, sent), and how many marketplace calls the runner makes a minute, on the runs paced as
 * before (one run per send slot: `scanEveryMs: 0`) and on the search cadence (every few minutes) in
 * the same run.
 *
 * The sandbox marketplace over HTTP posts its projects on its own (one every five minutes on each
 * marketplace, a pure function of its clock); the runner, the app and the sandbox share one manual
 * clock that the bench moves a minute at a time, ticking the runner at each minute as its schedule
 * does. Agents are the defaults (five proposals a day, minimum match 55) working 09:00–17:00 UTC on
 * Freelancer.com, on four distinct searches, half reviewing first and half sending on their own,
 * each user with an account of their own (no two users share a search).
 *
 * Latency: posted → draft (the letter saved, its push sent) and posted → sent, for the projects
 * posted during the agents' hours, p50 and p95 over a whole day of LATENCY_BENCH_AGENTS agents.
 * Calls: marketplace requests a minute (searches and all) over the first CALLS_BENCH_MINUTES of the
 * day, against the number of agents (CALLS_BENCH_AGENTS, 1, 10, 100 by default): paced runs, the
 * search cadence with each agent searching alone, and with Freelancer.com searches shared per query
 * (runner/feed.ts); `searches/min` counts the project search requests alone (the calls beside them are
 * the bids and their outcome checks, which grow with the proposals sent). LATENCY_BENCH_AGENTS=0
 * leaves the latency table out.
 */
const LATENCY_AGENTS = Number(process.env.LATENCY_BENCH_AGENTS ?? 12);
const CALL_AGENTS = (process.env.CALLS_BENCH_AGENTS ?? '1,10,100').split(',').map(Number);
const CALL_MINUTES = Number(process.env.CALLS_BENCH_MINUTES ?? 60);
const DAY_START = '2026-11-18T09:00:00Z';
const DAY_MINUTES = 8 * 60;
const MIN = 60_000;

const SEARCHES = [
  { title: 'React developer', skills: ['React', 'TypeScript'] },
  { title: 'SEO writer', skills: ['SEO', 'Copywriting'] },
  { title: 'Node.js API', skills: ['Node.js'] },
  { title: 'Logo design', skills: ['Logo Design'] },
];

const MODES = [
  { name: 'paced runs (before)', scanEveryMs: 0, shared: false },
  { name: `search every ${DEFAULT_SCAN_EVERY_MS / MIN} min (after)`, scanEveryMs: DEFAULT_SCAN_EVERY_MS, shared: true },
] as const;

/**
 * The calls table's modes: as `MODES`, and between them the search cadence with every agent
 * searching for itself (no shared feed: runner/feed.ts), so the share's own effect shows.
 */
const CALL_MODES = [
  MODES[0],
  { name: `every ${DEFAULT_SCAN_EVERY_MS / MIN} min, each agent alone (before share)`, scanEveryMs: DEFAULT_SCAN_EVERY_MS, shared: false },
  { name: `every ${DEFAULT_SCAN_EVERY_MS / MIN} min, shared per query (after)`, scanEveryMs: DEFAULT_SCAN_EVERY_MS, shared: true },
] as const;
type Mode = { name: string; scanEveryMs: number; shared: boolean };

/** The p-th percentile (nearest rank) of `values`, NaN when there are none. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const minutes = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / MIN).toFixed(1)} min`);

/**
 * A user on the trial (as signing up makes one, written directly: the sign-up route's limit per
 * address would stop a hundred) with one active agent.
 */
async function userWithAgent(f: RunnerFixture, i: number, fields: Record<string, unknown>) {
  const { users, subscriptions } = tablesOf(f.t.db);
  const now = f.server.clock.now();
  const userId = crypto.randomUUID();
  await f.t.db.insert(users).values({
    id: userId,
    email: `latency.${i}@gmail.com`,
    passwordHash: 'x',
    platformType: 'freelancer',
    referralCode: `LAT${i}`,
    createdAt: now,
    updatedAt: now,
    skills: ['React', 'Node.js', 'Logo Design', 'SEO'],
    timeZone: 'UTC',
  });
  await f.t.db.insert(subscriptions).values({
    userId,
    plan: TRIAL_PLAN,
    status: 'trialing',
    trialStartedAt: now,
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  const service = new AgentService({ store: f.t.store, clock: f.server.clock });
  const { agent } = await service.create(userId, { title: 'developer', platform: 'freelancer', ...fields } as never);
  await service.setStatus(userId, agent.id, 'active');
  return { userId, agentId: agent.id };
}

/** `count` users with one default agent each (on the four searches in turn), each with an account of their own. */
async function world(count: number) {
  const f = await runnerFixture();
  const sessions = new Map<string, MarketplaceSession>();
  const agentIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const search = SEARCHES[i % SEARCHES.length]!;
    const { userId, agentId } = await userWithAgent(f, i, {
      ...search,
      sendMode: i % 2 === 0 ? 'review' : 'auto',
      startTime: '09:00',
      endTime: '17:00',
    });
    const tokens = await f.connect('freelancer', `latency_${i}`);
    sessions.set(userId, { accessToken: tokens.accessToken, scope: tokens.scope });
    agentIds.push(agentId);
  }
  const session = async (userId: string, _platform: Platform) => sessions.get(userId) ?? null;
  return { f, session, agentIds };
}

/** Runs the runner's schedule over `minutes` from the day's start, a tick a minute. Answers the marketplace calls made. */
async function day(f: RunnerFixture, runner: Runner, length: number): Promise<{ calls: number; searches: number }> {
  f.at(DAY_START);
  const before = f.state.requests.length;
  for (let minute = 0; minute < length; minute++) {
    f.at(new Date(Date.parse(DAY_START) + minute * MIN).toISOString());
    await runner.tick();
  }
  const made = f.state.requests.slice(before);
  return { calls: made.length, searches: made.filter((r) => r.includes('/projects/0.1/projects/active/')).length };
}

async function latency(mode: Mode) {
  const { f, session, agentIds } = await world(LATENCY_AGENTS);
  try {
    const runner = new Runner(f.deps({ scanEveryMs: mode.scanEveryMs, session, feed: mode.shared ? undefined : null }));
    const started = performance.now();
    await day(f, runner, DAY_MINUTES + 1);
    const wallS = (performance.now() - started) / 1000;
    const { jobItems } = tablesOf(f.t.db);
    const items = await f.t.db
      .select({ postedAt: jobItems.postedAt, createdAt: jobItems.createdAt, sentAt: jobItems.sentAt })
      .from(jobItems)
      .where(and(inArray(jobItems.agentId, agentIds), isNotNull(jobItems.postedAt)));
    // The projects posted during the agents' hours: how soon the agent saw them, not its backlog.
    const fresh = items.filter((item) => item.postedAt!.getTime() >= Date.parse(DAY_START));
    const drafted = fresh.map((item) => item.createdAt.getTime() - item.postedAt!.getTime());
    const sent = fresh.filter((item) => item.sentAt).map((item) => item.sentAt!.getTime() - item.postedAt!.getTime());
    return { drafted, sent, letters: items.length, wallS };
  } finally {
    await f.close();
  }
}

async function calls(mode: Mode, agents: number) {
  const { f, session } = await world(agents);
  try {
    const runner = new Runner(f.deps({ scanEveryMs: mode.scanEveryMs, session, feed: mode.shared ? undefined : null }));
    const made = await day(f, runner, CALL_MINUTES);
    return { perMinute: made.calls / CALL_MINUTES, searchesPerMinute: made.searches / CALL_MINUTES };
  } finally {
    await f.close();
  }
}

if (LATENCY_AGENTS > 0) {
  console.log(
    `Posted → draft and posted → sent, ${LATENCY_AGENTS} default agents (5 a day, 09:00–17:00 UTC, half auto), one sandbox day at a tick a minute:`,
  );
  const latencyRows: string[][] = [];
  for (const mode of MODES) {
    const r = await latency(mode);
    latencyRows.push([
      mode.name,
      String(r.drafted.length),
      minutes(percentile(r.drafted, 50)),
      minutes(percentile(r.drafted, 95)),
      String(r.sent.length),
      minutes(percentile(r.sent, 50)),
      minutes(percentile(r.sent, 95)),
      String(r.letters),
      `${r.wallS.toFixed(0)} s`,
    ]);
  }
  printTable(
    ['mode', 'fresh drafts', 'draft p50', 'draft p95', 'fresh sends', 'sent p50', 'sent p95', 'letters (all)', 'wall'],
    latencyRows,
  );
}

console.log(
  `\nMarketplace calls a minute over the first ${CALL_MINUTES} minutes of the day, against the number of agents (on ${SEARCHES.length} distinct searches, each user with an account of their own):`,
);
const callRows: string[][] = [];
for (const agents of CALL_AGENTS) {
  const row = [String(agents)];
  for (const mode of CALL_MODES) {
    const r = await calls(mode, agents);
    row.push(r.perMinute.toFixed(1), r.searchesPerMinute.toFixed(1));
  }
  callRows.push(row);
}
printTable(['agents', ...CALL_MODES.flatMap((m) => [`${m.name}: calls/min`, 'searches/min'])], callRows);
