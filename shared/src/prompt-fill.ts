import type { AgentFields, AgentPlatform } from './schemas/agent';
import type { Job } from './schemas/job';
import { PROMPT_PLACEHOLDERS, promptFor, type PromptPlaceholder } from './prompt-templates';

/**
 * Filling a proposal prompt (part 2, "Wizard"): every placeholder of the specification, written
 * `{{name}}` (or `{name}`), is replaced from the agent, the user's profile and the job. Pure: no I/O.
 */

/** Freelancer.com refuses a bid description longer than this (the sandbox enforces the same number). */
export const FREELANCER_BID_DESCRIPTION_MAX = 1500;
/** Upwork's cover-letter limit. */
export const UPWORK_COVER_LETTER_MAX = 5000;

/** The longest letter each marketplace accepts, in characters. */
export const PROPOSAL_LENGTH_LIMITS: Readonly<Record<AgentPlatform, number>> = {
  freelancer: FREELANCER_BID_DESCRIPTION_MAX,
  upwork: UPWORK_COVER_LETTER_MAX,
};

/** Placeholders offered beyond the specification's list. */
export const EXTRA_PLACEHOLDERS = ['jobTitle', 'jobBudget', 'clientName'] as const;
export type ExtraPlaceholder = (typeof EXTRA_PLACEHOLDERS)[number];
export type FillablePlaceholder = PromptPlaceholder | ExtraPlaceholder;
export const FILLABLE_PLACEHOLDERS: readonly FillablePlaceholder[] = [...PROMPT_PLACEHOLDERS, ...EXTRA_PLACEHOLDERS];

/** The agent fields a prompt reads (any subset: missing ones count as empty). */
export type PromptAgent = Partial<AgentFields>;

/** What the user's account adds when the agent leaves a field empty. */
export interface PromptProfile {
  firstName?: string | null;
  lastName?: string | null;
  skills?: readonly string[];
  portfolioLinks?: readonly string[];
}

/** The job being answered (the normalised Job; only title and description are required). */
export type PromptJob = Pick<Job, 'title' | 'description'> &
  Partial<Pick<Job, 'platform' | 'type' | 'currency' | 'minBudget' | 'maxBudget' | 'clientName' | 'skills'>>;

export interface PromptInput {
  agent: PromptAgent;
  profile?: PromptProfile;
  job: PromptJob;
}

export interface FilledPrompt {
  /** The prompt with every known placeholder replaced. */
  text: string;
  /** The template that was filled (the agent's prompt, its template's text, or the default). */
  template: string;
  /** Where the template came from. */
  source: 'agent' | 'template' | 'default';
  /** Known placeholders found in the template, in order of first use. */
  used: FillablePlaceholder[];
  /** Known placeholders that were used but had no value (their lines are dropped when nothing else is on them). */
  empty: FillablePlaceholder[];
  /** Names written like placeholders that are not known: left visible in the text. */
  unknown: string[];
  /** Every value, by placeholder. */
  values: Record<FillablePlaceholder, string>;
}

/** The longest job description put into a prompt (a prompt must stay a sensible size). */
export const PROMPT_JOB_DESCRIPTION_MAX = 6000;

/** The prompt used when the agent has neither its own prompt nor a template's text. */
export const DEFAULT_PROMPT = `Write a cover letter for this job.

Job title: {{jobTitle}}
Budget: {{jobBudget}}
Client: {{clientName}}
Job description:
{{jobDescription}}

About me:
- Name: {{upworkFreelancerName}}
- Title: {{upworkProfileTitle}}
- Overview: {{upworkOverview}}
- Skills: {{skills}}
- Specialised profiles: {{upworkSpecializedProfiles}}
- Categories: {{upworkCategories}}
- Work history: {{upworkWorkHistory}}
- Portfolio: {{upworkPortfolio}}
- Project catalog: {{upworkProjectCatalog}}
- Education: {{upworkEducation}}
- Certifications: {{upworkCertifications}}
- Other experience: {{upworkOtherExperiences}}
- Languages: {{upworkLanguages}}
- Testimonials: {{upworkTestimonials}}
- Availability: {{upworkAvailability}}
- Preferred contract: {{upworkJobType}}, {{upworkExperienceLevel}}, {{upworkDuration}}
- Rate: {{upworkPaymentRate}}
- Profile: {{upworkProfileUrl}}

Open with the client's main need and how I would meet it. Mention only experience that appears above,
with one concrete example if there is one. Propose a first step, end with one question about the
project, and sign with my name.`;

const AVAILABILITY_TEXT: Record<string, string> = {
  more_than_30: 'more than 30 hours a week',
  less_than_30: 'less than 30 hours a week',
  as_needed: 'as needed, open to offers',
  not_available: 'not available right now',
};
const JOB_TYPE_TEXT: Record<string, string> = { hourly: 'hourly', fixed: 'fixed-price', any: 'hourly or fixed-price' };
const EXPERIENCE_TEXT: Record<string, string> = { entry: 'entry level', intermediate: 'intermediate', expert: 'expert' };
const DURATION_TEXT: Record<string, string> = {
  short_term: 'short term (about a week)',
  medium_term: 'medium term (about a month)',
  long_term: 'long term (several months)',
  ongoing: 'ongoing',
};

const clean = (value: string | null | undefined) => (value ?? '').trim();
const list = (items: readonly string[] | undefined) => (items ?? []).map((item) => item.trim()).filter(Boolean).join(', ');
const number = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** "USD 250–750", "USD 25–40 per hour", "up to USD 500", or '' when the job gives no budget. */
export function formatJobBudget(job: PromptJob): string {
  const currency = job.currency ? `${job.currency} ` : '';
  const min = job.minBudget ?? null;
  const max = job.maxBudget ?? null;
  let amount: string;
  if (min !== null && max !== null && min > 0 && max > 0 && min !== max) amount = `${currency}${min}–${max}`;
  else if (max !== null && max > 0) amount = min !== null && min === max ? `${currency}${max}` : `up to ${currency}${max}`;
  else if (min !== null && min > 0) amount = `from ${currency}${min}`;
  else return '';
  return job.type === 'hourly' ? `${amount} per hour` : amount;
}

/** Every placeholder's value for one agent, profile and job. */
export function placeholderValues({ agent, profile = {}, job }: PromptInput): Record<FillablePlaceholder, string> {
  const profileName = [clean(profile.firstName), clean(profile.lastName)].filter(Boolean).join(' ');
  const skills = agent.skills && agent.skills.length > 0 ? agent.skills : profile.skills;
  const links = agent.portfolioLinks && agent.portfolioLinks.length > 0 ? agent.portfolioLinks : profile.portfolioLinks;
  const description = clean(job.description);
  return {
    upworkFreelancerName: clean(agent.upworkFreelancerName) || profileName,
    upworkProfileTitle: clean(agent.upworkProfileTitle),
    upworkOverview: clean(agent.upworkOverview),
    skills: list(skills),
    upworkAvailability: agent.upworkAvailability ? (AVAILABILITY_TEXT[agent.upworkAvailability] ?? agent.upworkAvailability) : '',
    upworkCertifications: clean(agent.upworkCertifications),
    upworkPortfolio: [clean(agent.upworkPortfolio), list(links)].filter(Boolean).join('\n'),
    upworkWorkHistory: clean(agent.upworkWorkHistory),
    upworkJobType: agent.upworkJobType ? (JOB_TYPE_TEXT[agent.upworkJobType] ?? agent.upworkJobType) : '',
    upworkEducation: clean(agent.upworkEducation),
    upworkOtherExperiences: clean(agent.upworkOtherExperiences),
    upworkLanguages: clean(agent.upworkLanguages),
    upworkTestimonials: clean(agent.upworkTestimonials),
    upworkProjectCatalog: clean(agent.upworkProjectCatalog),
    upworkExperienceLevel: agent.upworkExperienceLevel ? (EXPERIENCE_TEXT[agent.upworkExperienceLevel] ?? agent.upworkExperienceLevel) : '',
    upworkDuration: agent.upworkDuration ? (DURATION_TEXT[agent.upworkDuration] ?? agent.upworkDuration) : '',
    // 0 is the form's "not set" for the preferred rate.
    upworkPaymentRate: agent.upworkPaymentRate ? number(agent.upworkPaymentRate) : '',
    jobDescription: description.length > PROMPT_JOB_DESCRIPTION_MAX ? `${description.slice(0, PROMPT_JOB_DESCRIPTION_MAX).trimEnd()}…` : description,
    upworkSpecializedProfiles: list(agent.upworkSpecializedProfiles),
    upworkCategories: list(agent.upworkCategories),
    upworkProfileUrl: clean(agent.upworkProfileUrl),
    upworkHourlyMinRate: number(agent.upworkHourlyMinRate),
    upworkHourlyMaxRate: number(agent.upworkHourlyMaxRate),
    upworkMinFixedRate: number(agent.upworkMinFixedRate),
    upworkMaxFixedRate: number(agent.upworkMaxFixedRate),
    jobTitle: clean(job.title),
    jobBudget: formatJobBudget(job),
    clientName: clean(job.clientName),
  };
}

/** `{{ name }}` or `{name}`; a `{…}` holding anything but one identifier is left alone (JSON, code). */
const TOKEN = /\{\{\s*([A-Za-z_]\w*)\s*\}\}|\{\s*([A-Za-z_]\w*)\s*\}/g;

/** The template an agent writes with: its own prompt, else its template's text, else the default. */
export function templateFor(agent: PromptAgent): { template: string; source: FilledPrompt['source'] } {
  if (clean(agent.prompt) !== '') return { template: agent.prompt!, source: 'agent' };
  const fromTemplate = promptFor(agent.promptTemplate ?? 'custom', '');
  return fromTemplate.trim() !== '' ? { template: fromTemplate, source: 'template' } : { template: DEFAULT_PROMPT, source: 'default' };
}

/**
 * Fills the agent's prompt. A line whose every placeholder came out empty (and that holds nothing
 * but labels and punctuation around them) is dropped, so the model never sees "Testimonials: ".
 * Unknown names stay in the text as written and are listed in `unknown`.
 */
export function fillPrompt(input: PromptInput): FilledPrompt {
  const { template, source } = templateFor(input.agent);
  return { ...fillTemplate(template, placeholderValues(input)), template, source };
}

/** Fills any template with the given values (see `fillPrompt`). */
export function fillTemplate(template: string, values: Record<FillablePlaceholder, string>): Omit<FilledPrompt, 'template' | 'source'> {
  const known = new Set<string>(FILLABLE_PLACEHOLDERS);
  const used: FillablePlaceholder[] = [];
  const empty: FillablePlaceholder[] = [];
  const unknown: string[] = [];
  const lines: string[] = [];
  /** Indexes (in `lines`) of lines right before which a label line was dropped. */
  const emptied = new Set<number>();
  for (const line of template.split('\n')) {
    let placeholders = 0;
    let filled = 0;
    const out = line.replace(TOKEN, (match, double: string | undefined, single: string | undefined) => {
      const name = (double ?? single)!;
      if (!known.has(name)) {
        if (!unknown.includes(name)) unknown.push(name);
        return match;
      }
      const key = name as FillablePlaceholder;
      if (!used.includes(key)) used.push(key);
      placeholders += 1;
      const value = values[key];
      if (value === '') {
        if (!empty.includes(key)) empty.push(key);
        return '';
      }
      filled += 1;
      return value;
    });
    const onlyLabels = placeholders > 0 && filled === 0 && isOnlyLabel(line.replace(TOKEN, ''));
    if (onlyLabels) {
      if (lines.length > 0) emptied.add(lines.length - 1);
      continue;
    }
    // "hourly, , ongoing" → "hourly, ongoing" when some values of a list line are missing.
    lines.push(filled < placeholders ? out.replace(/,(\s*,)+/g, ',').replace(/:\s*,\s*/g, ': ').replace(/[,;]\s*$/, '') : out);
  }
  // A short heading ("About me:") whose lines were all dropped goes too.
  const kept = lines.filter((line, i) => !(emptied.has(i) && /^[^:]{1,40}:\s*$/.test(line) && (lines[i + 1] ?? '').trim() === ''));
  return { text: kept.join('\n').replace(/\n{3,}/g, '\n\n').trim(), used, empty, unknown, values };
}

/** "- Testimonials: ", "Rate: / ", "(, )": a label with nothing after it once the values are gone. */
function isOnlyLabel(rest: string): boolean {
  const trimmed = rest.trim();
  if (trimmed === '') return true;
  // Text ending in a colon (a label), or nothing but punctuation and joining words.
  return /^[-*•\s]*[\p{L}\p{N}\s'’/&()-]{0,60}:[\s,;./()-]*$/u.test(trimmed) || /^[\s,;:./()\-–—*•]*$/u.test(trimmed);
}

const SENTENCE_END = /[.!?…]["'”’)\]]*(?=\s|$)|[。！？]["'”’」』)\]]*/gu;

/**
 * Shortens `text` to at most `max` characters, cutting after the last whole sentence that fits; when
 * no sentence end fits in the last third, at the last word with an ellipsis. Paragraph breaks are kept.
 */
export function trimAtSentence(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  if (max <= 1) return value.slice(0, Math.max(0, max));
  const head = value.slice(0, max);
  let cut = -1;
  for (const match of head.matchAll(SENTENCE_END)) cut = match.index + match[0].length;
  // A paragraph break is also a clean place to stop.
  const paragraph = head.lastIndexOf('\n\n');
  if (paragraph > cut) cut = paragraph;
  if (cut >= Math.floor(max * 0.66)) return value.slice(0, cut).trim();
  const room = value.slice(0, max - 1);
  const space = room.search(/\s\S*$/);
  const words = (space > max * 0.5 ? room.slice(0, space) : room).replace(/[\s,;:–—-]+$/u, '');
  return `${words}…`;
}

/** A letter trimmed to the marketplace's limit. */
export function fitProposal(text: string, platform: AgentPlatform): string {
  return trimAtSentence(text, PROPOSAL_LENGTH_LIMITS[platform]);
}
