import type { RiskFlag } from '../../schemas/job';
import type { AnalysedJob } from '../analyse';
import { clientFlags } from './client';
import { conceptFlags } from './concepts';
import { learnedFlag, scopeFlag } from './learned';
import { phraseFlags } from './phrases';
import type { PhraseCode } from './phrases.data';
import { readPost } from './post';
import { budgetFlags } from './scope';

/**
 * Red flags and client risk of a job: a pure, explained assessment, each flag with the post's own
 * words that raised it (or the numbers, for scope, price per item and client signals). Read once
 * per analysed job (every agent whose page holds it reads the same). The knowledge is data:
 * `phrases.data.ts` (the words, per family and language), `concepts.data.ts` (the ideas that meet in
 * one sentence, whatever the words), `scope.data.ts` (deliverables and
 * per-item floors per trade), `client.ts` (the client rules).
 */

const assessed = new WeakMap<AnalysedJob, RiskFlag[]>();

export function assessRisk(job: AnalysedJob): RiskFlag[] {
  let flags = assessed.get(job);
  if (flags) return flags;
  const post = readPost(`${job.job.title}\n${job.job.description}`);
  const phrases = phraseFlags(post);
  const concepts = conceptFlags(post, new Set(phrases.map((flag) => flag.code as PhraseCode)));
  // What no rule named, the learned model may still read (risk/learned.ts).
  const learned = phrases.length === 0 && concepts.length === 0 ? learnedFlag(post) : null;
  // A budget the post says is open, or ad spend with the fee apart, is no measure of the work (scope.data.ts).
  const { flags: budget, budgetIsPay } = budgetFlags(job, post);
  // Work far beyond its money that no table of deliverables names, read by the scope model.
  const scope = budget.length === 0 && budgetIsPay ? scopeFlag(post, job.job.type, job.maxUsd ?? job.minUsd) : null;
  flags = [
    ...phrases,
    ...concepts,
    ...(learned ? [learned] : []),
    ...budget,
    ...(scope ? [scope] : []),
    ...clientFlags(job.job.client, job.job.datePosted, post),
  ];
  assessed.set(job, flags);
  return flags;
}
