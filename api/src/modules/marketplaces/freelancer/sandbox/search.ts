import { bidStats, isActive, updatedAtSeconds, type SandboxProject } from '../../sandbox/projects';
import { combinePositions, hasTerm, WordIndex } from '../../sandbox/text-search';

/** The query of `GET /projects/0.1/projects/{active|all}/`, parsed. */
export interface FreelancerSearchParams {
  query?: string;
  orSearch: boolean;
  jobs: number[];
  projectTypes: string[];
  minPrice?: number;
  maxPrice?: number;
  minHourlyRate?: number;
  maxHourlyRate?: number;
  minAvgPrice?: number;
  maxAvgPrice?: number;
  minAvgHourlyRate?: number;
  maxAvgHourlyRate?: number;
  countries: string[];
  languages: string[];
  fromTime?: number;
  toTime?: number;
  sortField?: string;
  reverseSort: boolean;
  limit: number;
  offset: number;
  projections: Set<string>;
}

export const PROJECTION_FLAGS = [
  'full_description',
  'job_details',
  'upgrade_details',
  'user_details',
  'user_avatar',
  'user_reputation',
  'user_employer_reputation',
  'user_country_details',
  'user_status',
  'location_details',
  'compact',
] as const;

export const SORT_FIELDS = ['time_updated', 'bid_count', 'bid_avg_usd', 'bid_enddate'] as const;

export class ParamError extends Error {}

const TRUE = new Set(['true', '1', 'True', 'yes']);

/** Reads the query the way Freelancer does: arrays as repeated `key[]`, booleans as `true`/`1`. */
export function parseSearchParams(url: URL): FreelancerSearchParams {
  const q = url.searchParams;
  const all = (key: string) =>
    [...q.getAll(`${key}[]`), ...q.getAll(key)]
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  const num = (key: string, opts: { int?: boolean; min?: number } = {}) => {
    const raw = q.get(key);
    if (raw === null || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || (opts.int && !Number.isInteger(value)) || (opts.min !== undefined && value < opts.min)) {
      throw new ParamError(`Invalid value for ${key}: ${raw}`);
    }
    return value;
  };
  const projectTypes = all('project_types').map((t) => t.toLowerCase());
  for (const type of projectTypes) if (type !== 'fixed' && type !== 'hourly') throw new ParamError(`Invalid project type: ${type}`);
  const jobs = all('jobs').map((j) => {
    if (!/^\d+$/.test(j)) throw new ParamError(`Invalid job id: ${j}`);
    return Number(j);
  });
  const sortField = q.get('sort_field') || undefined;
  if (sortField && !(SORT_FIELDS as readonly string[]).includes(sortField)) throw new ParamError(`Invalid sort_field: ${sortField}`);
  const projections = new Set(PROJECTION_FLAGS.filter((flag) => TRUE.has(q.get(flag) ?? '')));
  return {
    query: q.get('query')?.trim() || undefined,
    orSearch: TRUE.has(q.get('or_search_query') ?? ''),
    jobs,
    projectTypes,
    minPrice: num('min_price', { min: 0 }),
    maxPrice: num('max_price', { min: 0 }),
    minHourlyRate: num('min_hourly_rate', { min: 0 }),
    maxHourlyRate: num('max_hourly_rate', { min: 0 }),
    minAvgPrice: num('min_avg_price', { min: 0 }),
    maxAvgPrice: num('max_avg_price', { min: 0 }),
    minAvgHourlyRate: num('min_avg_hourly_rate', { min: 0 }),
    maxAvgHourlyRate: num('max_avg_hourly_rate', { min: 0 }),
    countries: all('countries').map((c) => c.toLowerCase()),
    languages: all('languages').map((l) => l.toLowerCase()),
    fromTime: num('from_time', { int: true, min: 0 }),
    toTime: num('to_time', { int: true, min: 0 }),
    sortField,
    reverseSort: TRUE.has(q.get('reverse_sort') ?? ''),
    limit: Math.min(100, num('limit', { int: true, min: 0 }) ?? 10),
    offset: num('offset', { int: true, min: 0 }) ?? 0,
    projections,
  };
}

/** The query's terms: space-separated, a "quoted phrase" kept whole. */
const terms = (query: string) => (query.match(/"[^"]+"|\S+/g) ?? []).map((t) => t.replace(/"/g, '').trim()).filter(Boolean);

/** Each project list's word index, built at its first search (the lists are kept per posting: projects.ts). */
const indexes = new WeakMap<SandboxProject[], WordIndex>();
function indexOf(list: SandboxProject[]): WordIndex {
  let index = indexes.get(list);
  if (!index) indexes.set(list, (index = new WordIndex(list.map((project) => project.text))));
  return index;
}

/** How well a project matches the query terms: title hits weigh most. */
function relevance(project: SandboxProject, words: string[]): number {
  let score = 0;
  for (const word of words) {
    if (hasTerm(project.titleText, word)) score += 3;
    if (hasTerm(project.skillsText, word)) score += 2;
    if (hasTerm(project.text, word)) score += 1;
  }
  return score;
}

/** Whether [lo, hi] (hi null: open) meets the bounds. */
const overlaps = (lo: number, hi: number | null, min?: number, max?: number) =>
  (min === undefined || hi === null || hi >= min) && (max === undefined || lo <= max);

/**
 * Applies every filter of the reference table. Budget bounds are in US dollars and constrain only
 * projects of their own kind (price → fixed, hourly rate → hourly), as do the average-bid bounds.
 */
export function searchProjects(
  list: SandboxProject[],
  p: FreelancerSearchParams,
  nowMs: number,
): { total: number; page: SandboxProject[] } {
  const words = p.query ? terms(p.query) : [];
  const fromMs = p.fromTime === undefined ? undefined : p.fromTime * 1000;
  const toMs = p.toTime === undefined ? undefined : p.toTime * 1000;
  const jobs = new Set(p.jobs);
  const scored: Array<{ project: SandboxProject; score: number }> = [];
  // With words, only the projects holding their words (the index) are looked at, in the list's order.
  const candidates =
    words.length > 0
      ? combinePositions(
          words.map((w) => indexOf(list).withWordsOf(w)),
          !p.orSearch,
        ).map((i) => list[i]!)
      : list;
  for (const project of candidates) {
    if (words.length > 0) {
      // Every word must match, or any one with or_search_query (external-apis.md); whole words only.
      const hits = words.filter((w) => hasTerm(project.text, w)).length;
      if (p.orSearch ? hits === 0 : hits < words.length) continue;
    }
    if (jobs.size > 0 && !project.skills.some((s) => jobs.has(s.id))) continue;
    if (p.projectTypes.length > 0 && !p.projectTypes.includes(project.type)) continue;
    if (project.type === 'fixed') {
      if (!overlaps(project.budgetMinUsd, project.budgetMaxUsd, p.minPrice, p.maxPrice)) continue;
    } else if (!overlaps(project.budgetMinUsd, project.budgetMaxUsd, p.minHourlyRate, p.maxHourlyRate)) continue;
    if (
      p.minAvgPrice !== undefined ||
      p.maxAvgPrice !== undefined ||
      p.minAvgHourlyRate !== undefined ||
      p.maxAvgHourlyRate !== undefined
    ) {
      const avgUsd = bidStats(project, nowMs).avg * project.currency.exchange_rate;
      const [min, max] = project.type === 'fixed' ? [p.minAvgPrice, p.maxAvgPrice] : [p.minAvgHourlyRate, p.maxAvgHourlyRate];
      if ((min !== undefined && avgUsd < min) || (max !== undefined && avgUsd > max)) continue;
    }
    if (p.countries.length > 0 && !p.countries.includes(project.client.country.code)) continue;
    if (p.languages.length > 0 && !p.languages.includes(project.language)) continue;
    if (fromMs !== undefined && project.postedAt < fromMs) continue;
    if (toMs !== undefined && project.postedAt > toMs) continue;
    scored.push({ project, score: words.length > 0 && !p.sortField ? relevance(project, words) : 0 });
  }
  // The list arrives newest first; Array#sort is stable, so ties keep that order.
  const sign = p.reverseSort ? 1 : -1;
  switch (p.sortField) {
    case 'time_updated':
      // Ascending by time of the last update; reverse_sort gives the newest first.
      scored.sort((a, b) => -sign * (updatedAtSeconds(a.project, nowMs) - updatedAtSeconds(b.project, nowMs)));
      break;
    case 'bid_count':
      scored.sort((a, b) => -sign * (bidStats(a.project, nowMs).count - bidStats(b.project, nowMs).count));
      break;
    case 'bid_avg_usd':
      scored.sort(
        (a, b) =>
          -sign *
          (bidStats(a.project, nowMs).avg * a.project.currency.exchange_rate -
            bidStats(b.project, nowMs).avg * b.project.currency.exchange_rate),
      );
      break;
    case 'bid_enddate':
      scored.sort((a, b) => -sign * (a.project.postedAt - b.project.postedAt));
      break;
    default:
      if (words.length > 0) scored.sort((a, b) => b.score - a.score);
  }
  return { total: scored.length, page: scored.slice(p.offset, p.offset + p.limit).map((s) => s.project) };
}

/** A project in Freelancer's JSON, shaped by the projection flags. */
export function projectJson(project: SandboxProject, nowMs: number, flags: Set<string>): Record<string, unknown> {
  const submitted = Math.floor(project.postedAt / 1000);
  const stats = bidStats(project, nowMs);
  const active = isActive(project, nowMs);
  const budget: Record<string, number> = { minimum: project.budgetMin };
  if (project.budgetMax !== null) budget.maximum = project.budgetMax;
  const json: Record<string, unknown> = {
    id: Number(project.id),
    owner_id: project.client.id,
    title: project.title,
    status: active ? 'active' : 'closed',
    sub_status: active ? null : 'closed_expired',
    seo_url: project.seoUrl,
    currency: project.currency,
    preview_description: project.previewDescription,
    deleted: false,
    nonpublic: false,
    hidebids: project.upgrades.sealed,
    type: project.type,
    bidperiod: 7,
    budget,
    hourly_project_info:
      project.type === 'hourly'
        ? { commitment: { hours: project.workload === 'FULL_TIME' ? 40 : 20, interval: 'week' }, duration_enum: 'unspecified' }
        : null,
    featured: project.upgrades.featured,
    urgent: project.upgrades.urgent,
    bid_stats: { bid_count: stats.count, bid_avg: stats.avg },
    time_submitted: submitted,
    submitdate: submitted,
    time_updated: updatedAtSeconds(project, nowMs),
    language: project.language,
    frontend_project_status: active ? 'open' : 'complete',
    hireme: false,
    local: false,
    negotiated: false,
    time_free_bids_expire: submitted + 7 * 86_400,
  };
  if (flags.has('full_description')) json.description = project.description;
  if (flags.has('job_details')) {
    json.jobs = project.skills.map((s) => ({
      id: s.id,
      name: s.name,
      category: { id: project.category.id, name: project.category.name },
      active_project_count: null,
      seo_url: s.seo,
      seo_info: null,
      local: false,
    }));
  }
  if (flags.has('upgrade_details')) json.upgrades = { ...project.upgrades, qualified: false, assisted: null, pf_only: false };
  if (flags.has('location_details')) json.location = { country: { name: project.client.country.name } };
  if (flags.has('compact')) for (const [key, value] of Object.entries(json)) if (value === null) delete json[key];
  return json;
}

/** The project owner in Freelancer's JSON (the `users` map of a search with `user_details`). */
export function ownerJson(project: SandboxProject, flags: Set<string>): Record<string, unknown> {
  const c = project.client;
  const user: Record<string, unknown> = {
    id: c.id,
    username: c.username,
    display_name: c.displayName,
    public_name: c.displayName,
    role: 'employer',
    chosen_role: 'employer',
    registration_date: c.registeredAt,
    limited_account: false,
    primary_currency: project.currency,
    location: {
      country: flags.has('user_country_details')
        ? { name: c.country.name, code: c.country.code, highres_flag_url: null, flag_url_cdn: null }
        : { name: c.country.name },
      city: c.city,
      timezone: { timezone: c.country.timezone },
    },
    status: {
      payment_verified: c.paymentVerified,
      email_verified: c.emailVerified,
      deposit_made: c.paymentVerified,
      profile_complete: true,
      phone_verified: c.paymentVerified,
      identity_verified: false,
    },
  };
  const history = {
    overall: c.rating,
    on_budget: c.rating,
    on_time: c.rating,
    positive: c.reviews === 0 ? 0 : Math.min(1, c.rating / 5),
    reviews: c.reviews,
    all: c.postedJobs,
    complete: c.hires,
    incomplete: 0,
  };
  if (flags.has('user_reputation'))
    user.reputation = { entire_history: history, last3months: history, last12months: history, user_id: c.id, role: 'employer' };
  if (flags.has('user_employer_reputation'))
    user.employer_reputation = { entire_history: history, last3months: history, last12months: history, user_id: c.id, role: 'employer' };
  if (flags.has('user_avatar')) {
    user.avatar = null;
    user.avatar_cdn = null;
  }
  return user;
}
