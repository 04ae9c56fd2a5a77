import crypto from 'node:crypto';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import { PLANS, type PlanId } from '@shared/plan-table';
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
 *
 * Then posted → draft notice per plan, on the search cadence: LATENCY_BENCH_PLAN_AGENTS agents on
 * each plan of shared/plan-table.ts (LATENCY_BENCH_PLANS, all by default), each agent's proposals a
 * day the plan's daily cap, over LATENCY_BENCH_MINUTES of the window (the first four hours by default;
 * the first table too, and its paced runs of before only with LATENCY_BENCH_BEFORE=1).
 * The calls table runs the modes where each agent searches alone only up to CALLS_BENCH_ALONE_MAX
 * agents (the shared feed alone beyond: a thousand agents searching for themselves take long here).
 */
const LATENCY_AGENTS = Number(process.env.LATENCY_BENCH_AGENTS ?? 12);
const LATENCY_MINUTES = Number(process.env.LATENCY_BENCH_MINUTES ?? 4 * 60);
/** The paced runs of before (slow to simulate: a day of them takes minutes here) only when asked. */
const WITH_BEFORE = process.env.LATENCY_BENCH_BEFORE === '1';
const PLAN_AGENTS = Number(process.env.LATENCY_BENCH_PLAN_AGENTS ?? 4);
const PLAN_IDS_RUN = (process.env.LATENCY_BENCH_PLANS ?? PLANS.map((p) => p.id).join(',')).split(',').filter(Boolean) as PlanId[];
const CALL_AGENTS = (process.env.CALLS_BENCH_AGENTS ?? '10,100,1000').split(',').map(Number);
const CALL_MINUTES = Number(process.env.CALLS_BENCH_MINUTES ?? 20);
const ALONE_MAX = Number(process.env.CALLS_BENCH_ALONE_MAX ?? 100);
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
async function userWithAgent(f: RunnerFixture, i: number, fields: Record<string, unknown>, plan: PlanId = TRIAL_PLAN) {
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
  // The free plan is no subscription at all; a paid plan, its trial (the plan's own limits).
  if (plan !== 'free')
    await f.t.db.insert(subscriptions).values({
      userId,
      plan,
      // The trial's limits are the trial plan's: another plan is a paid month under way.
      status: plan === TRIAL_PLAN ? 'trialing' : 'active',
      ...(plan === TRIAL_PLAN ? {} : { currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000) }),
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
async function world(count: number, plan?: PlanId) {
  const f = await runnerFixture();
  const perDay = plan ? PLANS.find((p) => p.id === plan)!.limits.proposalsPerDay : undefined;
  const sessions = new Map<string, MarketplaceSession>();
  const agentIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const search = SEARCHES[i % SEARCHES.length]!;
    const { userId, agentId } = await userWithAgent(
      f,
      i,
      {
        ...search,
        sendMode: i % 2 === 0 ? 'review' : 'auto',
        startTime: '09:00',
        endTime: '17:00',
        ...(perDay ? { emailsPerDay: perDay } : {}),
      },
      plan,
    );
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

async function latency(mode: Mode, agents = LATENCY_AGENTS, plan?: PlanId) {
  const { f, session, agentIds } = await world(agents, plan);
  try {
    const runner = new Runner(f.deps({ scanEveryMs: mode.scanEveryMs, session, feed: mode.shared ? undefined : null }));
    const started = performance.now();
    await day(f, runner, Math.min(DAY_MINUTES, LATENCY_MINUTES) + 1);
    const wallS = (performance.now() - started) / 1000;
    const { jobItems } = tablesOf(f.t.db);
    const items = await f.t.db
      .select({ postedAt: jobItems.postedAt, createdAt: jobItems.createdAt, sentAt: jobItems.sentAt })
      .from(jobItems)
      .where(and(inArray(jobItems.agentId, agentIds), isNotNull(jobItems.postedAt)));
    // The projects posted during the agents' hours: how soon the agent saw them, not its backlog
    // (and, on a shortened day, posted early enough to be seen by its end).
    const end = Date.parse(DAY_START) + Math.min(DAY_MINUTES, LATENCY_MINUTES) * MIN - DEFAULT_SCAN_EVERY_MS;
    const fresh = items.filter((item) => item.postedAt!.getTime() >= Date.parse(DAY_START) && item.postedAt!.getTime() < end);
    const drafted = fresh.map((item) => item.createdAt.getTime() - item.postedAt!.getTime());
    const sent = fresh.filter((item) => item.sentAt).map((item) => item.sentAt!.getTime() - item.postedAt!.getTime());
    return { drafted, sent, letters: items.length, wallS };
  } finally {
    await f.close();
  }
}

async function calls(mode: Mode, agents: number): Promise<{ perMinute: number; searchesPerMinute: number } | null> {
  if (!mode.shared && agents > ALONE_MAX) return null;
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
    `Posted → draft and posted → sent, ${LATENCY_AGENTS} default agents (5 a day, 09:00–17:00 UTC, half auto), ${Math.min(DAY_MINUTES, LATENCY_MINUTES)} minutes of a sandbox day at a tick a minute:`,
  );
  const latencyRows: string[][] = [];
  for (const mode of WITH_BEFORE ? MODES : MODES.slice(1)) {
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

  console.log(
    `\nPosted → draft notice per plan, ${PLAN_AGENTS} agents a plan (each at the plan's proposals a day, 09:00–17:00 UTC, half auto), the search cadence, ${Math.min(DAY_MINUTES, LATENCY_MINUTES)} minutes of the day:`,
  );
  const planRows: string[][] = [];
  for (const plan of PLAN_IDS_RUN) {
    const perDay = PLANS.find((p) => p.id === plan)!.limits.proposalsPerDay;
    const r = await latency(MODES[1], PLAN_AGENTS, plan);
    planRows.push([
      `${plan} (${perDay} a day)`,
      String(r.drafted.length),
      minutes(percentile(r.drafted, 50)),
      minutes(percentile(r.drafted, 95)),
      String(r.sent.length),
      minutes(percentile(r.sent, 50)),
      minutes(percentile(r.sent, 95)),
      `${r.wallS.toFixed(0)} s`,
    ]);
  }
  printTable(['plan', 'fresh drafts', 'draft p50', 'draft p95', 'fresh sends', 'sent p50', 'sent p95', 'wall'], planRows);
}

console.log(
  `\nMarketplace calls a minute over the first ${CALL_MINUTES} minutes of the day, against the number of agents (on ${SEARCHES.length} distinct searches, each user with an account of their own):`,
);
const callRows: string[][] = [];
for (const agents of CALL_AGENTS) {
  const row = [String(agents)];
  for (const mode of CALL_MODES) {
    const r = await calls(mode, agents);
    row.push(r ? r.perMinute.toFixed(1) : '–', r ? r.searchesPerMinute.toFixed(1) : '–');
  }
  callRows.push(row);
}
printTable(['agents', ...CALL_MODES.flatMap((m) => [`${m.name}: calls/min`, 'searches/min'])], callRows);
