import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Agent } from '@shared/schemas/agent';
import type { ResumeDetails } from '@shared/schemas/resume';
import type { Job, RiskFlag } from '@shared/schemas/job';
import type { User } from '@shared/schemas/user';
import type { LetterReview, ScreeningAnswer } from '@shared/schemas/letter';
import { withResumeDetails } from '@shared/resume-details';
import { checkLetter, type LetterCheck } from '@shared/letters/check';
import { deliveryDays } from '@shared/letters/delivery';
import { extractQuestions, instructionsToAi, type PostQuestion } from '@shared/letters/questions';
import { pickProofs, proofCandidates, type PickedProof, type Proof, type ProofMaterial } from '@shared/letters/proofs';
import { placeholderValues, type PromptInput } from '@shared/prompt-fill';
import { scoredJob, type Ranked } from '@shared/scoring';
import type { Db, Tx } from '../../store/sqlite/client';
import { holdChangeOrder } from '../../store/change-order';
import { preparedOnce } from '../../store/prepared';
import { dialectOfDb, tablesOf, type Tables } from '../../store/schema/index';
import type { MarketplaceSession } from '../marketplaces/types';
import { recordChange, recordChanges } from '../../store/change-log';
import {
  CLAIM_CLEARED,
  jobItemClaims,
  prepareJobItemWrite,
  writeJobItem,
  writePreparedJobItem,
  type JobItemFields,
} from '../proposals/job-item-writes';
import type { PlanLimits } from '@shared/schemas/sync';
import { toAgentDto } from '../agents/agents';
import { capLeft, usageToday } from './caps';
import { claimTimes } from './claim-times';
import { newClaimToken } from '../../store/claims';
import { bidAmount } from './criteria';
import type { PipelineDeps } from './deps';
import { proposalPath } from '@shared/app-routes';
import { agentForAssignment, assignTemplate, type Assignment } from './experiment-arm';
import { serviceFailure, withRetry } from './retry';
import type { ServiceFailure } from './breaker';
import { validTimeZone } from '../../kernel/zoned-time';

/** A job reserved for an agent: its item, created in the `writing` stage under `token`. */
export interface Reserved {
  job: ScoredJob;
  itemId: string;
  token: string;
  takenAt: Date;
  assignment: Assignment;
  /** Reserved while the agent's share of the day was spent: written as a draft outside the cap, never queued by the run. */
  waiting?: boolean;
}

export interface Reservations {
  /** In the order of the jobs given. */
  reserved: Reserved[];
  /** The jobs looked at: the first `examined` of those given. */
  examined: number;
  /** Reserving ended at the cover letter quota (else at the daily cap, at `want`, or at the last job). */
  quotaSpent?: true;
}

type ScoredJob = Job & { matchScore: number; matchReason: string; riskFlags: RiskFlag[] };

/** A job with a red flag: held as a draft for the user, never queued, outside the daily cap and the letter quota. */
const isFlagged = (job: ScoredJob) => job.riskFlags.length > 0;

/**
 * Reserves up to `want` of `jobs` (best first) for an agent in one store transaction: the daily cap
 * is read once in it and checked for each, a cover letter is taken from the quota for each, and
 * each item is created in the `writing` stage under a claim of its own (two agents of a user running
 * at once cannot both pass the cap). A job another agent of the user took meanwhile is passed over
 * for the next one; a spent cap or quota ends the reservations there and leaves the rest in the
 * pool for a later run. The letters are written one after the other; when they are slow, the
 * claims of those still to write are renewed (`renewClaims`).
 *
 * On PostgreSQL the transaction runs at READ COMMITTED and first takes the user's lock
 * (`holdChangeOrder`, which also orders the user's change-log positions): the user's reservations,
 * from any process, take turns, and each statement after the lock reads every reservation committed
 * before it, so the cap read here holds when the items are written. Reservations are the only writes
 * that add to today's count against the cap (restoring a discarded draft adds one back without a
 * cap check, as it always has; the rest only take from it). At SERIALIZABLE, four runners had a
 * third of these transactions cancelled by PostgreSQL's page-level predicate locks on index pages
 * shared with other users' rows, and run again.
 *
 * `held`: the jobs raise red flags (`pickJobs`' flagged). They are reserved to be held as drafts for
 * the user, outside the daily cap and the cover letter quota, up to the agent's emails per day of
 * them a day (`flaggedByAgent`), so a feed of scams cannot flood the review list.
 *
 * `waiting`: good jobs found while the agent's share of the day is spent (the allowance bucket,
 * schedule.ts). They are reserved to be drafted and told at once, outside the daily cap and the
 * cover letter quota (the cap counts them when they go out), up to the plan's proposals a day of
 * them a day for the user and the agent's proposals a day for the agent (`waitingTotal`,
 * `waitingByAgent`): a day's AI letters stay within twice what the plan may send.
 */
export function reserveJobs(
  deps: PipelineDeps,
  agent: Agent,
  jobs: ReadonlyArray<Ranked<Job>>,
  want: number,
  user: ReservingUser,
  { held = false, waiting = false }: { held?: boolean; waiting?: boolean } = {},
): Promise<Reservations> {
  const { store, clock } = deps;
  const now = clock.now();
  const timeZone = validTimeZone(user.timeZone);
  const { writeMs } = claimTimes(deps.claims);
  // In turn with the user's other agents in this runner: they count against the same daily cap.
  return store.tx(
    async (tx): Promise<Reservations> => {
      await holdChangeOrder(tx as Db, agent.userId);
      const usage = await usageToday(tx, agent.userId, agent.platform, agent.id, now, timeZone);
      const room = held
        ? Math.min(want, agent.emailsPerDay - usage.flaggedByAgent)
        : waiting
          ? Math.min(want, user.limits.proposalsPerDay - usage.waitingTotal, agent.emailsPerDay - usage.waitingByAgent)
          : Math.min(want, capLeft(usage, agent.platform, user.limits), agent.emailsPerDay - usage.byAgent);
      // Neither a flagged job's letter nor a waiting one is taken from the cover letter quota.
      const outsideQuota = held || waiting;
      const known = { timeZone: user.timeZone, limits: user.limits };
      const reserved: Reserved[] = [];
      let examined = 0;
      // The next best jobs, as many as there is room for, in one pass: their letters taken from the
      // quota together, their items created together and their changes recorded together. A job
      // another agent of this user took meanwhile is passed over: its letter goes back, and the next
      // pass takes the jobs after it.
      while (reserved.length < room && examined < jobs.length) {
        const asked = Math.min(room - reserved.length, jobs.length - examined);
        // A flagged job's letter is not taken from the quota: the quota is the plan's daily proposals.
        const letters = outsideQuota ? asked : await deps.quota.take(tx, agent.userId, now, asked, known);
        if (letters === 0) return { reserved, examined, quotaSpent: true };
        const candidates: Array<{ reservation: Reserved; row: ReservedRow }> = [];
        for (const ranked of jobs.slice(examined, examined + letters)) {
          // Copied with its score only now: of a page's ranked jobs, an agent reserves a few.
          const job = scoredJob(ranked);
          const itemId = crypto.randomUUID();
          const token = newClaimToken();
          // The template the letter is written from (an experiment's arm, recorded with the proposal).
          const assignment = await assignTemplate(tx, agent, now, deps.random ?? Math.random);
          candidates.push({
            reservation: { job, itemId, token, takenAt: now, assignment, ...(waiting ? { waiting } : {}) },
            row: { ...reservedRow(agent, job, itemId, token, assignment, now, writeMs), waitingShare: waiting },
          });
        }
        examined += letters;
        const created = await insertReserved(
          tx,
          candidates.map((c) => c.row),
        );
        const kept = candidates.filter((c) => created.has(c.reservation.itemId)).map((c) => c.reservation);
        if (kept.length < letters && !outsideQuota) await deps.quota.refund(tx, agent.userId, now, letters - kept.length);
        await recordChanges(
          tx,
          agent.userId,
          'jobItem',
          kept.map((r) => r.itemId),
          now,
        );
        reserved.push(...kept);
      }
      return { reserved, examined };
    },
    { inTurn: agent.userId, lockingClaim: true },
  );
}

/** When the job was posted, as the marketplace said (null when it gave no readable time). */
const postedDate = (iso: string): Date | null => {
  const at = Date.parse(iso);
  return Number.isFinite(at) && at > 0 ? new Date(at) : null;
};

/** The item a reservation creates: in the `writing` stage under the reservation's claim. */
function reservedRow(
  agent: Agent,
  job: ScoredJob,
  itemId: string,
  token: string,
  assignment: Assignment,
  now: Date,
  writeMs: number,
): ReservedRow {
  return {
    id: itemId,
    userId: agent.userId,
    agentId: agent.id,
    platform: agent.platform,
    externalId: job.externalId,
    title: job.title,
    clientName: job.clientName,
    client: job.client,
    status: 'processing',
    stage: 'writing',
    ...jobItemClaims.opened(token, now, writeMs),
    budget: budgetText(job),
    experienceLevel: job.experienceLevel,
    duration: job.duration,
    applyUrl: job.url,
    jobUrl: job.url,
    description: job.description,
    matchScore: job.matchScore,
    matchReason: job.matchReason,
    bidAmount: bidAmount(job, agent),
    bidCurrency: job.currency,
    bidPeriodDays: deliveryDays(job),
    jobType: job.type,
    budgetMin: job.minBudget,
    budgetMax: job.maxBudget,
    postedAt: postedDate(job.datePosted),
    bidCount: job.bidCount,
    promptTemplate: assignment.template,
    experimentId: assignment.experimentId,
    waitingShare: false,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates the items of a reservation pass, passing over those whose job the user already has (the
 * unique user, platform and job), and answers the ids created. PostgreSQL: one statement for the
 * pass (a round trip saved per job); SQLite: the prepared insert per item, which costs less in
 * process than building a statement of several rows.
 */
async function insertReserved(tx: Tx, rows: readonly ReservedRow[]): Promise<Set<string>> {
  const { jobItems } = tablesOf(tx);
  if (dialectOfDb(tx) === 'postgres' && rows.length > 1) {
    const created = await tx
      .insert(jobItems)
      .values([...rows])
      .onConflictDoNothing()
      .returning({ id: jobItems.id });
    return new Set(created.map((row) => row.id));
  }
  const created = new Set<string>();
  for (const row of rows) {
    const inserted = await preparedOnce(reserveStatements, tx, prepareReserve).get(row);
    if (inserted) created.add(inserted.id);
  }
  return created;
}

/**
 * Extends the claims of reserved items still to be written until `until`: the letters before them
 * were slow. An item whose claim was recovered meanwhile (the run was taken for dead) is left as it
 * is; its letter then finds it lost.
 */
export async function renewClaims(
  deps: Pick<PipelineDeps, 'store'>,
  userId: string,
  reserved: readonly Reserved[],
  until: Date,
): Promise<void> {
  await deps.store.tx(
    async (tx) => {
      for (const { token } of reserved) await jobItemClaims.renew(tx, token, until);
    },
    { inTurn: userId, lockingClaim: true },
  );
}

/** The user a reservation is for: their time zone (as stored) and their plan's limits, read once. */
export interface ReservingUser {
  timeZone: string | null;
  limits: PlanLimits;
}

type ReservedRow = Required<Pick<Tables['jobItems']['$inferInsert'], (typeof RESERVED_COLUMNS)[number]>>;

const RESERVED_COLUMNS = [
  'id',
  'userId',
  'agentId',
  'platform',
  'externalId',
  'title',
  'clientName',
  'client',
  'status',
  'stage',
  'claimToken',
  'claimUntil',
  'budget',
  'experienceLevel',
  'duration',
  'applyUrl',
  'jobUrl',
  'description',
  'matchScore',
  'matchReason',
  'bidAmount',
  'bidCurrency',
  'bidPeriodDays',
  'jobType',
  'budgetMin',
  'budgetMax',
  'postedAt',
  'bidCount',
  'promptTemplate',
  'experimentId',
  'waitingShare',
  'createdAt',
  'updatedAt',
] as const;

// The reserving insert, prepared once per connection: every column a placeholder of the same name.
const reserveStatements = new WeakMap<object, ReturnType<typeof prepareReserve>>();
const prepareReserve = (tx: Tx) => {
  const { jobItems } = tablesOf(tx);
  return tx
    .insert(jobItems)
    .values(
      Object.fromEntries(
        RESERVED_COLUMNS.map((column) => [column, sql.placeholder(column)]),
      ) as unknown as Tables['jobItems']['$inferInsert'],
    )
    .onConflictDoNothing()
    .returning({ id: jobItems.id })
    .prepare();
};

// The agent as it is when its letter is saved, read once per proposal: prepared once per connection.
const agentStatements = new WeakMap<object, ReturnType<typeof prepareAgent>>();
const prepareAgent = (tx: Tx) => {
  const { agents } = tablesOf(tx);
  return tx
    .select()
    .from(agents)
    .where(eq(agents.id, sql.placeholder('id')))
    .prepare();
};

/**
 * A written letter saved, as `writeJobItem` would with these fields (a new version, the letter's
 * field version stamped, the claim ended), prepared once: it runs for every proposal, and building
 * the update was a sixth of the runner's own time per agent. Only while the claim is ours.
 */
const letterStatements = new WeakMap<object, ReturnType<typeof prepareLetterSaves>>();
function prepareLetterSaves(tx: Tx) {
  const letter = {
    proposalRequirements: sql.placeholder('text'),
    writer: sql.placeholder('writer'),
    letterReview: sql.placeholder('review'),
    screeningAnswers: sql.placeholder('screening'),
    ...CLAIM_CLEARED,
  } as unknown as JobItemFields;
  const claimed = jobItemClaims.heldBy(tx, sql.placeholder('token'));
  return {
    /** `manualSend`: Upwork without proposal rights, where the user sends it once approved. */
    draft: prepareJobItemWrite(
      tx,
      { ...letter, status: 'draft', stage: null, manualSend: sql.placeholder('manualSend') as unknown as boolean },
      claimed,
    ),
    /** Its auto-send agent was paused while it was written: held with the time it was to go out. */
    held: prepareJobItemWrite(
      tx,
      { ...letter, status: 'draft', stage: null, heldByPause: true, sendAfter: sql.placeholder('sendAfter') as unknown as Date },
      claimed,
    ),
    queued: prepareJobItemWrite(
      tx,
      { ...letter, status: 'processing', stage: 'queued', sendAfter: sql.placeholder('sendAfter') as unknown as Date },
      claimed,
    ),
  };
}

export function budgetText(job: Job): string | null {
  if (job.minBudget === null && job.maxBudget === null) return null;
  const range =
    job.minBudget !== null && job.maxBudget !== null && job.minBudget !== job.maxBudget
      ? `${job.minBudget} - ${job.maxBudget}`
      : String(job.minBudget ?? job.maxBudget);
  return `${range} ${job.currency}${job.type === 'hourly' ? '/h' : ''}`;
}

/** `returned`: the writer failed (the service's fault, not the job's): the job went back to the pool for a later run. */
export type LetterOutcome = 'draft' | 'queued' | 'failed' | 'lost' | 'returned';

/**
 * Writes the letter of a reserved item and settles it under the reservation's claim: a draft
 * (review first, a paused agent, a job with red flags, or an Upwork proposal the user sends by hand) or queued to go out
 * at `sendAfter` (auto-send of an active agent). When the writing service fails (down, an error
 * status, a timeout, a rate limit, a refused key: `serviceFailure`), the job goes back to the pool
 * (`returnToPool`), `onServiceFailure` is told, and a later run writes it; when the writer refuses
 * the job's own text, the letter is refunded and the item fails with the reason. A claim recovered
 * meanwhile (`lost`) changes nothing. `resume` gives the user's résumé details, read once per run.
 */
export async function writeReservedLetter(
  deps: PipelineDeps,
  agent: Agent,
  profile: User,
  job: Job,
  reservation: Reserved,
  session: MarketplaceSession | null,
  sendAfter: Date,
  resume: () => Promise<ResumeDetails | null>,
  hooks: {
    onServiceFailure?: (failure: ServiceFailure) => void;
    /** Inside the transaction that saved the letter, given it (Run now's progress is written with it). */
    onSaved?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<LetterOutcome> {
  const { store, clock } = deps;
  const { itemId, token } = reservation;
  const item = { id: itemId, userId: agent.userId, agentId: agent.id };
  const guard = jobItemClaims.heldBy(store.db, token);
  let written: { text: string; writer: 'ai' | 'offline'; screeningAnswers?: ScreeningAnswer[]; concern?: string };
  let proofs: PickedProof[] = [];
  let screeningQuestions: string[] = [];
  // The writer gets the bid the letter is sent with, so the two always agree.
  const bid = {
    amount: bidAmount(job, agent),
    currency: job.currency,
    hourly: job.type === 'hourly',
    ...(job.type === 'fixed' ? { periodDays: deliveryDays(job) } : {}),
  };
  try {
    // The résumé fills the placeholders the agent leaves empty (work history, education, …).
    const input = withResumeDetails({ agent: agentForAssignment(agent, reservation.assignment), profile, job, bid }, await resume());
    // The proof the letter cites: the user's own material most like this job, nothing else.
    proofs = pickProofs(job, proofCandidates(await proofMaterial(store.db, agent.userId, input)));
    screeningQuestions = await screeningOf(deps, agent, job, session);
    written = await withRetry(() => deps.writer.write({ ...input, proofs, screeningQuestions }), deps.retry);
  } catch (error) {
    const failure = serviceFailure(error);
    if (failure) {
      hooks.onServiceFailure?.(failure);
      return (await returnToPool(deps, agent.userId, [reservation])) > 0 ? 'returned' : 'lost';
    }
    const reason = error instanceof Error ? error.message : String(error);
    const failed = await store.tx(
      async (tx) => {
        const done = await writeJobItem(tx, item, { status: 'failed', stage: null, lastError: reason, ...CLAIM_CLEARED }, clock.now(), {
          guard,
          activity: 'proposal_failed',
          data: { reason },
        });
        if (done) {
          if (!isFlagged(reservation.job) && !reservation.waiting) await deps.quota.refund(tx, agent.userId, reservation.takenAt);
          await deps.notifier.notify(agent.userId, 'proposal_failed', {
            title: job.title,
            body: reason,
            url: proposalPath(agent.id, itemId),
            jobItemId: itemId,
          });
        }
        return done;
      },
      { inTurn: agent.userId },
    );
    return failed ? 'failed' : 'lost';
  }

  const manualSend = agent.platform === 'upwork' && !deps.marketplaces.upwork.adapter.canPlaceProposals(session);
  // Nothing goes out alone that a careful freelancer would not send: a letter failing its check, or
  // one from the offline writer, waits for the user's tap.
  // The post's questions and its lines addressed to an AI, read as the writer read them.
  const questions = extractQuestions(job.description);
  const injected = instructionsToAi(job.description);
  // Every screening question gets its answer, or an empty one the check holds for the user.
  const screeningAnswers: ScreeningAnswer[] = screeningQuestions.map((question) => ({
    question,
    answer: written.screeningAnswers?.find((a) => a.question === question)?.answer.trim() ?? '',
  }));
  const check = await letterCheck(store.db, agent, profile, job, written.text, questions, injected, screeningAnswers);
  // The model's own judgment of the job: a concern holds the letter for the user, beside the red flags.
  if (written.concern) check.problems.push({ code: 'writerConcern', words: written.concern });
  const reviewFirst = written.writer !== 'ai' || check.problems.length > 0;
  const review: LetterReview = {
    problems: check.problems,
    questions: questions.map((q) => q.text),
    injected,
    proofs: proofs.map(({ source, text }) => ({ source, text })),
  };
  const now = clock.now();
  // SERIALIZABLE, unlike the reservation: a pause of the agent committing meanwhile reads the
  // agent's queued items from its snapshot, so only the two transactions' conflict (one of them is
  // run again) keeps this letter from being queued for an agent that was just paused.
  const outcome = await store.tx(
    async (tx): Promise<LetterOutcome> => {
      // The agent as it is now: paused or switched to review while the letter was written holds it.
      const row = await preparedOnce(agentStatements, tx, prepareAgent).get({ id: agent.id });
      const current = row ? toAgentDto(row) : undefined;
      // A flagged job is never sent on its own: it waits as a draft, with its flags, for the user's choice.
      // A waiting one is drafted and told now; its agent's share, when it refills, sends the best of them.
      const sendable = !isFlagged(reservation.job) && !reviewFirst && !manualSend && current?.sendMode === 'auto' && !reservation.waiting;
      const send = sendable && current?.status === 'active';
      const saves = preparedOnce(letterStatements, tx, prepareLetterSaves);
      const letter = { token, text: written.text, writer: written.writer, review, screening: screeningAnswers };
      if (send) {
        if (!(await writePreparedJobItem(tx, saves.queued, item, { ...letter, sendAfter }, now))) return 'lost';
        await hooks.onSaved?.(tx);
        return 'queued';
      }
      // Its auto-send agent paused meanwhile: held with its plan, to go out when the agent resumes.
      const [statement, values] =
        sendable && current?.status === 'paused' ? [saves.held, { ...letter, sendAfter }] : [saves.draft, { ...letter, manualSend }];
      if (!(await writePreparedJobItem(tx, statement, item, values, now, { activity: 'draft_waiting' }))) return 'lost';
      await hooks.onSaved?.(tx);
      await deps.notifier.notify(agent.userId, 'draft_waiting', {
        title: job.title,
        body: written.text.slice(0, 140),
        url: proposalPath(agent.id, itemId),
        jobItemId: itemId,
      });
      return 'draft';
    },
    { inTurn: agent.userId },
  );
  return outcome;
}

/** Sent letters read for proof: the latest ones, those that drew a reply first. */
const PROOF_LETTERS = 40;
const OUTCOME_RANK: Record<string, number> = { hired: 0, interview: 1, replied: 2 };

/**
 * What the user's own proof is drawn from for one letter: the agent's (or profile's, or résumé's)
 * work history, portfolio, testimonials, catalog and other experience as the prompt has them, and
 * the user's own sent letters with what came of them. Only this user's rows.
 */
async function proofMaterial(db: Db, userId: string, input: PromptInput): Promise<ProofMaterial> {
  const { jobItems } = tablesOf(db);
  const sent = await db
    .select({ letter: jobItems.proposalRequirements, outcome: jobItems.outcome })
    .from(jobItems)
    .where(and(eq(jobItems.userId, userId), eq(jobItems.status, 'completed'), isNotNull(jobItems.proposalRequirements)))
    .orderBy(desc(jobItems.sentAt))
    .limit(PROOF_LETTERS);
  const letters = sent
    .map((row) => ({
      text: row.letter ?? '',
      outcome: (row.outcome === 'hired' || row.outcome === 'interview' || row.outcome === 'replied'
        ? row.outcome
        : 'sent') as Proof['outcome'],
    }))
    .sort((a, b) => (OUTCOME_RANK[a.outcome ?? ''] ?? 3) - (OUTCOME_RANK[b.outcome ?? ''] ?? 3));
  const values = placeholderValues(input);
  return {
    workHistory: values.upworkWorkHistory,
    portfolio: values.upworkPortfolio,
    testimonials: values.upworkTestimonials,
    projectCatalog: values.upworkProjectCatalog,
    otherExperiences: values.upworkOtherExperiences,
    letters,
  };
}

/**
 * Gives reserved jobs back to the pool, each while its reservation's claim is still ours: the item
 * goes (its tombstone syncs), the letter taken from the quota is refunded, and the job is new to the
 * next run's search again, as a crashed run's reservations are (recovery.ts). Answers how many went back.
 */
export async function returnToPool(
  deps: Pick<PipelineDeps, 'store' | 'clock' | 'quota'>,
  userId: string,
  reserved: readonly Reserved[],
): Promise<number> {
  if (reserved.length === 0) return 0;
  const now = deps.clock.now();
  return deps.store.tx(
    async (tx) => {
      const { jobItems } = tablesOf(tx);
      let returned = 0;
      for (const reservation of reserved) {
        const gone = await tx
          .delete(jobItems)
          .where(and(eq(jobItems.id, reservation.itemId), jobItemClaims.heldBy(tx, reservation.token)))
          .returning({ id: jobItems.id });
        if (gone.length === 0) continue;
        await recordChange(tx, userId, 'jobItem', reservation.itemId, now, true);
        if (!isFlagged(reservation.job) && !reservation.waiting) await deps.quota.refund(tx, userId, reservation.takenAt);
        returned++;
      }
      return returned;
    },
    { inTurn: userId },
  );
}

/** The user's letters compared for near-copies: their latest ones. */
const RECENT_LETTERS = 10;

/** The letter check of a freshly written letter, against the post, the user's profile and their latest letters. */
async function letterCheck(
  db: Db,
  agent: Agent,
  profile: User,
  job: Job,
  letter: string,
  questions: PostQuestion[],
  injected: string[],
  screening: ScreeningAnswer[],
): Promise<LetterCheck> {
  const { jobItems } = tablesOf(db);
  const recent = await db
    .select({ letter: jobItems.proposalRequirements })
    .from(jobItems)
    .where(and(eq(jobItems.userId, agent.userId), isNotNull(jobItems.proposalRequirements)))
    .orderBy(desc(jobItems.updatedAt))
    .limit(RECENT_LETTERS);
  return checkLetter({
    letter,
    platform: agent.platform,
    post: { title: job.title, description: job.description, skills: job.skills },
    questions,
    profileSkills: [...profile.skills, ...agent.skills],
    allowedLinks: profile.portfolioLinks,
    recentLetters: recent.map((r) => r.letter ?? '').filter(Boolean),
    injected,
    screening,
  });
}

/**
 * The job's screening questions (Upwork; none elsewhere), read before its letter is written. A
 * marketplace that cannot tell now leaves the letter without them: the user sees the job's own
 * questions when sending it by hand, and a refused send comes back as a draft.
 */
async function screeningOf(deps: PipelineDeps, agent: Agent, job: Job, session: MarketplaceSession | null): Promise<string[]> {
  const adapter = deps.marketplaces[agent.platform].adapter;
  if (!session || !adapter.screeningQuestions) return [];
  try {
    return await withRetry(() => adapter.screeningQuestions!(session, job.externalId), deps.retry);
  } catch (error) {
    deps.log.warn('could not read the screening questions', { platform: agent.platform, job: job.externalId, error: String(error) });
    return [];
  }
}
