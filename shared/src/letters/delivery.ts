import type { Job } from '../schemas/job';
import { budgetInUsd } from '../matching/analyse';

/**
 * The delivery period a fixed-price bid is sent with: the post's own timeline when it states one
 * ("within 3 weeks", "en 10 días", "sous 2 semaines"), else the marketplace's duration, else a period
 * that grows with the size of the budget. Never one fixed figure for a three-week launch and a
 * $9,000 build alike.
 */
const UNIT_DAYS: Array<[RegExp, number]> = [
  [/^(?:days?|business days?|working days?|d[ií]as?|jours?|dias?|tage?n?|hari|дн(?:ей|я|и)?|天|दिन|দিন|أيام|يوم)$/iu, 1],
  [/^(?:weeks?|semanas?|semaines?|wochen?|minggu|недел[ьяи]|周|星期|सप्ताह|হপ্তা|সপ্তাহ|أسابيع|أسبوع)$/iu, 7],
  [/^(?:months?|mes(?:es)?|mois|m[eê]s(?:es)?|monate?n?|bulan|месяц(?:а|ев)?|个月|月|महीने|মাস|أشهر|شهر)$/iu, 30],
];

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, a: 1, an: 1 };

/** "within 3 weeks", "in two days", "deadline: 10 days", "en 10 días", "в течение 2 недель". */
const TIMELINE = /(?<!\p{L})(\d{1,3}|one|two|three|four|five|six|ten|an?)\s*-?\s*(\p{L}+(?: days?)?)/giu;
const CONTEXT =
  /(?:within|in|deadline|timeline|done|finished|complete|deliver|delivered|delivery|turnaround|next|over|en|dans|em|innerhalb|dalam|в течение|за|内|में|মধ্যে|خلال)/iu;

function statedDays(text: string): number | null {
  let best: number | null = null;
  for (const match of text.matchAll(TIMELINE)) {
    const unit = UNIT_DAYS.find(([pattern]) => pattern.test(match[2]!.trim()));
    if (!unit) continue;
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    if (!CONTEXT.test(before)) continue;
    const count = /^\d+$/.test(match[1]!) ? Number(match[1]) : (NUMBER_WORDS[match[1]!.toLowerCase()] ?? 0);
    const days = count * unit[1];
    if (days > 0 && days <= 365 && (best === null || days < best)) best = days;
  }
  return best;
}

/** Upwork's durations (`WEEK`, `MONTH`, `QUARTER`, …, or their labels). */
function durationDays(duration: string | null): number | null {
  if (!duration) return null;
  const d = duration.toLowerCase();
  if (/less than (?:1|one) week|^week$/.test(d)) return 7;
  if (/less than (?:1|one) month|^month$/.test(d)) return 21;
  if (/1 to 3 months|^quarter$/.test(d)) return 45;
  return null;
}

export function deliveryDays(
  job: Pick<Job, 'title' | 'description' | 'duration' | 'minBudget' | 'maxBudget' | 'budgetUsd' | 'currency'>,
): number {
  const stated = statedDays(`${job.title}\n${job.description}`);
  if (stated !== null) return stated;
  const fromDuration = durationDays(job.duration);
  if (fromDuration !== null) return fromDuration;
  const { maxUsd } = budgetInUsd(job);
  if (maxUsd === null) return 7;
  if (maxUsd <= 100) return 3;
  if (maxUsd <= 500) return 7;
  if (maxUsd <= 2000) return 14;
  if (maxUsd <= 5000) return 21;
  return 30;
}
