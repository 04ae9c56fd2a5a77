import { bidStats, DURATION_LABELS, type JobDuration, type SandboxProject } from '../../sandbox/projects';
import { hasTerm, searchWordsOf, type SearchText } from '../../sandbox/text-search';

export interface IntRange {
  rangeStart?: number | null;
  rangeEnd?: number | null;
}

/** `MarketplaceJobPostingsSearchFilter`: every key the reference lists. */
export interface UpworkJobFilter {
  searchExpression_eq?: string | null;
  titleExpression_eq?: string | null;
  skillExpression_eq?: string | null;
  searchTerm_eq?: {
    andTerms_all?: string[] | null;
    orTerms_any?: string[] | null;
    exactTerms_any?: string[] | null;
    excludeTerms_any?: string[] | null;
  } | null;
  categoryIds_any?: string[] | null;
  subcategoryIds_any?: string[] | null;
  occupationIds_any?: string[] | null;
  ontologySkillIds_all?: string[] | null;
  jobType_eq?: 'HOURLY' | 'FIXED' | null;
  duration_eq?: JobDuration | null;
  duration_any?: JobDuration[] | null;
  workload_eq?: 'FULL_TIME' | 'PART_TIME' | 'AS_NEEDED' | 'NOT_SURE' | null;
  experienceLevel_eq?: 'ENTRY_LEVEL' | 'INTERMEDIATE' | 'EXPERT' | null;
  hourlyRate_eq?: IntRange | null;
  budgetRange_eq?: IntRange | null;
  clientHiresRange_eq?: IntRange | null;
  proposalRange_eq?: IntRange | null;
  verifiedPaymentOnly_eq?: boolean | null;
  previousClients_eq?: boolean | null;
  locations_any?: string[] | null;
  daysPosted_eq?: number | null;
  pagination_eq?: { first: number; after?: string | null } | null;
}

export type SortField = 'RECENCY' | 'RELEVANCE' | 'CLIENT_TOTAL_CHARGE' | 'CLIENT_RATING';

export class SearchInputError extends Error {}

export const DEFAULT_PAGE = 10;
export const MAX_PAGE = 50;

/**
 * A partial Lucene expression: words must all match (AND is implied), `OR` between words makes
 * alternatives, `"quoted phrases"` match as a whole and `-word` / `NOT word` excludes.
 */
export function matchesExpression(text: SearchText, expression: string): boolean {
  const tokens = expression.match(/-?"[^"]*"|\S+/g) ?? [];
  const groups: string[][] = [[]];
  const excluded: string[] = [];
  let negateNext = false;
  let orNext = false;
  for (const raw of tokens) {
    if (raw === 'AND' || raw === '&&') continue;
    if (raw === 'OR' || raw === '||') {
      orNext = true;
      continue;
    }
    if (raw === 'NOT') {
      negateNext = true;
      continue;
    }
    const negative = negateNext || raw.startsWith('-');
    const word = raw.replace(/^-/, '').replace(/^"|"$/g, '').replace(/[()]/g, '').toLowerCase().trim();
    negateNext = false;
    if (!word) continue;
    if (negative) excluded.push(word);
    else if (orNext && groups.length > 0) groups[groups.length - 1]!.push(word);
    else groups.push([word]);
    orNext = false;
  }
  if (excluded.some((w) => hasTerm(text, w))) return false;
  return groups.filter((g) => g.length > 0).every((alternatives) => alternatives.some((w) => hasTerm(text, w)));
}

const inRange = (value: number, range: IntRange) =>
  (range.rangeStart == null || value >= range.rangeStart) && (range.rangeEnd == null || value <= range.rangeEnd);
const overlapsRange = (lo: number, hi: number, range: IntRange) =>
  (range.rangeStart == null || hi >= range.rangeStart) && (range.rangeEnd == null || lo <= range.rangeEnd);

function relevance(project: SandboxProject, terms: readonly string[]): number {
  let score = 0;
  for (const term of terms) {
    if (hasTerm(project.titleText, term)) score += 3;
    if (hasTerm(project.skillsText, term)) score += 2;
    if (hasTerm(project.text, term)) score += 1;
  }
  return score;
}

/** The words and phrases a filter searches for, for relevance ordering. */
function searchedTerms(f: UpworkJobFilter): string[] {
  const term = f.searchTerm_eq;
  return [
    ...(f.searchExpression_eq ? searchWordsOf(f.searchExpression_eq.replace(/\b(AND|OR|NOT)\b/g, ' ')) : []),
    ...(term?.andTerms_all ?? []),
    ...(term?.orTerms_any ?? []),
    ...(term?.exactTerms_any ?? []),
  ];
}

/**
 * Runs the search. Rates and budgets constrain only jobs of their own kind (hourly rate → hourly,
 * budget → fixed). `pagination_eq.after` is a numeric offset, as on the real service.
 */
export function searchJobs(
  list: SandboxProject[],
  filter: UpworkJobFilter | null | undefined,
  sort: SortField,
  nowMs: number,
): { total: number; offset: number; page: SandboxProject[] } {
  const f = filter ?? {};
  const first = f.pagination_eq?.first ?? DEFAULT_PAGE;
  if (!Number.isInteger(first) || first < 0) throw new SearchInputError('pagination_eq.first must be a positive number');
  const limit = Math.min(MAX_PAGE, first);
  const after = f.pagination_eq?.after;
  if (after != null && after !== '' && !/^\d+$/.test(after)) throw new SearchInputError(`Invalid pagination cursor: ${after}`);
  const offset = after ? Number(after) : 0;
  const durations = new Set([...(f.duration_any ?? []), ...(f.duration_eq ? [f.duration_eq] : [])]);
  const categories = new Set((f.categoryIds_any ?? []).map(String));
  const locations = new Set((f.locations_any ?? []).map((l) => l.toLowerCase()));
  const term = f.searchTerm_eq;
  const searched = searchedTerms(f);
  const matched: Array<{ project: SandboxProject; score: number }> = [];
  for (const p of list) {
    if (f.searchExpression_eq && !matchesExpression(p.text, f.searchExpression_eq)) continue;
    if (f.titleExpression_eq && !matchesExpression(p.titleText, f.titleExpression_eq)) continue;
    if (f.skillExpression_eq && !matchesExpression(p.skillsText, f.skillExpression_eq)) continue;
    if (term) {
      // Each term is a word or a phrase: all of andTerms_all, at least one of orTerms_any and of exactTerms_any, none of excludeTerms_any.
      if (term.andTerms_all?.some((w) => !hasTerm(p.text, w))) continue;
      if (term.orTerms_any?.length && !term.orTerms_any.some((w) => hasTerm(p.text, w))) continue;
      if (term.exactTerms_any?.length && !term.exactTerms_any.some((w) => hasTerm(p.text, w))) continue;
      if (term.excludeTerms_any?.some((w) => hasTerm(p.text, w))) continue;
    }
    if (categories.size > 0 && !categories.has(String(p.category.id))) continue;
    if (f.jobType_eq && f.jobType_eq !== (p.type === 'fixed' ? 'FIXED' : 'HOURLY')) continue;
    if (durations.size > 0 && !durations.has(p.duration)) continue;
    if (f.workload_eq && f.workload_eq !== p.workload) continue;
    if (f.experienceLevel_eq && f.experienceLevel_eq !== p.experienceLevel) continue;
    if (f.hourlyRate_eq && p.type === 'hourly') {
      if (p.hourlyBudgetType === 'NOT_PROVIDED') continue;
      if (!overlapsRange(p.budgetMinUsd, p.budgetMaxUsd ?? p.budgetMinUsd, f.hourlyRate_eq)) continue;
    }
    if (f.budgetRange_eq && p.type === 'fixed' && !inRange(p.budgetMinUsd, f.budgetRange_eq)) continue;
    if (f.clientHiresRange_eq && !inRange(p.client.hires, f.clientHiresRange_eq)) continue;
    if (f.proposalRange_eq && !inRange(bidStats(p, nowMs).count, f.proposalRange_eq)) continue;
    if (f.verifiedPaymentOnly_eq && !p.client.paymentVerified) continue;
    if (locations.size > 0 && !locations.has(p.client.country.name.toLowerCase()) && !locations.has(p.client.country.code)) continue;
    if (f.daysPosted_eq != null && nowMs - p.postedAt > f.daysPosted_eq * 86_400_000) continue;
    matched.push({ project: p, score: sort === 'RELEVANCE' ? relevance(p, searched) : 0 });
  }
  // The list arrives newest first (RECENCY); the sort is stable.
  if (sort === 'RELEVANCE') matched.sort((a, b) => b.score - a.score);
  else if (sort === 'CLIENT_TOTAL_CHARGE') matched.sort((a, b) => b.project.client.totalSpentUsd - a.project.client.totalSpentUsd);
  else if (sort === 'CLIENT_RATING') matched.sort((a, b) => b.project.client.rating - a.project.client.rating);
  return { total: matched.length, offset, page: matched.slice(offset, offset + limit).map((m) => m.project) };
}

const money = (amount: number, currency = 'USD') => ({
  rawValue: amount.toFixed(1),
  currency,
  displayValue: `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
});

/** A search result node as Upwork's GraphQL gives it. */
export function jobNode(p: SandboxProject, nowMs: number) {
  const posted = new Date(p.postedAt).toISOString();
  const hourly = p.type === 'hourly' && p.hourlyBudgetType !== 'NOT_PROVIDED';
  return {
    id: p.id,
    ciphertext: p.ciphertext,
    title: p.title,
    description: p.description,
    createdDateTime: posted,
    publishedDateTime: posted,
    renewedDateTime: null,
    amount: money(p.type === 'fixed' ? p.budgetMinUsd : 0),
    hourlyBudgetType: p.type === 'hourly' ? p.hourlyBudgetType : null,
    hourlyBudgetMin: hourly ? money(p.budgetMinUsd) : null,
    hourlyBudgetMax: hourly ? money(p.budgetMaxUsd ?? p.budgetMinUsd) : null,
    experienceLevel: p.experienceLevel,
    duration: p.duration,
    durationLabel: DURATION_LABELS[p.duration],
    engagement: p.engagement,
    totalApplicants: bidStats(p, nowMs).count,
    category: p.category.name,
    subcategory: p.skills[0]!.name,
    skills: p.skills.map((s) => ({ name: s.seo.replace(/-/g, '_'), prettyName: s.name })),
    applied: false,
    enterprise: false,
    relevanceEncoded: null,
    client: {
      totalHires: p.client.hires,
      totalPostedJobs: p.client.postedJobs,
      totalReviews: p.client.reviews,
      totalFeedback: p.client.rating,
      verificationStatus: p.client.paymentVerified ? 'VERIFIED' : null,
      totalSpent: money(p.client.totalSpentUsd),
      location: { country: p.client.country.name, city: p.client.city, timezone: p.client.country.timezone, state: null },
      companyName: null,
    },
  };
}
