import type { RiskFlag } from '../../schemas/job';
import type { AnalysedJob } from '../analyse';
import { clientFlags } from './client';
import { phraseFlags } from './phrases';
import { readPost } from './post';
import { budgetFlags } from './scope';

/**
 * Red flags and client risk of a job: a pure, explained assessment, each flag with the post's own
 * words that raised it (or the numbers, for scope, price per item and client signals). Read once
 * per analysed job (every agent whose page holds it reads the same). The knowledge is data:
 * `phrases.data.ts` (the words, per family and language), `scope.data.ts` (deliverables and
 * per-item floors per trade), `client.ts` (the client rules).
 */

const assessed = new WeakMap<AnalysedJob, RiskFlag[]>();

export function assessRisk(job: AnalysedJob): RiskFlag[] {
  let flags = assessed.get(job);
  if (flags) return flags;
  const post = readPost(`${job.job.title}\n${job.job.description}`);
  flags = [...phraseFlags(post), ...budgetFlags(job, post), ...clientFlags(job.job.client)];
  assessed.set(job, flags);
  return flags;
}
