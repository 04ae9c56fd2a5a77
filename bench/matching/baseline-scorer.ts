import type { Job } from '@shared/schemas/job';

/* Today's scorer (before the skill vocabulary), kept verbatim as the benchmark's baseline. */

/** What a job is scored against: the user's profile and, when scoring for an agent, its settings. */
export interface MatchProfile {
  skills: readonly string[];
  /** Profile or agent title, e.g. "Senior React developer". */
  title?: string;
  overview?: string;
  /** Lowest hourly rate the freelancer takes, in USD. */
  minHourlyUsd?: number;
  /** Smallest fixed budget worth bidding on, in USD. */
  minFixedUsd?: number;
}

/** One reason a score is what it is, for the one-line explanation (translated by the PWA). */
export type MatchFactor =
  | { code: 'skills'; matched: string[]; total: number }
  | { code: 'noSkills' }
  | { code: 'title'; overlap: number }
  | { code: 'budgetFits' }
  | { code: 'budgetLow' }
  | { code: 'budgetUnknown' }
  | { code: 'clientVerified' }
  | { code: 'clientUnverified' }
  | { code: 'clientRating'; rating: number };

export interface MatchResult {
  score: number;
  reason: string;
  factors: MatchFactor[];
}

const WEIGHTS = { skills: 50, title: 25, budget: 15, client: 10 } as const;

const STOP_WORDS = new Set(
  'a an and are as at be by for from have i in is it need needed of on or our the to we with you your looking want expert developer project job work'.split(
    ' ',
  ),
);

/** Lower case, without punctuation that does not change meaning ("Node.js" ~ "nodejs"). */
export function normalizeTerm(term: string): string {
  return term
    .toLowerCase()
    .replace(/[.\-_/\s]+/g, '')
    .trim();
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

function stem(word: string): string {
  return word.replace(/(ing|ers|er|es|s)$/u, '');
}

/**
 * A 0–100 match of a job against a profile: skills (50), title words (25), budget fit (15) and
 * client quality (10), with the factors behind it. Pure and cheap: the runner scores every job it
 * finds.
 */
export function scoreJob(job: Job, profile: MatchProfile): MatchResult {
  const factors: MatchFactor[] = [];
  const text = `${job.title} ${job.description}`;
  const textTerms = new Set(words(text).map(normalizeTerm));
  const jobSkills = new Map(job.skills.map((s) => [normalizeTerm(s), s]));
  const profileSkills = [...new Map(profile.skills.map((s) => [normalizeTerm(s), s])).entries()].filter(([key]) => key);

  // Skills: the share of the job's skills the freelancer has; without listed skills, the share of
  // the freelancer's skills the text mentions.
  let skillPoints = 0;
  if (profileSkills.length === 0) {
    factors.push({ code: 'noSkills' });
  } else if (jobSkills.size > 0) {
    const matched = profileSkills.filter(([key]) => jobSkills.has(key)).map(([key]) => jobSkills.get(key)!);
    skillPoints = (WEIGHTS.skills * matched.length) / jobSkills.size;
    factors.push({ code: 'skills', matched, total: jobSkills.size });
  } else {
    const matched = profileSkills.filter(([key]) => textTerms.has(key)).map(([, skill]) => skill);
    skillPoints = (WEIGHTS.skills * Math.min(matched.length, 3)) / 3;
    factors.push({ code: 'skills', matched, total: Math.min(profileSkills.length, 3) });
  }

  // Title: the profile title's words found in the job's title (stemmed).
  let titlePoints: number;
  const titleWords = [...new Set(words(profile.title ?? '').map(stem))];
  if (titleWords.length > 0) {
    const jobWords = new Set(words(job.title).map(stem));
    const overlap = titleWords.filter((w) => jobWords.has(w)).length / titleWords.length;
    titlePoints = WEIGHTS.title * overlap;
    if (overlap > 0) factors.push({ code: 'title', overlap: Math.round(overlap * 100) });
  } else {
    titlePoints = WEIGHTS.title / 2;
  }

  // Budget: does the job pay at least what the freelancer asks?
  let budgetPoints = WEIGHTS.budget / 2;
  const floor = job.type === 'hourly' ? profile.minHourlyUsd : profile.minFixedUsd;
  const offered = job.budgetUsd;
  if (offered === null || offered === undefined) {
    factors.push({ code: 'budgetUnknown' });
  } else if (!floor || offered >= floor) {
    budgetPoints = WEIGHTS.budget;
    factors.push({ code: 'budgetFits' });
  } else {
    budgetPoints = WEIGHTS.budget * Math.max(0, offered / floor) * 0.5;
    factors.push({ code: 'budgetLow' });
  }

  // Client: payment verified, rating.
  let clientPoints = WEIGHTS.client / 2;
  const { paymentVerified, rating } = job.client;
  if (paymentVerified !== null) {
    clientPoints = paymentVerified ? 6 : 0;
    factors.push({ code: paymentVerified ? 'clientVerified' : 'clientUnverified' });
  }
  if (rating !== null && rating !== undefined) {
    clientPoints += rating >= 4.5 ? 4 : rating >= 4 ? 2 : 0;
    if (rating >= 4) factors.push({ code: 'clientRating', rating });
  } else if (paymentVerified !== null) {
    clientPoints += 2;
  }

  const score = Math.max(0, Math.min(100, Math.round(skillPoints + titlePoints + budgetPoints + Math.min(clientPoints, WEIGHTS.client))));
  return { score, factors, reason: describeFactors(factors) };
}

/** The one-line reason in English (the PWA renders `factors` in the user's language). */
export function describeFactors(factors: readonly MatchFactor[]): string {
  const parts: string[] = [];
  for (const f of factors) {
    if (f.code === 'skills')
      parts.push(
        f.matched.length
          ? `matches ${f.matched.length} of ${f.total} skills (${f.matched.slice(0, 3).join(', ')})`
          : 'none of your skills listed',
      );
    else if (f.code === 'noSkills') parts.push('add skills to your profile for better matches');
    else if (f.code === 'title') parts.push('title fits yours');
    else if (f.code === 'budgetFits') parts.push('budget fits');
    else if (f.code === 'budgetLow') parts.push('budget below your rate');
    else if (f.code === 'budgetUnknown') parts.push('budget not given');
    else if (f.code === 'clientVerified') parts.push('payment verified');
    else if (f.code === 'clientUnverified') parts.push('payment not verified');
    else if (f.code === 'clientRating') parts.push(`client rated ${f.rating.toFixed(1)}`);
  }
  const line = parts.join('; ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** Jobs with their scores, best first (ties: newest first). */
export function rankJobs<T extends Job>(
  jobs: readonly T[],
  profile: MatchProfile,
): Array<T & { matchScore: number; matchReason: string; matchFactors: MatchFactor[] }> {
  return jobs
    .map((job) => {
      const { score, reason, factors } = scoreJob(job, profile);
      return { ...job, matchScore: score, matchReason: reason, matchFactors: factors };
    })
    .sort((a, b) => b.matchScore - a.matchScore || b.datePosted.localeCompare(a.datePosted));
}
