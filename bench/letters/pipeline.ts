import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AGENT_BOUNDS, AGENT_DEFAULTS, type Agent } from '@shared/schemas/agent';
import type { Job, RiskFlag } from '@shared/schemas/job';
import type { LetterReview, ScreeningAnswer } from '@shared/schemas/letter';
import type { User } from '@shared/schemas/user';
import { rankMatches } from '@shared/scoring';
import { manualClock } from '../../api/src/kernel/clock';
import { createLogger } from '../../api/src/kernel/logger';
import { toAgentDto } from '../../api/src/modules/agents/agents';
import { toUserDto } from '../../api/src/modules/accounts/users';
import { readPlanLimits } from '../../api/src/modules/billing/plan-limits';
import { createMarketplaces } from '../../api/src/modules/marketplaces/registry';
import { UPWORK_PROPOSAL_PERMISSION } from '../../api/src/modules/marketplaces/upwork/adapter';
import { matchProfile, pickJobs } from '../../api/src/modules/runner/criteria';
import type { PipelineDeps } from '../../api/src/modules/runner/deps';
import { silentNotifier, type QuotaPort } from '../../api/src/modules/runner/ports';
import { reserveJobs, writeReservedLetter, type LetterOutcome } from '../../api/src/modules/runner/reservation';
import { createProposalWriter } from '../../api/src/modules/writer';
import { openSqliteStore, type SqliteStore } from '../../api/src/store/sqlite/sqlite-store';
import { tablesOf } from '../../api/src/store/schema/index';
import type { BenchPost, BenchProfile } from './load';
import { FAKE_KEY, FAKE_MODEL, type ChatRecord, type World } from './world';

/**
 * One post through the product's real letter pipeline, as the runner takes it: the job ranked for
 * the agent (`pickJobs`: its red flags), reserved (`reserveJobs`: the bid and delivery period the
 * item is sent with), then `writeReservedLetter` (the picked proof, Upwork's screening questions
 * read through the product's Upwork adapter, the configured writer over HTTP, the letter check and
 * the send decision), and the item read back as the runner left it. Each profile is a user with one
 * auto-send agent per marketplace, on a fresh database per writer and part.
 */

export type WriterName = 'fake' | 'offline';

export interface PostResult {
  post: BenchPost;
  /** How the runner settled the item: `queued` goes out without a person's tap, `draft` waits for one. */
  outcome: LetterOutcome;
  /** Who wrote it, as stored on the item (`ai` or `offline`). */
  writer: string | null;
  letter: string;
  screeningAnswers: ScreeningAnswer[];
  review: LetterReview | null;
  bid: { amount: number | null; currency: string | null; periodDays: number | null; hourly: boolean };
  /** The job's red flags, as the agent's ranking raised them. */
  flags: RiskFlag[];
  /** The job did not pass the agent's rates or floor: the runner would not have drafted it. */
  outsideAgent: boolean;
  manualSend: boolean;
  /** Why the item failed (the writer's error), when it did. */
  error: string | null;
  /** The writer's own exchange: what it was sent and what it answered. */
  record: ChatRecord | null;
}

const NOW = new Date('2026-11-18T09:00:00Z');

/** A fixed-size counter quota: the bench measures letters, not the plan's daily quota. */
function benchQuota(): QuotaPort {
  return { take: async (_tx, _userId, _now, letters) => letters, refund: async () => undefined };
}

/** The user of a profile, with a paid plan (its caps never bind here) and the letters it sent before. */
async function seedUser(store: SqliteStore, profile: BenchProfile, now: Date): Promise<string> {
  const { users, subscriptions, jobItems } = tablesOf(store.writer);
  const id = crypto.randomUUID();
  await store.writer.insert(users).values({
    id,
    email: `${profile.id}@bench.example`,
    passwordHash: 'x',
    platformType: 'upwork',
    firstName: profile.user.firstName,
    lastName: profile.user.lastName ?? null,
    skills: profile.user.skills,
    portfolioLinks: profile.user.portfolioLinks,
    profileTitle: profile.user.profileTitle ?? null,
    profileOverview: profile.user.profileOverview ?? null,
    timeZone: 'UTC',
    referralCode: `B${id.slice(0, 8)}`,
    createdAt: now,
    updatedAt: now,
  });
  await store.writer.insert(subscriptions).values({
    userId: id,
    plan: 'premium',
    status: 'active',
    trialStartedAt: new Date(now.getTime() - 60 * 86_400_000),
    trialEndsAt: new Date(now.getTime() - 53 * 86_400_000),
    currentPeriodStart: new Date(now.getTime() - 86_400_000),
    currentPeriodEnd: new Date(now.getTime() + 29 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  for (const [i, sent] of profile.sentLetters.entries()) {
    const at = new Date(now.getTime() - (i + 2) * 86_400_000);
    await store.writer.insert(jobItems).values({
      id: crypto.randomUUID(),
      userId: id,
      platform: 'upwork',
      externalId: `sent-${profile.id}-${i}`,
      title: 'An earlier proposal',
      status: 'completed',
      outcome: sent.outcome === 'sent' ? null : sent.outcome,
      sentAt: at,
      proposalRequirements: sent.text,
      createdAt: at,
      updatedAt: at,
    });
  }
  return id;
}

/**
 * The profile's agent on one marketplace: active, auto-send (the bench asks what would go out alone),
 * taking any job (both contract types, rates open, no floor: the bench measures letters, not matching).
 * The profile's own fields that shape a letter or a bid (template, facts, preferred rate) are kept.
 */
async function seedAgent(store: SqliteStore, userId: string, profile: BenchProfile, platform: Job['platform'], now: Date): Promise<Agent> {
  const { agents } = tablesOf(store.writer);
  const fields = {
    ...AGENT_DEFAULTS,
    title: profile.user.profileTitle || profile.user.skills[0] || profile.id,
    name: `${profile.id} on ${platform}`,
    ...profile.agent,
    platform,
    sendMode: 'auto' as const,
    emailsPerDay: 1000,
    minMatchScore: 0,
    upworkJobType: 'any' as const,
    upworkHourlyMinRate: 0,
    upworkHourlyMaxRate: AGENT_BOUNDS.upworkHourly.max,
    upworkMinRate: 0,
    upworkMaxRate: AGENT_BOUNDS.upworkHourly.max,
    upworkFixedMinBudget: 0,
    upworkFixedMaxBudget: AGENT_BOUNDS.upworkFixed.max,
    upworkMinFixedRate: 0,
    upworkMaxFixedRate: AGENT_BOUNDS.upworkFixed.max,
    freelancerIsHourly: true,
    freelancerIsFixed: true,
    freelancerMinBudget: 0,
    freelancerMaxBudget: AGENT_BOUNDS.freelancerBudget.max,
    freelancerHourlyRateMin: AGENT_BOUNDS.freelancerHourly.min,
    freelancerHourlyRateMax: AGENT_BOUNDS.freelancerHourly.max,
    clientVerifiedOnly: false,
    clientMinRating: 0,
    clientMinSpentUsd: 0,
    excludedCountries: [],
  };
  const id = crypto.randomUUID();
  await store.writer.insert(agents).values({ id, userId, status: 'active', fields, fieldVersions: {}, createdAt: now, updatedAt: now });
  const [row] = await store.writer.select().from(agents).where(eq(agents.id, id));
  return toAgentDto(row!);
}

export interface LetterRun {
  writer: WriterName;
  results: PostResult[];
}

/** Every post of `posts` through the product with one writer, one after the other (a few minutes apart). */
export async function runLetters(posts: readonly BenchPost[], writer: WriterName, world: World, now = NOW): Promise<LetterRun> {
  const clock = manualClock(now);
  const store = openSqliteStore(':memory:');
  const marketplaces = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: true }, () => world.url, {
    clock,
    http: { sleep: async () => undefined, random: () => 0 },
  });
  // The product's own factory: a configured model (the fake) or, without a key, the offline writer.
  const productWriter = createProposalWriter(
    writer === 'fake'
      ? { apiKey: FAKE_KEY, baseUrl: `${world.url}/fake/v1`, model: FAKE_MODEL }
      : { apiKey: undefined, baseUrl: undefined, model: FAKE_MODEL },
    { sandboxBase: () => world.url, maxRetries: 0 },
  );
  const deps: PipelineDeps = {
    store,
    clock,
    log: createLogger('silent'),
    marketplaces,
    // Connected accounts; on Upwork with the proposal permission, so a letter is not held only for a manual send.
    session: async () => ({ accessToken: 'bench-token', scope: UPWORK_PROPOSAL_PERMISSION }),
    writer: productWriter,
    notifier: silentNotifier,
    quota: benchQuota(),
    retry: { attempts: 1, baseMs: 1, capMs: 1, sleep: async () => undefined, random: () => 0 },
  };
  const users = new Map<string, { id: string; profile: User; agents: Map<string, Agent> }>();
  const results: PostResult[] = [];
  try {
    for (const post of posts) {
      let user = users.get(post.profile.id);
      if (!user) {
        const id = await seedUser(store, post.profile, clock.now());
        const { users: table } = tablesOf(store.writer);
        const [row] = await store.writer.select().from(table).where(eq(table.id, id));
        user = { id, profile: toUserDto(row!), agents: new Map() };
        users.set(post.profile.id, user);
      }
      let agent = user.agents.get(post.job.platform);
      if (!agent) {
        agent = await seedAgent(store, user.id, post.profile, post.job.platform, clock.now());
        user.agents.set(post.job.platform, agent);
      }
      if (post.job.platform === 'upwork') world.screening.set(post.job.externalId, post.screening);
      results.push(await runOne(deps, post, agent, user.profile, world));
      clock.advance(7 * 60_000);
    }
  } finally {
    await store.close();
  }
  return { writer, results };
}

async function runOne(deps: PipelineDeps, post: BenchPost, agent: Agent, profile: User, world: World): Promise<PostResult> {
  const now = deps.clock.now();
  const { users, jobItems } = tablesOf(deps.store.db);
  const [userRow] = await deps.store.db.select().from(users).where(eq(users.id, profile.id));
  const limits = await readPlanLimits(deps.store, userRow!, now);
  // The agent's ranking, as the runner's: a job passing with a red flag is reserved to be held.
  const picked = pickJobs([post.job], agent, profile, { now });
  const ranked = picked.ranked[0] ?? picked.flagged[0] ?? rankMatches([post.job], matchProfile(agent, profile), { now: now.getTime() })[0]!;
  const held = picked.ranked.length === 0 && (picked.flagged.length > 0 || ranked.match.flags.length > 0);
  const { reserved } = await reserveJobs(deps, agent, [ranked], 1, { limits, timeZone: 'UTC' }, { held });
  const reservation = reserved[0];
  const base = {
    post,
    flags: ranked.match.flags,
    outsideAgent: picked.ranked.length === 0 && picked.flagged.length === 0,
  };
  if (!reservation) throw new Error(`${post.id}: the runner reserved nothing`);
  const before = world.records.length;
  const session = await deps.session(agent.userId, agent.platform);
  const outcome = await writeReservedLetter(deps, agent, profile, reservation.job, reservation, session, now, async () => null);
  const [item] = await deps.store.db.select().from(jobItems).where(eq(jobItems.id, reservation.itemId));
  return {
    ...base,
    outcome,
    writer: item?.writer ?? null,
    letter: item?.proposalRequirements ?? '',
    screeningAnswers: item?.screeningAnswers ?? [],
    review: item?.letterReview ?? null,
    bid: {
      amount: item?.bidAmount ?? null,
      currency: item?.bidCurrency ?? null,
      periodDays: item?.bidPeriodDays ?? null,
      hourly: post.job.type === 'hourly',
    },
    manualSend: item?.manualSend ?? false,
    error: item?.lastError ?? null,
    record: world.records.slice(before).at(-1) ?? null,
  };
}
