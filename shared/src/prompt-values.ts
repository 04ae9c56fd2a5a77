import { AGENT_BOUNDS, type AgentPlatform } from './schemas/agent';
import type { FillablePlaceholder, PromptAgent, PromptInput, PromptJob } from './prompt-input';
import { entriesOf } from './letters/entries';
import type { Proof } from './letters/proofs';

/**
 * The value of every placeholder for one agent, profile and job. The contract is the job's own
 * (a fixed-price job is fixed-price whatever the agent prefers); the rates are those of the agent's
 * own platform (a Freelancer.com agent's Freelancer.com rates, never the Upwork fields it keeps with
 * their defaults); the profile's title and overview fill the agent's when it has none.
 */

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
const list = (items: readonly string[] | undefined) =>
  (items ?? [])
    .map((item) => item.trim())
    .filter(Boolean)
    .join(', ');
/** A slider value as text: '' at its "no limit" ends (0 or less; the top for a maximum). */
const low = (value: number | undefined, bottom = 0) =>
  typeof value === 'number' && Number.isFinite(value) && value > bottom ? String(value) : '';
const high = (value: number | undefined, top: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value < top ? String(value) : '';

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

/** The contract: the job's type when known, else what the agent takes on its platform. */
function contract(agent: PromptAgent, job: PromptJob, platform: AgentPlatform): string {
  if (job.type) return JOB_TYPE_TEXT[job.type]!;
  if (platform === 'freelancer') {
    if (agent.freelancerIsHourly && agent.freelancerIsFixed) return JOB_TYPE_TEXT.any!;
    if (agent.freelancerIsHourly) return JOB_TYPE_TEXT.hourly!;
    return agent.freelancerIsFixed ? JOB_TYPE_TEXT.fixed! : '';
  }
  return agent.upworkJobType ? (JOB_TYPE_TEXT[agent.upworkJobType] ?? agent.upworkJobType) : '';
}

/** The rate placeholders from the agent's own platform's fields. */
function rates(agent: PromptAgent, platform: AgentPlatform) {
  if (platform === 'freelancer') {
    return {
      hourlyMin: low(agent.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min - 1),
      hourlyMax: high(agent.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max),
      fixedMin: low(agent.freelancerMinBudget),
      fixedMax: high(agent.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max),
    };
  }
  return {
    hourlyMin: low(agent.upworkHourlyMinRate) || low(agent.upworkMinRate),
    hourlyMax: high(agent.upworkHourlyMaxRate, AGENT_BOUNDS.upworkHourly.max) || high(agent.upworkMaxRate, AGENT_BOUNDS.upworkHourly.max),
    fixedMin: low(agent.upworkMinFixedRate) || low(agent.upworkFixedMinBudget),
    fixedMax:
      high(agent.upworkMaxFixedRate, AGENT_BOUNDS.upworkFixed.max) || high(agent.upworkFixedMaxBudget, AGENT_BOUNDS.upworkFixed.max),
  };
}

/** The longest job description put into a prompt (a prompt must stay a sensible size). */
export const PROMPT_JOB_DESCRIPTION_MAX = 6000;

/** A section with more entries than this is narrowed to the picked proof when a letter is written. */
export const NARROW_OVER_ENTRIES = 3;

/** A free-text section as the writer gets it: whole, or only its picked entries when it is long. */
function narrowed(text: string, source: Proof['source'], proofs: PromptInput['proofs']): string {
  if (!proofs || entriesOf(text).length <= NARROW_OVER_ENTRIES) return text;
  return proofs
    .filter((proof) => proof.source === source)
    .map((proof) => proof.text)
    .join('\n');
}

export function placeholderValues({ agent, profile = {}, job, proofs }: PromptInput): Record<FillablePlaceholder, string> {
  const platform: AgentPlatform = job.platform ?? agent.platform ?? 'upwork';
  const upwork = platform === 'upwork';
  const profileName = [clean(profile.firstName), clean(profile.lastName)].filter(Boolean).join(' ');
  const skills = agent.skills && agent.skills.length > 0 ? agent.skills : profile.skills;
  const links = agent.portfolioLinks && agent.portfolioLinks.length > 0 ? agent.portfolioLinks : profile.portfolioLinks;
  const description = clean(job.description);
  const rate = rates(agent, platform);
  return {
    upworkFreelancerName: clean(agent.upworkFreelancerName) || profileName,
    upworkProfileTitle: clean(agent.upworkProfileTitle) || clean(profile.profileTitle),
    upworkOverview: clean(agent.upworkOverview) || clean(profile.profileOverview),
    skills: list(skills),
    upworkAvailability: agent.upworkAvailability ? (AVAILABILITY_TEXT[agent.upworkAvailability] ?? agent.upworkAvailability) : '',
    upworkCertifications: clean(agent.upworkCertifications),
    upworkPortfolio: [narrowed(clean(agent.upworkPortfolio) || clean(profile.portfolio), 'portfolio', proofs), list(links)]
      .filter(Boolean)
      .join('\n'),
    upworkWorkHistory: narrowed(clean(agent.upworkWorkHistory) || clean(profile.workHistory), 'workHistory', proofs),
    upworkJobType: contract(agent, job, platform),
    upworkEducation: clean(agent.upworkEducation),
    upworkOtherExperiences: clean(agent.upworkOtherExperiences),
    upworkLanguages: clean(agent.upworkLanguages),
    upworkTestimonials: clean(agent.upworkTestimonials),
    upworkProjectCatalog: upwork ? clean(agent.upworkProjectCatalog) : '',
    // Upwork's own criteria mean nothing on Freelancer.com, where the agent never set them.
    upworkExperienceLevel:
      upwork && agent.upworkExperienceLevel ? (EXPERIENCE_TEXT[agent.upworkExperienceLevel] ?? agent.upworkExperienceLevel) : '',
    upworkDuration: upwork && agent.upworkDuration ? (DURATION_TEXT[agent.upworkDuration] ?? agent.upworkDuration) : '',
    // 0 is the form's "not set" for the preferred rate.
    upworkPaymentRate: low(agent.upworkPaymentRate),
    jobDescription:
      description.length > PROMPT_JOB_DESCRIPTION_MAX ? `${description.slice(0, PROMPT_JOB_DESCRIPTION_MAX).trimEnd()}…` : description,
    // Upwork's own profile sections mean nothing on Freelancer.com either.
    upworkSpecializedProfiles: upwork ? list(agent.upworkSpecializedProfiles) : '',
    upworkCategories: upwork ? list(agent.upworkCategories) : '',
    // An Upwork profile link has no place in a Freelancer.com bid.
    upworkProfileUrl: upwork ? clean(agent.upworkProfileUrl) || clean(profile.upworkProfileUrl) : '',
    upworkHourlyMinRate: rate.hourlyMin,
    upworkHourlyMaxRate: rate.hourlyMax,
    upworkMinFixedRate: rate.fixedMin,
    upworkMaxFixedRate: rate.fixedMax,
    jobTitle: clean(job.title),
    jobBudget: formatJobBudget(job),
    clientName: clean(job.clientName),
  };
}
