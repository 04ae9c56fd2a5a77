import {
  AGENT_BOUNDS,
  AGENT_DEFAULTS,
  agentFieldsSchema,
  type Agent,
  type AgentFieldName,
  type AgentFields,
  type AgentPlatform,
} from '@shared/schemas/agent';

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

/** The wizard's starting values: an agent being edited, or defaults with the search's criteria on top. */
export function initialFormValues(input: {
  agent?: Agent | null;
  search?: Partial<AgentFields>;
  platform?: AgentPlatform;
  maxPerDay?: number;
  skills?: string[];
  portfolioLinks?: string[];
}): AgentFormValues {
  if (input.agent) {
    const values: Record<string, unknown> = {};
    for (const name of FIELD_NAMES) values[name] = input.agent[name];
    return values as AgentFormValues;
  }
  const perDay = Math.min(AGENT_DEFAULTS.emailsPerDay, input.maxPerDay ?? AGENT_DEFAULTS.emailsPerDay);
  return {
    ...AGENT_DEFAULTS,
    emailsPerDay: Math.max(1, perDay),
    skills: input.skills ?? [],
    portfolioLinks: input.portfolioLinks ?? [],
    name: '',
    title: '',
    platform: input.platform ?? 'upwork',
    ...input.search,
  };
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
 * The first problem of one step (Next moves on only without one), with the specification's
 * messages: the title, the proposals per day against the plan's cap, the three step-2 choices, the
 * sliders' bounds, the profile fields of step 3. Step 4 is optional but its numbers must be numbers.
 */
export function stepProblem(step: WizardStep, values: AgentFormValues, options: { maxPerDay?: number | null } = {}): StepProblem | null {
  switch (step) {
    case 'basic': {
      if (values.name.trim().length > 120) return { key: 'tooLong', field: 'name', values: { max: 120 } };
      if (values.title.trim().length < 2) return { key: 'titleMin', field: 'title' };
      if (values.title.trim().length > 200) return { key: 'tooLong', field: 'title', values: { max: 200 } };
      const perDay = values.emailsPerDay;
      if (!Number.isInteger(perDay) || perDay < 1) return { key: 'emailsPerDayMin', field: 'emailsPerDay' };
      const cap = options.maxPerDay ?? null;
      if (cap !== null && perDay > cap) return { key: 'emailsPerDayMax', field: 'emailsPerDay', values: { n: cap } };
      if (perDay > 1000) return { key: 'emailsPerDayMax', field: 'emailsPerDay', values: { n: 1000 } };
      if (!agentFieldsSchema.shape.startTime.safeParse(values.startTime).success) return { key: 'timeFormat', field: 'startTime' };
      if (!agentFieldsSchema.shape.endTime.safeParse(values.endTime).success) return { key: 'timeFormat', field: 'endTime' };
      if (!agentFieldsSchema.shape.activeEvery.safeParse(values.activeEvery).success) return { key: 'frequencyRequired', field: 'activeEvery' };
      return null;
    }
    case 'criteria': {
      const floor = numberProblem('minMatchScore', values.minMatchScore, AGENT_BOUNDS.minMatchScore);
      if (floor) return floor;
      if (!Number.isInteger(values.minMatchScore)) return { key: 'outOfRange', field: 'minMatchScore', values: { min: AGENT_BOUNDS.minMatchScore.min, max: AGENT_BOUNDS.minMatchScore.max } };
      if (values.platform === 'freelancer') {
        if (!values.freelancerIsHourly && !values.freelancerIsFixed) return { key: 'freelancerType', field: 'freelancerIsHourly' };
        if (values.freelancerLanguage.length === 0) return { key: 'freelancerLanguage', field: 'freelancerLanguage' };
        if (values.freelancerIsFixed) {
          const p = rangeProblem(['freelancerMinBudget', 'freelancerMaxBudget'], values, AGENT_BOUNDS.freelancerBudget);
          if (p) return p;
        }
        if (values.freelancerIsHourly) {
          const p = rangeProblem(['freelancerHourlyRateMin', 'freelancerHourlyRateMax'], values, AGENT_BOUNDS.freelancerHourly);
          if (p) return p;
        }
        return null;
      }
      if (values.upworkJobType === '') return { key: 'jobTypeRequired', field: 'upworkJobType' };
      if (values.upworkExperienceLevel === '') return { key: 'experienceRequired', field: 'upworkExperienceLevel' };
      if (values.upworkDuration === '') return { key: 'durationRequired', field: 'upworkDuration' };
      if (values.upworkJobType !== 'fixed') {
        const p = rangeProblem(['upworkHourlyMinRate', 'upworkHourlyMaxRate'], values, AGENT_BOUNDS.upworkHourly);
        if (p) return p;
      }
      if (values.upworkJobType !== 'hourly') {
        const p = rangeProblem(['upworkFixedMinBudget', 'upworkFixedMaxBudget'], values, AGENT_BOUNDS.upworkFixed);
        if (p) return p;
      }
      return numberProblem('upworkPaymentRate', values.upworkPaymentRate, AGENT_BOUNDS.upworkRate);
    }
    case 'profile': {
      if (isBlank(values.upworkFreelancerName)) return { key: 'fieldRequired', field: 'upworkFreelancerName' };
      if (isBlank(values.upworkProfileUrl)) return { key: 'fieldRequired', field: 'upworkProfileUrl' };
      if (!agentFieldsSchema.shape.upworkProfileUrl.safeParse(values.upworkProfileUrl.trim()).success) return { key: 'invalidUrl', field: 'upworkProfileUrl' };
      if (isBlank(values.upworkWorkHistory)) return { key: 'fieldRequired', field: 'upworkWorkHistory' };
      if (values.skills.length === 0) return { key: 'skillsRequired', field: 'skills' };
      for (const link of values.portfolioLinks) {
        if (!agentFieldsSchema.shape.upworkProfileUrl.safeParse(link).success) return { key: 'invalidUrl', field: 'portfolioLinks' };
      }
      return null;
    }
    case 'advanced': {
      if (values.upworkProfileTitle.trim().length > AGENT_BOUNDS.profileTitleMax) {
        return { key: 'tooLong', field: 'upworkProfileTitle', values: { max: AGENT_BOUNDS.profileTitleMax } };
      }
      const bid = numberProblem('upworkMaximumBid', values.upworkMaximumBid, { min: 0, max: 1000 });
      if (bid) return bid;
      if (values.upworkAutoRefill) {
        const amount = values.upworkAutoRefillAmount;
        if (!Number.isInteger(amount) || amount < 0 || amount > 1000) return { key: 'outOfRange', field: 'upworkAutoRefillAmount', values: { min: 0, max: 1000 } };
      }
      return null;
    }
  }
}

/** The first problem of all steps up to and including `upTo`, with the step it is on. */
export function firstProblem(values: AgentFormValues, options: { maxPerDay?: number | null } = {}, upTo: WizardStep = 'advanced') {
  for (const step of WIZARD_STEPS) {
    const problem = stepProblem(step, values, options);
    if (problem) return { step, problem };
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
  const defaults = AGENT_DEFAULTS as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(input)) {
    if ((typeof value === 'number' && !Number.isFinite(value)) || (value === '' && typeof defaults[name] !== 'string' && name in defaults)) {
      input[name] = defaults[name];
    }
  }
  return agentFieldsSchema.parse(input);
}
