import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, type Agent } from '@shared/schemas/agent';
import {
  fieldsFromSearchData,
  fieldsToSave,
  firstProblem,
  activeWindowKind,
  initialFormValues,
  profileFields,
  stepProblem,
  stepProblems,
  type AgentFormValues,
} from './agent-form';

const valid = (): AgentFormValues => ({
  ...initialFormValues({ platform: 'upwork' }),
  title: 'React developer',
  upworkFreelancerName: 'Ada',
  upworkProfileUrl: 'https://www.upwork.com/freelancers/~01',
  upworkWorkHistory: 'Ten years',
  skills: ['React'],
});

describe('step checks (the specification’s messages)', () => {
  it('step 1: title, proposals per day against the plan, times', () => {
    expect(stepProblem('basic', { ...valid(), title: 'A' })).toEqual({ key: 'titleMin', field: 'title' });
    expect(stepProblem('basic', { ...valid(), emailsPerDay: 0 })).toMatchObject({ key: 'emailsPerDayMin' });
    expect(stepProblem('basic', { ...valid(), emailsPerDay: Number.NaN })).toMatchObject({ key: 'emailsPerDayMin' });
    // 2.5 is not "less than 1": it is not a whole number.
    expect(stepProblem('basic', { ...valid(), emailsPerDay: 2.5 })).toMatchObject({ key: 'emailsPerDayWhole' });
    expect(stepProblem('basic', { ...valid(), emailsPerDay: 21 }, { maxPerDay: 20 })).toEqual({
      key: 'emailsPerDayMax',
      field: 'emailsPerDay',
      values: { n: 20 },
    });
    expect(stepProblem('basic', { ...valid(), emailsPerDay: 20 }, { maxPerDay: 20 })).toBeNull();
    expect(stepProblem('basic', { ...valid(), startTime: '9am' })).toMatchObject({ key: 'timeFormat', field: 'startTime' });
  });

  it('step 2 (Upwork): the three choices, then the range of the chosen job type', () => {
    expect(stepProblem('criteria', { ...valid(), upworkJobType: '' })).toMatchObject({ key: 'jobTypeRequired' });
    expect(stepProblem('criteria', { ...valid(), upworkExperienceLevel: '' })).toMatchObject({ key: 'experienceRequired' });
    expect(stepProblem('criteria', { ...valid(), upworkDuration: '' })).toMatchObject({ key: 'durationRequired' });
    expect(stepProblem('criteria', { ...valid(), upworkHourlyMinRate: 500, upworkHourlyMaxRate: 100 })).toMatchObject({
      key: 'rangeOrder',
      field: 'upworkHourlyMinRate',
    });
    // A fixed-price agent does not care about the hourly range.
    expect(stepProblem('criteria', { ...valid(), upworkJobType: 'fixed', upworkHourlyMinRate: 500, upworkHourlyMaxRate: 100 })).toBeNull();
    expect(stepProblem('criteria', { ...valid(), upworkJobType: 'fixed', upworkFixedMaxBudget: 6000 })).toMatchObject({
      key: 'outOfRange',
      values: { min: 0, max: 5000 },
    });
  });

  it('step 2: a minimum match score from 0 to 100, 55 by default', () => {
    expect(valid().minMatchScore).toBe(55);
    expect(stepProblem('criteria', { ...valid(), minMatchScore: 120 })).toMatchObject({
      key: 'outOfRange',
      field: 'minMatchScore',
      values: { min: 0, max: 100 },
    });
    expect(stepProblem('criteria', { ...valid(), minMatchScore: Number.NaN })).toMatchObject({ key: 'notANumber', field: 'minMatchScore' });
    expect(stepProblem('criteria', { ...valid(), minMatchScore: 52.5 })).toMatchObject({ key: 'outOfRange', field: 'minMatchScore' });
    expect(stepProblem('criteria', { ...valid(), minMatchScore: 0 })).toBeNull();
  });

  it('step 2 (Freelancer.com): hourly or fixed, and a language', () => {
    const freelancer = { ...valid(), platform: 'freelancer' as const };
    expect(stepProblem('criteria', { ...freelancer, freelancerIsHourly: false, freelancerIsFixed: false })).toMatchObject({
      key: 'freelancerType',
    });
    expect(stepProblem('criteria', { ...freelancer, freelancerLanguage: [] })).toMatchObject({ key: 'freelancerLanguage' });
    expect(stepProblem('criteria', { ...freelancer, freelancerHourlyRateMin: 0 })).toMatchObject({
      key: 'outOfRange',
      field: 'freelancerHourlyRateMin',
    });
    expect(stepProblem('criteria', freelancer)).toBeNull();
  });

  it('step 3 names every missing field at once, in the fields’ order', () => {
    const empty = { ...valid(), upworkFreelancerName: '', upworkProfileUrl: '', upworkWorkHistory: ' ', skills: [] };
    expect(stepProblems('profile', empty).map((p) => [p.field, p.key])).toEqual([
      ['upworkFreelancerName', 'fieldRequired'],
      ['upworkProfileUrl', 'fieldRequired'],
      ['upworkWorkHistory', 'fieldRequired'],
      ['skills', 'skillsRequired'],
    ]);
    expect(stepProblems('profile', valid())).toEqual([]);
    expect(firstProblem(empty)).toMatchObject({ step: 'profile', problem: { field: 'upworkFreelancerName' }, problems: { length: 4 } });
  });

  it('step 1 and 2 name every field with a problem too, one message per field', () => {
    expect(stepProblems('basic', { ...valid(), title: 'A', emailsPerDay: 0, startTime: '9am' }).map((p) => p.field)).toEqual([
      'title',
      'emailsPerDay',
      'startTime',
    ]);
    expect(
      stepProblems('criteria', { ...valid(), upworkJobType: '', upworkExperienceLevel: '', upworkDuration: '' }).map((p) => p.field),
    ).toEqual(['upworkJobType', 'upworkExperienceLevel', 'upworkDuration']);
  });

  it('step 3: name, profile URL, work history, a skill; step 4 optional', () => {
    expect(stepProblem('profile', { ...valid(), upworkFreelancerName: ' ' })).toEqual({
      key: 'fieldRequired',
      field: 'upworkFreelancerName',
    });
    expect(stepProblem('profile', { ...valid(), upworkProfileUrl: 'not a link' })).toMatchObject({ key: 'invalidUrl' });
    expect(stepProblem('profile', { ...valid(), skills: [] })).toMatchObject({ key: 'skillsRequired' });
    expect(stepProblem('advanced', valid())).toBeNull();
    expect(stepProblem('advanced', { ...valid(), upworkProfileTitle: 'x'.repeat(71) })).toMatchObject({
      key: 'tooLong',
      values: { max: 70 },
    });
    expect(firstProblem({ ...valid(), title: '' })).toMatchObject({ step: 'basic' });
    expect(firstProblem(valid())).toBeNull();
  });
});

describe('values in and out', () => {
  it('prefills from the search data, mapping its rate names to the sliders', () => {
    const data = JSON.stringify({
      title: 'Vue',
      name: 'Vue search',
      platform: 'upwork',
      upworkMinRate: 20,
      upworkMaxRate: 80,
      pageLimit: 2,
      junk: true,
      upworkJobType: 'weird',
    });
    expect(fieldsFromSearchData(data)).toEqual({
      title: 'Vue',
      name: 'Vue search',
      platform: 'upwork',
      upworkMinRate: 20,
      upworkMaxRate: 80,
      upworkHourlyMinRate: 20,
      upworkHourlyMaxRate: 80,
    });
    expect(fieldsFromSearchData('not json')).toBeUndefined();
    expect(fieldsFromSearchData(null)).toBeUndefined();
  });

  it('starts from the defaults capped by the plan, or from the agent being edited', () => {
    expect(initialFormValues({ platform: 'freelancer', maxPerDay: 2 })).toMatchObject({
      platform: 'freelancer',
      emailsPerDay: 2,
      startTime: '09:00',
    });
    const agent = { ...AGENT_DEFAULTS, id: 'a', name: 'N', title: 'T', platform: 'upwork', status: 'active' } as unknown as Agent;
    const values = initialFormValues({ agent });
    expect(values).toMatchObject({ name: 'N', title: 'T' });
    expect(values).not.toHaveProperty('status');
  });

  it('fills a new agent from the one profile, so its profile step needs nothing typed, and suggests the template from the skills', () => {
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      skills: ['React', 'TypeScript'],
      portfolioLinks: ['https://ada.dev/work'],
      profileTitle: 'Senior React engineer',
      profileOverview: 'I build dashboards.',
      workHistory: 'Eight years of React for start-ups.',
      portfolio: 'Checkout rebuild: twice as fast',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
      freelancerProfileUrl: 'https://www.freelancer.com/u/ada',
    };
    const upwork = initialFormValues({ platform: 'upwork', profile });
    expect(upwork).toMatchObject({
      upworkFreelancerName: 'Ada Lovelace',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
      upworkWorkHistory: 'Eight years of React for start-ups.',
      upworkProfileTitle: 'Senior React engineer',
      upworkOverview: 'I build dashboards.',
      upworkPortfolio: 'Checkout rebuild: twice as fast',
      skills: ['React', 'TypeScript'],
      portfolioLinks: ['https://ada.dev/work'],
      // A React developer does not start on a blank custom prompt.
      promptTemplate: 'web_development',
    });
    expect(upwork.prompt).toContain('{{jobDescription}}');
    expect(stepProblems('profile', { ...upwork, title: 'React developer' })).toEqual([]);
    // A Freelancer.com agent gets the Freelancer.com address; a title longer than an agent's 70 is left to the profile.
    expect(initialFormValues({ platform: 'freelancer', profile }).upworkProfileUrl).toBe('https://www.freelancer.com/u/ada');
    expect(profileFields({ ...profile, profileTitle: 'x'.repeat(80) }, 'upwork').upworkProfileTitle).toBe('');
    // Without skills that point anywhere, the agent starts blank, as before.
    expect(initialFormValues({ platform: 'upwork', profile: { ...profile, skills: ['Bookkeeping'] } })).toMatchObject({
      promptTemplate: 'custom',
      prompt: '',
    });
  });

  it('saves trimmed, unique values; an empty name takes the title; hidden empty numbers fall back', () => {
    const fields = fieldsToSave({
      ...valid(),
      name: ' ',
      title: ' React developer ',
      skills: ['React', 'react', ' Node '],
      upworkFixedMinBudget: Number.NaN,
      upworkJobType: 'hourly',
    });
    expect(fields).toMatchObject({ name: 'React developer', title: 'React developer', skills: ['React', 'Node'], upworkFixedMinBudget: 0 });
  });
});

describe('the active hours', () => {
  it('tells a window across midnight and an all-day one apart, as the runner reads them', () => {
    expect(activeWindowKind('09:00', '17:00')).toBe('day');
    expect(activeWindowKind('18:00', '09:00')).toBe('overnight');
    expect(activeWindowKind('08:00', '08:00')).toBe('allDay');
    expect(activeWindowKind('25:00', '09:00')).toBeNull();
  });
});
