import type { Job } from '@shared/schemas/job';
import type { AnalysedJob } from '@shared/scoring';
import { rateFilter, rateLimits } from '@shared/matching/rates';
import type { BenchProfile } from './load';

/**
 * The baseline the match score must beat: a plain keyword count with a rate filter, as a freelancer
 * would set up a saved search. A job's count is the number of the profile's skills and title words
 * found in its title, description or listed skills (whole words, case-insensitive); jobs outside the
 * profile's rates, and jobs with no keyword at all, are dropped; the rest rank by count, newest first
 * on ties. It knows nothing of skills' meanings, main skills or red flags.
 */

const STOP = new Set(
  'a an and are as at be by for from have i in is it of on or our the to we with you your senior junior expert freelance freelancer developer specialist'.split(
    ' ',
  ),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function keywords(profile: BenchProfile): RegExp[] {
  const terms = new Set<string>();
  for (const skill of profile.skills) if (skill.trim()) terms.add(skill.trim().toLowerCase());
  for (const word of (profile.title ?? '').toLowerCase().split(/[^\p{L}\p{N}+#.]+/u))
    if (word.length > 1 && !STOP.has(word)) terms.add(word);
  return [...terms].map((term) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, 'iu'));
}

export function keywordRateRank(jobs: readonly AnalysedJob[], profile: BenchProfile): Job[] {
  const patterns = keywords(profile);
  return jobs
    .flatMap((analysed) => {
      const { job } = analysed;
      if (rateFilter(analysed, rateLimits(profile, job.platform))) return [];
      const text = `${job.title}\n${job.description}\n${job.skills.join('\n')}`;
      const count = patterns.filter((p) => p.test(text)).length;
      return count > 0 ? [{ job, count, posted: Date.parse(job.datePosted) }] : [];
    })
    .sort((a, b) => b.count - a.count || b.posted - a.posted)
    .map((r) => r.job);
}
