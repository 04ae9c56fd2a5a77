import { describe, expect, it } from 'vitest';
import { searchCriteriaSchema } from '@shared/schemas/job';
import { buildCriteria, DEFAULT_SEARCH_FORM, formFromCriteria, validateSearchForm, type SearchFormValues } from './search-criteria';

const form = (over: Partial<SearchFormValues>): SearchFormValues => ({ ...DEFAULT_SEARCH_FORM, ...over });

describe('the required fields', () => {
  it('asks for title and platform with the specification words', () => {
    expect(validateSearchForm(form({}))).toEqual({ ok: false, problem: { key: 'required', fields: ['title', 'platform'] } });
    expect(validateSearchForm(form({ title: '   ', platform: 'upwork' }))).toEqual({
      ok: false,
      problem: { key: 'required', fields: ['title'] },
    });
    expect(validateSearchForm(form({ title: 'React' }))).toEqual({ ok: false, problem: { key: 'required', fields: ['platform'] } });
  });
});

describe('Upwork criteria', () => {
  it('sends the job type, experience, duration and only the ranges of the chosen type', () => {
    const hourly = buildCriteria(
      form({
        title: ' React ',
        platform: 'upwork',
        upworkJobType: 'hourly',
        upworkExperienceLevel: 'expert',
        upworkDuration: 'ongoing',
        upworkHourly: [30, 80],
        upworkFixed: [500, 900],
      }),
    );
    expect(hourly).toEqual({
      title: 'React',
      platform: 'upwork',
      pageLimit: 1,
      upworkJobType: 'hourly',
      upworkExperienceLevel: 'expert',
      upworkDuration: 'ongoing',
      upworkMinRate: 30,
      upworkMaxRate: 80,
    });
    const fixed = buildCriteria(form({ title: 'Logo', platform: 'upwork', upworkJobType: 'fixed', upworkFixed: [500, 900] }));
    expect(fixed).toEqual({
      title: 'Logo',
      platform: 'upwork',
      pageLimit: 1,
      upworkJobType: 'fixed',
      upworkMinFixedRate: 500,
      upworkMaxFixedRate: 900,
    });
  });
  it('leaves out unset choices and slider edges ("no limit"), so big budgets are not hidden', () => {
    expect(buildCriteria(form({ title: 'x', platform: 'upwork', pageLimit: 3 }))).toEqual({
      title: 'x',
      platform: 'upwork',
      pageLimit: 3,
      upworkJobType: 'any',
    });
    expect(buildCriteria(form({ title: 'x', platform: 'upwork', upworkHourly: [0, 60], upworkFixed: [200, 5000] }))).toEqual({
      title: 'x',
      platform: 'upwork',
      pageLimit: 1,
      upworkJobType: 'any',
      upworkMaxRate: 60,
      upworkMinFixedRate: 200,
    });
  });
  it('passes the shared schema', () => {
    const result = validateSearchForm(form({ title: 'React', platform: 'upwork', upworkJobType: 'hourly', upworkHourly: [30, 80] }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(searchCriteriaSchema.parse(result.criteria)).toEqual(result.criteria);
  });
  it('refuses a minimum above the maximum of a shown range only', () => {
    expect(validateSearchForm(form({ title: 'x', platform: 'upwork', upworkJobType: 'hourly', upworkHourly: [90, 20] }))).toEqual({
      ok: false,
      problem: { key: 'rangeOrder', fields: ['upworkHourly'] },
    });
    expect(validateSearchForm(form({ title: 'x', platform: 'upwork', upworkJobType: 'fixed', upworkHourly: [90, 20] })).ok).toBe(true);
    expect(validateSearchForm(form({ title: 'x', platform: 'upwork', upworkFixed: [0, 9000] }))).toEqual({
      ok: false,
      problem: { key: 'rangeBounds', fields: ['upworkFixed'] },
    });
  });
});

describe('Freelancer criteria', () => {
  it('sends the project types, the budget when fixed is on, the hourly range when hourly is on, and the languages', () => {
    // By default no budget maximum: the slider starts at its "no limit" end.
    expect(buildCriteria(form({ title: 'Data entry', platform: 'freelancer' }))).toEqual({
      title: 'Data entry',
      platform: 'freelancer',
      pageLimit: 1,
      freelancerIsHourly: true,
      freelancerIsFixed: true,
      freelancerHourlyRateMin: 20,
      freelancerHourlyRateMax: 100,
      freelancerLanguage: ['en'],
    });
    expect(
      buildCriteria(
        form({
          title: 'x',
          platform: 'freelancer',
          freelancerIsHourly: false,
          freelancerBudget: [100, 5000],
          freelancerLanguage: ['en', 'fr', 'en'],
        }),
      ),
    ).toEqual({
      title: 'x',
      platform: 'freelancer',
      pageLimit: 1,
      freelancerIsHourly: false,
      freelancerIsFixed: true,
      freelancerMinBudget: 100,
      freelancerLanguage: ['en', 'fr'],
    });
  });
  it('never sends the other platform fields', () => {
    const c = buildCriteria(form({ title: 'x', platform: 'freelancer', upworkJobType: 'hourly', upworkExperienceLevel: 'entry' }));
    expect(Object.keys(c).some((k) => k.startsWith('upwork'))).toBe(false);
    const u = buildCriteria(form({ title: 'x', platform: 'upwork' }));
    expect(Object.keys(u).some((k) => k.startsWith('freelancer'))).toBe(false);
  });
  it('passes the shared schema', () => {
    const result = validateSearchForm(form({ title: 'Scraper', platform: 'freelancer', freelancerLanguage: ['en', 'de'] }));
    expect(result.ok).toBe(true);
  });
});

describe('restoring the form from saved criteria', () => {
  it('round-trips each platform', () => {
    for (const values of [
      form({
        title: 'React',
        platform: 'upwork',
        pageLimit: 2,
        upworkJobType: 'hourly',
        upworkExperienceLevel: 'expert',
        upworkDuration: 'short_term',
        upworkHourly: [30, 80],
      }),
      form({
        title: 'Scraper',
        platform: 'freelancer',
        freelancerIsHourly: false,
        freelancerBudget: [100, 800],
        freelancerLanguage: ['fr'],
      }),
    ]) {
      const result = validateSearchForm(values);
      expect(result.ok).toBe(true);
      if (result.ok) expect(buildCriteria(formFromCriteria(result.criteria))).toEqual(buildCriteria(values));
    }
  });
});
