import type { RiskFlag } from '../../schemas/job';
import type { AnalysedJob } from '../analyse';
import { RISK_PHRASES, type PhraseCode } from './phrases.data';

/**
 * Red flags and client risk of a job: a pure, explained assessment, each flag with the post's own
 * words that raised it. Read once per analysed job (every agent whose page holds it reads the same).
 */

const compiled: Array<{ code: PhraseCode; pattern: RegExp }> = Object.entries(RISK_PHRASES).flatMap(([code, byLanguage]) =>
  Object.values(byLanguage).flatMap((sources) =>
    sources.map((source) => ({ code: code as PhraseCode, pattern: new RegExp(source, 'iu') })),
  ),
);

const QUOTE_MAX = 120;

/** The words that matched, with a little of what surrounds them, cut at sentence ends. */
function quoteAround(text: string, index: number, length: number): string {
  const start = Math.max(0, text.lastIndexOf('\n', index) + 1, index - 30);
  const end = Math.min(text.length, index + length + 30);
  let quote = text.slice(start, end).replace(/\s+/g, ' ').trim();
  if (quote.length > QUOTE_MAX) quote = `${quote.slice(0, QUOTE_MAX - 1)}…`;
  return quote;
}

const assessed = new WeakMap<AnalysedJob, RiskFlag[]>();

export function assessRisk(job: AnalysedJob): RiskFlag[] {
  let flags = assessed.get(job);
  if (flags) return flags;
  flags = [];
  const text = `${job.job.title}\n${job.job.description}`;
  for (const { code, pattern } of compiled) {
    if (flags.some((f) => f.code === code)) continue;
    const hit = pattern.exec(text);
    if (hit) flags.push({ code, quote: quoteAround(text, hit.index, hit[0].length) });
  }
  assessed.set(job, flags);
  return flags;
}
