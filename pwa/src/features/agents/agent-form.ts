import {
  AGENT_BOUNDS,
  AGENT_DEFAULTS,
  agentFieldsSchema,
  type Agent,
  type AgentFieldName,
  type AgentFields,
  type AgentPlatform,
} from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import { suggestTemplate } from '@shared/prompt-suggest';
import { PROMPT_TEMPLATE_TEXTS } from '@shared/prompt-templates';

/**
 * The wizard's values: every agent field. Numbers typed into inputs may be NaN while empty; the
 * step checks say so before anything is saved. The three step-2 choices may be '' ("Select…").
 */
export type AgentFormValues = Omit<AgentFields, 'upworkJobType' | 'upworkExperienceLevel' | 'upworkDuration'> & {
  upworkJobType: AgentFields['upworkJobType'] | '';
  upworkExperienceLevel: AgentFields['upworkExperienceLevel'] | '';
  upworkDuration: AgentFields['upworkDuration'] | '';
};

export const WIZARD_STEPS = ['basic', 'criteria', 'profile', 'advanced'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A step's first problem, as an i18n key under `agents.validation.` with its values. */
export interface StepProblem {
  key: string;
  values?: Record<string, string | number>;
  /** The field to focus (its label is `agents.fields.<field>`). */
  field: AgentFieldName;
}

const FIELD_NAMES = Object.keys(agentFieldsSchema.shape) as AgentFieldName[];

/**
 * The search's criteria saved in session storage (`jobSearchData`): only known agent fields of the
 * right shape are taken, the rest ignored. Undefined when there is nothing usable.
 */
export function fieldsFromSearchData(raw: string | null): Partial<AgentFields> | undefined {
  if (!raw) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    if (!(name in record)) continue;
    const parsed = agentFieldsSchema.shape[name].safeParse(record[name]);
    if (parsed.success) out[name] = parsed.data;
  }
  // The search names its rate ranges upworkMinRate…; the agent's sliders read the hourly/fixed pairs.
  const pairs: Array<[AgentFieldName, AgentFieldName]> = [
    ['upworkMinRate', 'upworkHourlyMinRate'],
    ['upworkMaxRate', 'upworkHourlyMaxRate'],
    ['upworkMinFixedRate', 'upworkFixedMinBudget'],
    ['upworkMaxFixedRate', 'upworkFixedMaxBudget'],
  ];
  for (const [from, to] of pairs) if (from in out && !(to in out)) out[to] = out[from];
  return Object.keys(out).length > 0 ? (out as Partial<AgentFields>) : undefined;
}

/** What the user's one freelancer profile (Settings, filled from the résumé) gives every new agent. */
export type AgentProfile = Pick<
  User,
  | 'firstName'
  | 'lastName'
  | 'skills'
  | 'portfolioLinks'
  | 'profileTitle'
  | 'profileOverview'
  | 'workHistory'
  | 'portfolio'
  | 'upworkProfileUrl'
  | 'freelancerProfileUrl'
>;

/** The profile's address on a marketplace ('' when not given). */
export const profileUrlFor = (profile: AgentProfile | undefined, platform: AgentPlatform): string =>
  (platform === 'upwork' ? profile?.upworkProfileUrl : profile?.freelancerProfileUrl) ?? '';

/**
 * The agent fields the profile fills: name, the platform's profile address, title (when it fits the
 * agent's 70 characters), overview, work history, portfolio, skills and links. The agent keeps its
 * own copy, which the user may change for that agent alone.
 */
export function profileFields(profile: AgentProfile | undefined, platform: AgentPlatform): Partial<AgentFields> {
  if (!profile) return {};
  const name = [profile.firstName, profile.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const title = (profile.profileTitle ?? '').trim();
  return {
    upworkFreelancerName: name.slice(0, 120),
    upworkProfileUrl: profileUrlFor(profile, platform),
    upworkProfileTitle: title.length <= AGENT_BOUNDS.profileTitleMax ? title : '',
    upworkOverview: profile.profileOverview ?? '',
    upworkWorkHistory: profile.workHistory ?? '',
    upworkPortfolio: profile.portfolio ?? '',
    skills: [...profile.skills],
    portfolioLinks: [...profile.portfolioLinks],
  };
}

/** The template (and its text) suggested by the agent's skills and keywords, as the prompt fields. */
export function suggestedPrompt(values: Pick<AgentFormValues, 'skills' | 'title'>): Pick<AgentFields, 'promptTemplate' | 'prompt'> {
  const template = suggestTemplate(values.skills, values.title);
  return { promptTemplate: template, prompt: PROMPT_TEMPLATE_TEXTS[template] };
}

/**
 * Wizard values kept while they are typed (the onboarding keeps them across reloads): each field
 * of the right type is taken, whatever it holds (a title still being typed); null for anything else.
 */
export function parseAgentDraft(raw: unknown): Partial<AgentFormValues> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const data = raw as Record<string, unknown>;
  const like: Record<string, unknown> = { ...AGENT_DEFAULTS, name: '', title: '', platform: 'upwork' };
  const out: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const value = data[name];
    const model = like[name];
    if (value === undefined) continue;
    if (name === 'experiment') {
      if (value === null) out[name] = null;
      continue;
    }
    if (Array.isArray(model) ? Array.isArray(value) && value.every((item) => typeof item === 'string') : typeof value === typeof model)
      out[name] = value;
  }
  if (out.platform !== undefined && out.platform !== 'upwork' && out.platform !== 'freelancer') delete out.platform;
  return Object.keys(out).length > 0 ? (out as Partial<AgentFormValues>) : null;
}

/**
 * The wizard's starting values: an agent being edited, or defaults with the profile's details, the
 * search's criteria on top, and the template the skills suggest.
 */
export function initialFormValues(input: {
  agent?: Agent | null;
  search?: Partial<AgentFields>;
  platform?: AgentPlatform;
  maxPerDay?: number;
  profile?: AgentProfile;
}): AgentFormValues {
  if (input.agent) {
    const values: Record<string, unknown> = {};
    for (const name of FIELD_NAMES) values[name] = input.agent[name];
    return values as AgentFormValues;
  }
  const perDay = Math.min(AGENT_DEFAULTS.emailsPerDay, input.maxPerDay ?? AGENT_DEFAULTS.emailsPerDay);
  const platform = input.search?.platform ?? input.platform ?? 'upwork';
  const values: AgentFormValues = {
    ...AGENT_DEFAULTS,
    emailsPerDay: Math.max(1, perDay),
    name: '',
    title: '',
    ...profileFields(input.profile, platform),
    platform,
    ...input.search,
  };
  return input.search?.promptTemplate || input.search?.prompt ? values : { ...values, ...suggestedPrompt(values) };
}

const isBlank = (value: string) => value.trim() === '';

function numberProblem(field: AgentFieldName, value: number, bounds: { min: number; max: number }): StepProblem | null {
  if (!Number.isFinite(value)) return { key: 'notANumber', field };
  if (value < bounds.min || value > bounds.max) return { key: 'outOfRange', field, values: { min: bounds.min, max: bounds.max } };
  return null;
}

function rangeProblem(
  [minField, maxField]: [AgentFieldName, AgentFieldName],
  values: AgentFormValues,
  bounds: { min: number; max: number },
): StepProblem | null {
  const low = values[minField] as number;
  const high = values[maxField] as number;
  const problem = numberProblem(minField, low, bounds) ?? numberProblem(maxField, high, bounds);
  if (problem) return problem;
  return low > high ? { key: 'rangeOrder', field: minField } : null;
}

/**
 * Every problem of one step, one per field, in the fields' order (Next moves on only without any),
 * with the specification's messages: the title, the proposals per day against the plan's cap, the
 * three step-2 choices, the sliders' bounds, the profile fields of step 3. Step 4 is optional but
 * its numbers must be numbers. All are shown at once, so a user never meets them one click at a time.
 */
export function stepProblems(step: WizardStep, values: AgentFormValues, options: { maxPerDay?: number | null } = {}): StepProblem[] {
  const found: StepProblem[] = [];
  const add = (problem: StepProblem | null | undefined) => {
    if (problem && !found.some((other) => other.field === problem.field)) found.push(problem);
  };
  switch (step) {
    case 'basic': {
      if (values.name.trim().length > 120) add({ key: 'tooLong', field: 'name', values: { max: 120 } });
      if (values.title.trim().length < 2) add({ key: 'titleMin', field: 'title' });
      else if (values.title.trim().length > 200) add({ key: 'tooLong', field: 'title', values: { max: 200 } });
      const perDay = values.emailsPerDay;
      const cap = options.maxPerDay ?? null;
      if (!Number.isFinite(perDay) || perDay < 1) add({ key: 'emailsPerDayMin', field: 'emailsPerDay' });
      else if (!Number.isInteger(perDay)) add({ key: 'emailsPerDayWhole', field: 'emailsPerDay' });
      else if (cap !== null && perDay > cap) add({ key: 'emailsPerDayMax', field: 'emailsPerDay', values: { n: cap } });
      else if (perDay > 1000) add({ key: 'emailsPerDayMax', field: 'emailsPerDay', values: { n: 1000 } });
      if (!agentFieldsSchema.shape.startTime.safeParse(values.startTime).success) add({ key: 'timeFormat', field: 'startTime' });
      if (!agentFieldsSchema.shape.endTime.safeParse(values.endTime).success) add({ key: 'timeFormat', field: 'endTime' });
      if (!agentFieldsSchema.shape.activeEvery.safeParse(values.activeEvery).success)
        add({ key: 'frequencyRequired', field: 'activeEvery' });
      return found;
    }
    case 'criteria': {
      if (!agentFieldsSchema.shape.datePosted.safeParse(values.datePosted).success) add({ key: 'fieldRequired', field: 'datePosted' });
      add(numberProblem('clientMinRating', values.clientMinRating, { min: 0, max: 5 }));
      add(numberProblem('clientMinSpentUsd', values.clientMinSpentUsd, { min: 0, max: 10_000_000 }));
      add(numberProblem('minMatchScore', values.minMatchScore, AGENT_BOUNDS.minMatchScore));
      if (!Number.isInteger(values.minMatchScore)) {
        add({
          key: 'outOfRange',
          field: 'minMatchScore',
          values: { min: AGENT_BOUNDS.minMatchScore.min, max: AGENT_BOUNDS.minMatchScore.max },
        });
      }
      if (values.platform === 'freelancer') {
        if (!values.freelancerIsHourly && !values.freelancerIsFixed) add({ key: 'freelancerType', field: 'freelancerIsHourly' });
        if (values.freelancerLanguage.length === 0) add({ key: 'freelancerLanguage', field: 'freelancerLanguage' });
        if (values.freelancerIsFixed)
          add(rangeProblem(['freelancerMinBudget', 'freelancerMaxBudget'], values, AGENT_BOUNDS.freelancerBudget));
        if (values.freelancerIsHourly)
          add(rangeProblem(['freelancerHourlyRateMin', 'freelancerHourlyRateMax'], values, AGENT_BOUNDS.freelancerHourly));
        return found;
      }
      if (values.upworkJobType === '') add({ key: 'jobTypeRequired', field: 'upworkJobType' });
      if (values.upworkExperienceLevel === '') add({ key: 'experienceRequired', field: 'upworkExperienceLevel' });
      if (values.upworkDuration === '') add({ key: 'durationRequired', field: 'upworkDuration' });
      if (values.upworkJobType !== 'fixed')
        add(rangeProblem(['upworkHourlyMinRate', 'upworkHourlyMaxRate'], values, AGENT_BOUNDS.upworkHourly));
      if (values.upworkJobType !== 'hourly')
        add(rangeProblem(['upworkFixedMinBudget', 'upworkFixedMaxBudget'], values, AGENT_BOUNDS.upworkFixed));
      add(numberProblem('upworkPaymentRate', values.upworkPaymentRate, AGENT_BOUNDS.upworkRate));
      return found;
    }
    case 'profile': {
      if (isBlank(values.upworkFreelancerName)) add({ key: 'fieldRequired', field: 'upworkFreelancerName' });
      if (isBlank(values.upworkProfileUrl)) add({ key: 'fieldRequired', field: 'upworkProfileUrl' });
      else if (!agentFieldsSchema.shape.upworkProfileUrl.safeParse(values.upworkProfileUrl.trim()).success)
        add({ key: 'invalidUrl', field: 'upworkProfileUrl' });
      if (isBlank(values.upworkWorkHistory)) add({ key: 'fieldRequired', field: 'upworkWorkHistory' });
      if (values.skills.length === 0) add({ key: 'skillsRequired', field: 'skills' });
      if (values.portfolioLinks.some((link) => !agentFieldsSchema.shape.upworkProfileUrl.safeParse(link).success))
        add({ key: 'invalidUrl', field: 'portfolioLinks' });
      return found;
    }
    case 'advanced': {
      if (values.upworkProfileTitle.trim().length > AGENT_BOUNDS.profileTitleMax) {
        add({ key: 'tooLong', field: 'upworkProfileTitle', values: { max: AGENT_BOUNDS.profileTitleMax } });
      }
      add(numberProblem('upworkMaximumBid', values.upworkMaximumBid, { min: 0, max: 1000 }));
      if (values.upworkAutoRefill) {
        const amount = values.upworkAutoRefillAmount;
        if (!Number.isInteger(amount) || amount < 0 || amount > 1000)
          add({ key: 'outOfRange', field: 'upworkAutoRefillAmount', values: { min: 0, max: 1000 } });
      }
      return found;
    }
  }
}

/**
 * How the active hours run (the runner's rule, runner/schedule.ts): within a day, across midnight
 * (an end before the start: 18:00–09:00 runs overnight), or all day (the same time twice); null
 * while a time is not valid.
 */
export function activeWindowKind(start: string, end: string): 'day' | 'overnight' | 'allDay' | null {
  const minutes = (time: string) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) : null);
  const from = minutes(start);
  const to = minutes(end);
  if (from === null || to === null) return null;
  if (to === from) return 'allDay';
  return to < from ? 'overnight' : 'day';
}

/** The first problem of one step (the one a toast names and the focus goes to). */
export function stepProblem(step: WizardStep, values: AgentFormValues, options: { maxPerDay?: number | null } = {}): StepProblem | null {
  return stepProblems(step, values, options)[0] ?? null;
}

/** The problems of the first step that has any, up to and including `upTo`, with that step and its first problem. */
export function firstProblem(values: AgentFormValues, options: { maxPerDay?: number | null } = {}, upTo: WizardStep = 'advanced') {
  for (const step of WIZARD_STEPS) {
    const problems = stepProblems(step, values, options);
    if (problems.length > 0) return { step, problem: problems[0]!, problems };
    if (step === upTo) break;
  }
  return null;
}

/**
 * The agent fields to save, checked and normalised by the shared schema (trimmed, unique lists,
 * numbers). An empty name takes the title. Throws when something is still invalid.
 */
export function fieldsToSave(values: AgentFormValues): AgentFields {
  const input: Record<string, unknown> = { ...values, name: values.name.trim() === '' ? values.title.trim() : values.name };
  // Fields of a hidden part (the other job type, the other platform) fall back to their defaults
  // when left empty, so they never block saving.
  const defaults: Readonly<Record<string, unknown>> = AGENT_DEFAULTS;
  for (const [name, value] of Object.entries(input)) {
    if (
      (typeof value === 'number' && !Number.isFinite(value)) ||
      (value === '' && typeof defaults[name] !== 'string' && name in defaults)
    ) {
      input[name] = defaults[name];
    }
  }
  return agentFieldsSchema.parse(input);
}
