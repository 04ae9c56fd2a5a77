import {
  AGENT_BOUNDS,
  type DURATIONS,
  type EXPERIENCE_LEVELS,
  type FREELANCER_LANGUAGES,
  type UPWORK_JOB_TYPES,
  type AgentPlatform,
} from '@shared/schemas/agent';
import { searchCriteriaSchema, type SearchCriteria } from '@shared/schemas/job';

/** The search form's slider bounds (part 2, section 9). */
export const SEARCH_BOUNDS = {
  upworkHourly: AGENT_BOUNDS.upworkHourly,
  upworkFixed: AGENT_BOUNDS.upworkFixed,
  freelancerBudget: AGENT_BOUNDS.freelancerBudget,
  freelancerHourly: AGENT_BOUNDS.freelancerHourly,
  pageLimit: { min: 1, max: 5 },
} as const;

export type UpworkJobType = (typeof UPWORK_JOB_TYPES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type Duration = (typeof DURATIONS)[number];
export type FreelancerLanguage = (typeof FREELANCER_LANGUAGES)[number];

/** What the form holds: every control's value, numbers possibly NaN while an input is empty. */
export interface SearchFormValues {
  title: string;
  platform: AgentPlatform | '';
  pageLimit: number;
  upworkJobType: UpworkJobType;
  upworkExperienceLevel: ExperienceLevel | '';
  upworkDuration: Duration | '';
  upworkHourly: [number, number];
  upworkFixed: [number, number];
  freelancerIsHourly: boolean;
  freelancerIsFixed: boolean;
  freelancerBudget: [number, number];
  freelancerHourly: [number, number];
  freelancerLanguage: FreelancerLanguage[];
}

/** The defaults: hourly 0–1000, fixed 0–5000, Freelancer budget from 0 with no maximum, Freelancer hourly 20–100, English. */
export const DEFAULT_SEARCH_FORM: SearchFormValues = {
  title: '',
  platform: '',
  pageLimit: 1,
  upworkJobType: 'any',
  upworkExperienceLevel: '',
  upworkDuration: '',
  upworkHourly: [SEARCH_BOUNDS.upworkHourly.min, SEARCH_BOUNDS.upworkHourly.max],
  upworkFixed: [SEARCH_BOUNDS.upworkFixed.min, SEARCH_BOUNDS.upworkFixed.max],
  freelancerIsHourly: true,
  freelancerIsFixed: true,
  freelancerBudget: [SEARCH_BOUNDS.freelancerBudget.min, SEARCH_BOUNDS.freelancerBudget.max],
  freelancerHourly: [20, 100],
  freelancerLanguage: ['en'],
};

export const REQUIRED_MESSAGE = 'Please fill out all the required fields';

/** A problem the form shows: an i18n key under `search.validation.` and the fields it concerns. */
export interface SearchFormProblem {
  key: 'required' | 'rangeOrder' | 'rangeBounds';
  fields: Array<keyof SearchFormValues>;
}

type Range = [number, number];
type Bounds = { min: number; max: number };

/**
 * A range as criteria bounds: an end at the slider's edge means "no limit" and is left out (so a
 * fixed maximum of 5000 does not hide bigger projects); NaN (an empty input) is left out too.
 */
function rangeBounds([low, high]: Range, bounds: Bounds): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  if (Number.isFinite(low) && low > bounds.min) out.min = low;
  if (Number.isFinite(high) && high < bounds.max) out.max = high;
  return out;
}

function rangeProblem([low, high]: Range, bounds: Bounds): SearchFormProblem['key'] | undefined {
  for (const n of [low, high]) if (Number.isFinite(n) && (n < bounds.min || n > bounds.max)) return 'rangeBounds';
  if (Number.isFinite(low) && Number.isFinite(high) && low > high) return 'rangeOrder';
  return undefined;
}

/**
 * The criteria the form's values mean, for the chosen platform only: Upwork's job type, experience,
 * duration and the range of the chosen job type (both for "any"); Freelancer's project types, the
 * budget range when fixed is on, the hourly range when hourly is on, and the languages. Unset
 * choices are left out (no filter). Not validated: see `validateSearchForm`.
 */
export function buildCriteria(values: SearchFormValues): Record<string, unknown> {
  const criteria: Record<string, unknown> = {
    title: values.title.trim(),
    platform: values.platform,
    pageLimit: Number.isFinite(values.pageLimit) ? values.pageLimit : 1,
  };
  if (values.platform === 'upwork') {
    criteria.upworkJobType = values.upworkJobType;
    if (values.upworkExperienceLevel) criteria.upworkExperienceLevel = values.upworkExperienceLevel;
    if (values.upworkDuration) criteria.upworkDuration = values.upworkDuration;
    if (values.upworkJobType !== 'fixed') {
      const { min, max } = rangeBounds(values.upworkHourly, SEARCH_BOUNDS.upworkHourly);
      if (min !== undefined) criteria.upworkMinRate = min;
      if (max !== undefined) criteria.upworkMaxRate = max;
    }
    if (values.upworkJobType !== 'hourly') {
      const { min, max } = rangeBounds(values.upworkFixed, SEARCH_BOUNDS.upworkFixed);
      if (min !== undefined) criteria.upworkMinFixedRate = min;
      if (max !== undefined) criteria.upworkMaxFixedRate = max;
    }
  } else if (values.platform === 'freelancer') {
    criteria.freelancerIsHourly = values.freelancerIsHourly;
    criteria.freelancerIsFixed = values.freelancerIsFixed;
    if (values.freelancerIsFixed) {
      const { min, max } = rangeBounds(values.freelancerBudget, SEARCH_BOUNDS.freelancerBudget);
      if (min !== undefined) criteria.freelancerMinBudget = min;
      if (max !== undefined) criteria.freelancerMaxBudget = max;
    }
    if (values.freelancerIsHourly) {
      // The Freelancer hourly slider starts at 1: its own edges are "no limit".
      const { min, max } = rangeBounds(values.freelancerHourly, SEARCH_BOUNDS.freelancerHourly);
      if (min !== undefined) criteria.freelancerHourlyRateMin = min;
      if (max !== undefined) criteria.freelancerHourlyRateMax = max;
    }
    if (values.freelancerLanguage.length) criteria.freelancerLanguage = [...new Set(values.freelancerLanguage)];
  }
  return criteria;
}

export type SearchFormResult = { ok: true; criteria: SearchCriteria } | { ok: false; problem: SearchFormProblem };

/**
 * Checks the form: title and platform first ('Please fill out all the required fields', the
 * specification's words), then the ranges of the chosen platform, then the shared schema.
 */
export function validateSearchForm(values: SearchFormValues): SearchFormResult {
  const missing: Array<keyof SearchFormValues> = [];
  if (!values.title.trim()) missing.push('title');
  if (values.platform !== 'upwork' && values.platform !== 'freelancer') missing.push('platform');
  if (missing.length) return { ok: false, problem: { key: 'required', fields: missing } };

  const ranges: Array<[keyof SearchFormValues, Range, Bounds, boolean]> =
    values.platform === 'upwork'
      ? [
          ['upworkHourly', values.upworkHourly, SEARCH_BOUNDS.upworkHourly, values.upworkJobType !== 'fixed'],
          ['upworkFixed', values.upworkFixed, SEARCH_BOUNDS.upworkFixed, values.upworkJobType !== 'hourly'],
        ]
      : [
          ['freelancerBudget', values.freelancerBudget, SEARCH_BOUNDS.freelancerBudget, values.freelancerIsFixed],
          ['freelancerHourly', values.freelancerHourly, SEARCH_BOUNDS.freelancerHourly, values.freelancerIsHourly],
        ];
  for (const [field, range, bounds, shown] of ranges) {
    if (!shown) continue;
    const key = rangeProblem(range, bounds);
    if (key) return { ok: false, problem: { key, fields: [field] } };
  }

  const parsed = searchCriteriaSchema.safeParse(buildCriteria(values));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = String(first?.path[0] ?? 'title');
    const known: Array<keyof SearchFormValues> = ['title', 'platform', 'pageLimit'];
    return {
      ok: false,
      problem: { key: 'required', fields: known.includes(field as keyof SearchFormValues) ? [field as keyof SearchFormValues] : ['title'] },
    };
  }
  return { ok: true, criteria: parsed.data };
}

/** The form's values for saved criteria (restoring the last search), over the defaults. */
export function formFromCriteria(criteria: Partial<SearchCriteria>): SearchFormValues {
  const d = DEFAULT_SEARCH_FORM;
  const pick = (n: number | undefined, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? n : fallback);
  return {
    ...d,
    title: criteria.title ?? '',
    platform: criteria.platform ?? '',
    pageLimit: pick(criteria.pageLimit, 1),
    upworkJobType: criteria.upworkJobType ?? d.upworkJobType,
    upworkExperienceLevel: criteria.upworkExperienceLevel ?? '',
    upworkDuration: criteria.upworkDuration ?? '',
    upworkHourly: [pick(criteria.upworkMinRate, d.upworkHourly[0]), pick(criteria.upworkMaxRate, d.upworkHourly[1])],
    upworkFixed: [pick(criteria.upworkMinFixedRate, d.upworkFixed[0]), pick(criteria.upworkMaxFixedRate, d.upworkFixed[1])],
    freelancerIsHourly: criteria.freelancerIsHourly ?? d.freelancerIsHourly,
    freelancerIsFixed: criteria.freelancerIsFixed ?? d.freelancerIsFixed,
    // A range that was searched with an end left out ("no limit") comes back at the slider's edge;
    // a range that was not part of the search comes back at its default.
    freelancerBudget:
      criteria.platform !== 'freelancer' || criteria.freelancerIsFixed === false
        ? d.freelancerBudget
        : [
            pick(criteria.freelancerMinBudget, SEARCH_BOUNDS.freelancerBudget.min),
            pick(criteria.freelancerMaxBudget, SEARCH_BOUNDS.freelancerBudget.max),
          ],
    freelancerHourly:
      criteria.platform !== 'freelancer' || criteria.freelancerIsHourly === false
        ? d.freelancerHourly
        : [
            pick(criteria.freelancerHourlyRateMin, SEARCH_BOUNDS.freelancerHourly.min),
            pick(criteria.freelancerHourlyRateMax, SEARCH_BOUNDS.freelancerHourly.max),
          ],
    freelancerLanguage: criteria.freelancerLanguage?.length ? [...criteria.freelancerLanguage] : d.freelancerLanguage,
  };
}
