import type { AgentFieldName, PROMPT_TEMPLATES } from './schemas/agent';

export type PromptTemplateId = (typeof PROMPT_TEMPLATES)[number];

/**
 * The placeholders a proposal prompt can use (part 2, "Wizard"): each is replaced by the agent's
 * field of the same name (or, for `jobDescription`, the job being answered) when a letter is written.
 */
export const PROMPT_PLACEHOLDERS = [
  'upworkFreelancerName',
  'upworkProfileTitle',
  'upworkOverview',
  'skills',
  'upworkAvailability',
  'upworkCertifications',
  'upworkPortfolio',
  'upworkWorkHistory',
  'upworkJobType',
  'upworkEducation',
  'upworkOtherExperiences',
  'upworkLanguages',
  'upworkTestimonials',
  'upworkProjectCatalog',
  'upworkExperienceLevel',
  'upworkDuration',
  'upworkPaymentRate',
  'jobDescription',
  'upworkSpecializedProfiles',
  'upworkCategories',
  'upworkProfileUrl',
  'upworkHourlyMinRate',
  'upworkHourlyMaxRate',
  'upworkMinFixedRate',
  'upworkMaxFixedRate',
] as const satisfies ReadonlyArray<AgentFieldName | 'jobDescription'>;
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

/** `{{name}}`, the way a placeholder is written in a prompt. */
export const placeholderToken = (name: PromptPlaceholder): string => `{{${name}}}`;

/** The placeholders a prompt uses, in order of first use, unknown names left out. */
export function placeholdersIn(prompt: string): PromptPlaceholder[] {
  const known = new Set<string>(PROMPT_PLACEHOLDERS);
  const found: PromptPlaceholder[] = [];
  for (const match of prompt.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    const name = match[1]!;
    if (known.has(name) && !found.includes(name as PromptPlaceholder)) found.push(name as PromptPlaceholder);
  }
  return found;
}

const closing = `Keep it under 200 words, in plain paragraphs, with no greeting such as "Dear Hiring Manager" and no
placeholder text. Do not invent experience that is not in my profile. End with one question about the project
and sign as {{name}}.`;

const profile = `About me:
- Name: {{name}}
- Title: {{profileTitle}}
- Overview: {{overview}}
- Skills: {{skills}}
- Work history: {{workHistory}}
- Portfolio: {{portfolio}}
- Profile: {{profileUrl}}`;

/**
 * The prompt each template starts from (English: the prompt goes to the model, which answers in the
 * job's language). `custom` is blank: the user writes their own.
 */
export const PROMPT_TEMPLATE_TEXTS: Readonly<Record<PromptTemplateId, string>> = {
  web_development: `Write a cover letter for this web development job:
{{jobDescription}}

${profile}

Open with the client's main technical need in one sentence and how I would solve it (stack, architecture,
testing, deployment). Mention one or two relevant projects from my work history or portfolio with a concrete
result (speed, traffic, revenue). Propose a first milestone that fits a {{contractType}} contract
({{duration}}), and note my availability: {{availability}}.
${closing}`,
  graphic_design: `Write a cover letter for this graphic design job:
{{jobDescription}}

${profile}
- Specialised profiles: {{specializedProfiles}}

Show that I understood the brand, audience and deliverables the client needs (formats, sizes, files). Point to
the most similar pieces of my portfolio and describe my process: brief, moodboard, two concepts, revisions,
final files. Say how many revision rounds are included and when the first concepts would be ready.
${closing}`,
  content_writing: `Write a cover letter for this writing job:
{{jobDescription}}

${profile}
- Languages: {{languages}}
- Certifications: {{certifications}}

Match the tone of the job post. Name the topics and formats I have written about (articles, web copy,
newsletters, scripts) that fit this job, with one published sample if my portfolio has one. Explain how I
research, meet SEO or style-guide requirements and deliver on time.
${closing}`,
  digital_marketing: `Write a cover letter for this digital marketing job:
{{jobDescription}}

${profile}
- Categories: {{categories}}
- Testimonials: {{testimonials}}

Lead with the business goal the client wants to reach (leads, sales, reach) and the channels I would use. Give
one measurable result from my work history (ROAS, CPA, conversion rate, growth) and outline the first two
weeks: audit, tracking, quick wins, reporting.
${closing}`,
  custom: '',
};

/** The prompt to use for a template: the user's own text when written, else the template's. */
export function promptFor(template: PromptTemplateId, userPrompt: string): string {
  return userPrompt.trim() !== '' ? userPrompt : PROMPT_TEMPLATE_TEXTS[template];
}
