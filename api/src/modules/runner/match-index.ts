import { MAX_POINTS, type AnalysedJob, type CompiledProfile } from '@shared/scoring';
import { GENERIC_WORD_WEIGHT } from '@shared/matching/text';

/**
 * Scan once, match many: a new job is scored only against the agents it can possibly match.
 *
 * What a job and a profile can meet on (`shared/src/matching/score.ts`), each as a key:
 * - `s:<id>`: a skill of the vocabulary (the canonical id that a Freelancer.com job's `jobs[]` and
 *   an Upwork job's skills resolve to when the job is analysed), one the profile covers;
 * - `l:<name>`: a skill the vocabulary does not know, written the same in the job and the profile;
 * - `h:<word>`: the head word of such a skill (a profile's "manual testing" meets a job's "web testing");
 * - `t:<token>`: the first word of a profile's unknown skill, anywhere in the job's text;
 * - `w:<stem>`: a telling word of the profile's title, in the job's title or description.
 *
 * A job that shares no key with a profile has no coverage and no relevance for it: its fit is at
 * most 0, so its score is at most the marketplace signals' ceiling plus the learned points
 * (`UNMATCHED_CEILING`); everyday words of trade are keys only where what they alone can add
 * might lift a job to the floor. An agent whose floor is above that ceiling can never draft it, and it is
 * not scored; agents with a lower floor, and profiles with nothing to match on (no skills and no
 * telling words: every job gets the same "unknown" fit), see every job, as before.
 *
 * The index maps each key to the agents whose profile holds it; it lives in the runner process and
 * is kept up to date as agents run (an agent's entry is replaced when its profile or floor changes).
 * A job's agents are worked out once, from the keys of its analysis, the first time an agent asks
 * about it; an agent whose entry changed since is checked against the job's keys directly.
 */

/** The marketplace signals' ceiling in a score (`score.ts`: quality is clamped to −15…+10). */
const QUALITY_CEILING = 10;
/** The highest score a job can have for a profile it shares no key with. */
export const UNMATCHED_CEILING = QUALITY_CEILING + MAX_POINTS;

/**
 * The most fit a profile's everyday words of trade ("developer", "expert") alone can give a job
 * (`score.ts` `relevance`: each word at most 1.5 × its weight × (K1 + 1) of evidence; the fit at
 * most 85 × 0.9 of the relevance when the job names no skill).
 */
function genericCeiling(words: number): number {
  const K1 = 1.2;
  const RELEVANCE_SCALE = 4;
  const FIT_SCALE = 85;
  const evidence = words * 1.5 * GENERIC_WORD_WEIGHT * (K1 + 1);
  return FIT_SCALE * 0.9 * (1 - Math.exp(-evidence / RELEVANCE_SCALE));
}

/** Whether the profile's fit depends on the job at all (`score.ts`: `judged`). */
const judged = (profile: CompiledProfile) => profile.hasSkills || profile.words.some((w) => w.weight > GENERIC_WORD_WEIGHT);

/**
 * The keys a profile can meet a job on (see above). Its everyday words of trade are left out when
 * `floor` is above what they can give with the ceiling of a job sharing nothing else (a "React
 * developer" at 55 is not asked about every job that says "development").
 */
export function profileKeys(profile: CompiledProfile, floor: number): string[] {
  const keys = new Set<string>();
  for (const [id, cover] of profile.cover) if (cover.strength > 0) keys.add(`s:${id}`);
  for (const literal of profile.literals) {
    keys.add(`l:${literal.tokens.join(' ')}`);
    if (literal.tokens.length > 0) keys.add(`t:${literal.tokens[0]}`);
  }
  for (const head of profile.heads.keys()) keys.add(`h:${head}`);
  const generic = profile.words.filter((word) => word.weight <= GENERIC_WORD_WEIGHT);
  const skipGeneric = floor > UNMATCHED_CEILING + genericCeiling(generic.length);
  for (const word of profile.words) if (!(skipGeneric && word.weight <= GENERIC_WORD_WEIGHT)) keys.add(`w:${word.stem}`);
  return [...keys].sort();
}

const keysOfJob = new WeakMap<AnalysedJob, Set<string>>();

/** The keys a job can meet a profile on, worked out once per analysis. */
export function jobKeys(job: AnalysedJob): Set<string> {
  let keys = keysOfJob.get(job);
  if (keys) return keys;
  keys = new Set<string>();
  const skill = (id: string) => {
    if (!id.startsWith('literal:')) return void keys!.add(`s:${id}`);
    const name = id.slice('literal:'.length);
    keys!.add(`l:${name}`);
    const words = name.split(' ');
    if (words.length > 1) keys!.add(`h:${words[words.length - 1]}`);
  };
  for (const s of job.skills) skill(s.id);
  for (const option of job.mainOptions) skill(option.skill.id);
  for (const id of job.mentions.keys()) skill(id);
  for (const token of job.titleTokens) keys.add(`t:${token}`);
  for (const token of job.descTokens) keys.add(`t:${token}`);
  for (const tag of job.tagTokens) if (tag.length > 0) keys.add(`t:${tag[0]}`);
  for (const stem of job.titleWords.keys()) keys.add(`w:${stem}`);
  for (const stem of job.descWords.keys()) keys.add(`w:${stem}`);
  keysOfJob.set(job, keys);
  return keys;
}

interface AgentEntry {
  /** Sees every job (a floor at or under the ceiling, or nothing to match on). */
  all: boolean;
  keys: string[];
  /** The index's version when the entry was last changed. */
  changedAt: number;
  /** When the agent last ran (ms), to forget agents that no longer run. */
  seenAt: number;
}

/** Agents not run for this long are forgotten (deleted, paused for good): their next run adds them again. */
const FORGET_AFTER_MS = 2 * 86_400_000;

/** The process's index from skill ids (and words) to agents (see above). */
export class MatchIndex {
  private readonly postings = new Map<string, Set<string>>();
  private readonly agents = new Map<string, AgentEntry>();
  private readonly reached = new WeakMap<AnalysedJob, { at: number; agents: Set<string> }>();
  private version = 0;
  private sweptAt = 0;

  /** The agents indexed (for tests and metrics). */
  get size(): number {
    return this.agents.size;
  }

  /** Puts the agent's profile and floor in the index (replacing what it held) before it asks about jobs. */
  update(agentId: string, profile: CompiledProfile, floor: number, nowMs: number): void {
    // (An unknown skill of no words would be found in every job: such a profile sees every job.)
    const all = !judged(profile) || floor <= UNMATCHED_CEILING || profile.literals.some((l) => l.tokens.length === 0);
    const keys = all ? [] : profileKeys(profile, floor);
    const known = this.agents.get(agentId);
    if (known && known.all === all && known.keys.length === keys.length && known.keys.every((key, i) => key === keys[i])) {
      known.seenAt = nowMs;
      return;
    }
    if (known) this.remove(agentId, known);
    this.version++;
    this.agents.set(agentId, { all, keys, changedAt: this.version, seenAt: nowMs });
    for (const key of keys) {
      let agents = this.postings.get(key);
      if (!agents) this.postings.set(key, (agents = new Set()));
      agents.add(agentId);
    }
    if (nowMs - this.sweptAt >= FORGET_AFTER_MS / 2) this.sweep(nowMs);
  }

  /** Whether the job can reach the agent's floor, so it must be scored (an agent not indexed: yes). */
  reaches(agentId: string, job: AnalysedJob): boolean {
    const entry = this.agents.get(agentId);
    if (!entry || entry.all) return true;
    let reached = this.reached.get(job);
    if (!reached) {
      const agents = new Set<string>();
      for (const key of jobKeys(job)) {
        const posting = this.postings.get(key);
        if (posting) for (const id of posting) agents.add(id);
      }
      this.reached.set(job, (reached = { at: this.version, agents }));
    }
    if (entry.changedAt <= reached.at) return reached.agents.has(agentId);
    // Changed (or added) since the job's agents were worked out: its own keys decide.
    const keys = jobKeys(job);
    return entry.keys.some((key) => keys.has(key));
  }

  private remove(agentId: string, entry: AgentEntry): void {
    for (const key of entry.keys) {
      const agents = this.postings.get(key);
      agents?.delete(agentId);
      if (agents?.size === 0) this.postings.delete(key);
    }
    this.agents.delete(agentId);
  }

  private sweep(nowMs: number): void {
    this.sweptAt = nowMs;
    for (const [agentId, entry] of this.agents) if (nowMs - entry.seenAt >= FORGET_AFTER_MS) this.remove(agentId, entry);
  }
}
