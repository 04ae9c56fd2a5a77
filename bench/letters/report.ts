import { printTable } from '../support';
import type { Judgement } from './measure';
import type { PostResult, WriterName } from './pipeline';

/** The letter bench's printout: a row per post and writer, the totals side by side, and the faults. */

export interface Judged {
  result: PostResult;
  judgement: Judgement;
}

export type RunsByWriter = Record<WriterName, Judged[]>;

const WRITERS: WriterName[] = ['fake', 'offline'];

const PROBLEM_SHORT: Record<string, string> = {
  empty: 'empty',
  tooLong: 'long',
  markdown: 'md',
  placeholder: 'placeholder',
  contactDetails: 'contact',
  noOpeningReference: 'opening',
  unanswered: 'unanswered',
  wrongLanguage: 'lang',
  unclaimedSkill: 'skill',
  nearCopy: 'copy',
  instructionsInPost: 'ai-lines',
};

const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;

function row(j: Judged, writer: WriterName): string[] {
  const { result, judgement: g } = j;
  const q = g.questions;
  const instr = g.instructions;
  const sentAlone = g.decision === 'auto-send';
  const followedInLetter = count(instr, (i) => i.followedInLetter);
  const counts = new Map<string, number>();
  for (const p of result.review?.problems ?? []) counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
  const problems = [...counts].map(([code, n]) => `${PROBLEM_SHORT[code] ?? code}${n > 1 ? `×${n}` : ''}`);
  return [
    result.post.id,
    result.post.job.platform === 'freelancer' ? 'FL' : 'UP',
    result.post.label.language,
    writer,
    q.asked ? `${q.answered}/${q.asked} s${q.shown}${q.missed.length ? ` !${q.missed.length}` : ''}` : '-',
    g.screening.asked ? `${g.screening.answered}/${g.screening.asked}` : '-',
    instr.length
      ? `w${count(instr, (i) => i.followedByWriter)} l${followedInLetter} d${count(instr, (i) => i.detected)}/${instr.length}${followedInLetter && sentAlone ? ' SENT' : ''}`
      : '-',
    g.codeWords.length ? `${count(g.codeWords, (c) => c.included)}/${g.codeWords.length}` : '-',
    `${g.length}/${g.limit}${g.length > g.limit ? '!' : ''}${g.rawLength > g.limit ? ` raw${g.rawLength}` : ''}`,
    g.markdown.join(',') || '-',
    g.otherAmounts.length ? `other ${g.otherAmounts.join(',')}` : g.namesBid ? 'bid' : '-',
    [...g.contacts, ...g.offPlatform].join(' ').slice(0, 40) || '-',
    problems.join(',') || '-',
    g.decision === 'auto-send'
      ? 'AUTO-SEND'
      : g.decision === 'failed'
        ? `failed: ${g.reasons[0]?.slice(0, 40)}`
        : `held: ${
            g.reasons
              .filter((r) => r === 'offline writer' || r.startsWith('flag:') || r === 'manual send')
              .map((r) => r.replace(/^flag:/, '').replace('offline writer', 'offline'))
              .join(',') || 'check'
          }`,
  ];
}

export function printPosts(part: string, runs: RunsByWriter): void {
  console.log(`\n── ${part}: per post (a row per writer) ──`);
  const rows: string[][] = [];
  const posts = runs.fake.length;
  for (let i = 0; i < posts; i++) for (const writer of WRITERS) if (runs[writer][i]) rows.push(row(runs[writer][i]!, writer));
  printTable(
    [
      'post',
      'mkt',
      'lang',
      'writer',
      'questions',
      'screen',
      'AI lines',
      'code',
      'length',
      'md',
      'amount',
      'contact/off',
      'check problems',
      'decision',
    ],
    rows,
  );
}

interface Totals {
  [metric: string]: string;
}

function totals(judged: readonly Judged[], codes: readonly string[], holdReasons: readonly string[]): Totals {
  const g = judged.map((j) => j.judgement);
  const sum = (f: (x: Judgement) => number) => g.reduce((a, x) => a + f(x), 0);
  const alone = (x: Judgement) => x.decision === 'auto-send';
  const instr = g.flatMap((x) => x.instructions.map((i) => ({ ...i, alone: alone(x) })));
  const fl = g.filter((_, i) => judged[i]!.result.post.job.platform === 'freelancer');
  const up = g.filter((_, i) => judged[i]!.result.post.job.platform === 'upwork');
  const problems = new Map<string, number>();
  for (const j of judged) for (const p of j.result.review?.problems ?? []) problems.set(p.code, (problems.get(p.code) ?? 0) + 1);
  const reasons = new Map<string, number>();
  for (const x of g)
    if (x.decision === 'held') for (const r of new Set(x.reasons.map(reasonName))) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  const offlineAlone = count(judged, (j) => j.result.writer !== 'ai' && alone(j.judgement));
  const t: Totals = {
    'letters written (failed)': `${count(g, (x) => x.decision !== 'failed')} (${count(g, (x) => x.decision === 'failed')})`,
    'client questions asked': `${sum((x) => x.questions.asked)}`,
    '  answered in the letter': `${sum((x) => x.questions.answered)}`,
    '  shown on the draft (product found them)': `${sum((x) => x.questions.shown)}`,
    '  neither answered nor shown': `${sum((x) => x.questions.missed.length)}`,
    'Upwork screening questions: answered/asked': `${sum((x) => x.screening.answered)}/${sum((x) => x.screening.asked)}`,
    '  unanswered, sent without a tap': `${sum((x) => (alone(x) ? x.screening.asked - x.screening.answered : 0))}`,
    'lines instructing an AI (posts)': `${instr.length} (${count(g, (x) => x.instructions.length > 0)})`,
    '  detected by the product (shown, held)': `${count(instr, (i) => i.detected)}`,
    '  followed by the writer': `${count(instr, (i) => i.followedByWriter)}`,
    '  followed in the letter as sent': `${count(instr, (i) => i.followedInLetter)}`,
    '  followed and sent without a tap': `${count(instr, (i) => i.followedInLetter && i.alone)}`,
    "client's own code words included/asked": `${sum((x) => x.codeWords.filter((c) => c.included).length)}/${sum((x) => x.codeWords.length)}`,
    "writer's answer over the limit (before trim)": `${count(g, (x) => x.rawLength > x.limit)}`,
    'letters over the limit': `${count(g, (x) => x.length > x.limit)}`,
    'letters with markdown: Freelancer.com / Upwork': `${count(fl, (x) => x.markdown.length > 0)}/${fl.length} / ${count(up, (x) => x.markdown.length > 0)}/${up.length}`,
    'letters naming the bid': `${count(g, (x) => x.namesBid)}`,
    'letter and bid disagree (another amount)': `${count(g, (x) => x.otherAmounts.length > 0)}`,
    '  another amount, sent without a tap': `${count(g, (x) => x.otherAmounts.length > 0 && alone(x))}`,
    'contact details in letter or answers': `${count(g, (x) => x.contacts.length > 0)}`,
    '  contact details, sent without a tap': `${count(g, (x) => x.contacts.length > 0 && alone(x))}`,
    'off-platform offers (pay/talk outside)': `${count(g, (x) => x.offPlatform.length > 0)}`,
    '  off-platform, sent without a tap': `${count(g, (x) => x.offPlatform.length > 0 && alone(x))}`,
    'letters with check problems': `${count(g, (x) => x.problems.length > 0)}`,
  };
  for (const code of codes) t[`  ${code}`] = String(problems.get(code) ?? 0);
  t['decision: auto-send allowed'] = String(count(g, alone));
  t['decision: held for review'] = String(count(g, (x) => x.decision === 'held'));
  for (const reason of holdReasons) t[`  held: ${reason}`] = String(reasons.get(reason) ?? 0);
  t['offline-writer letters sent without a tap'] = String(offlineAlone);
  t['posts outside the agent (would not be drafted)'] = String(count(judged, (j) => j.result.outsideAgent));
  return t;
}

/** A hold reason as the totals count it (every red flag as one). */
const reasonName = (reason: string) => (reason.startsWith('flag:') ? 'red flag' : reason);

export function printTotals(part: string, runs: RunsByWriter): void {
  console.log(`\n── ${part}: totals (${runs.fake.length} posts) ──`);
  const all = WRITERS.flatMap((w) => runs[w]);
  const codes = [...new Set(all.flatMap((j) => (j.result.review?.problems ?? []).map((p) => p.code)))].sort();
  const reasons = [
    ...new Set(all.filter((j) => j.judgement.decision === 'held').flatMap((j) => j.judgement.reasons.map(reasonName))),
  ].sort();
  const byWriter = WRITERS.map((w) => totals(runs[w], codes, reasons));
  printTable(
    ['', 'fake (literal model)', 'offline writer'],
    Object.keys(byWriter[0]!).map((m) => [m, ...byWriter.map((t) => t[m] ?? '0')]),
  );
}

/** Letters that would go out without a person's tap although the bench faults them, and the reverse. */
export function printFaults(part: string, runs: RunsByWriter): void {
  const lines: string[] = [];
  for (const writer of WRITERS)
    for (const { result, judgement: g } of runs[writer]) {
      const faults: string[] = [];
      if (g.questions.missed.length) faults.push(`question neither answered nor shown: "${g.questions.missed[0]!.slice(0, 70)}"`);
      for (const i of g.instructions) if (i.followedInLetter) faults.push(`followed ${i.kind} line${i.detected ? '' : ' (not detected)'}`);
      if (g.length > g.limit) faults.push(`over the limit (${g.length}/${g.limit})`);
      if (result.post.job.platform === 'freelancer' && g.markdown.length)
        faults.push(`markdown on Freelancer.com (${g.markdown.join(',')})`);
      if (g.otherAmounts.length) faults.push(`names ${g.otherAmounts.join(', ')} but bids ${result.bid.amount} ${result.bid.currency}`);
      if (g.screening.answered < g.screening.asked)
        faults.push(`screening questions unanswered: ${g.screening.asked - g.screening.answered}/${g.screening.asked}`);
      if (g.contacts.length) faults.push(`contact details: ${g.contacts.join(' ')}`);
      if (g.offPlatform.length) faults.push(`off-platform: ${g.offPlatform.join(' ')}`);
      if (result.writer !== 'ai' && g.decision === 'auto-send') faults.push('offline letter sent alone');
      if (faults.length === 0) continue;
      const where = g.decision === 'auto-send' ? 'SENT ALONE' : g.decision;
      lines.push(`  ${where.padEnd(10)} ${writer.padEnd(7)} ${result.post.id}: ${faults.join('; ')}`);
    }
  console.log(`\n── ${part}: what the bench faults (SENT ALONE: the product would send it without a tap) ──`);
  if (lines.length === 0) console.log('  nothing');
  const sorted = lines.sort((a, b) => Number(b.includes('SENT ALONE')) - Number(a.includes('SENT ALONE')));
  for (const line of sorted) console.log(line);
}

/** What a writer was sent for one post, and what it answered before and after the product's conversion. */
export function printExchange(j: Judged, writer: WriterName, withPrompt = true): void {
  const record = j.result.record;
  console.log(`\n── the ${writer} writer's exchange for ${j.result.post.id} ──`);
  if (!record) {
    console.log('  (no request recorded)');
    return;
  }
  if (withPrompt) for (const message of record.messages) console.log(`[${message.role}]\n${message.content}\n`);
  else console.log('(the same prompt)');
  console.log(`[answer, finish_reason=${record.finishReason}, max_tokens=${record.maxTokens}]\n${record.content}\n`);
  console.log(
    `[letter as stored: ${j.judgement.decision}${j.judgement.reasons.length ? ` (${j.judgement.reasons.join(', ')})` : ''}]\n${j.result.letter}`,
  );
  for (const a of j.result.screeningAnswers) console.log(`  Q: ${a.question}\n  A: ${a.answer}`);
}
