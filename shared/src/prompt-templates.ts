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
 * What to say of past work: from the work history or the portfolio where the profile has them;
 * without either, nothing is claimed (a sparse profile is never filled in by the model).
 */
const pastWork = (what: string) =>
  `{{#workHistory}}Mention ${what} from my work history, with a result only where my work history states one.{{/workHistory}}` +
  `{{#portfolio}} Point to the most similar item of my portfolio.{{/portfolio}}` +
  `{{^workHistory}}{{^portfolio}}Build on my skills and approach without claiming past projects.{{/portfolio}}{{/workHistory}}`;

/**
 * The prompt each template starts from (English: the prompt goes to the model, which answers in the
 * job's language). \`custom\` is blank: the user writes their own. Each fact it asks for is in a
 * \`{{#name}}\` section: asked only where the profile holds it.
 */
export const PROMPT_TEMPLATE_TEXTS: Readonly<Record<PromptTemplateId, string>> = {
  web_development: `Write a cover letter for this web development job:
{{jobDescription}}

${profile}

Open with the client's main technical need in one sentence and how I would solve it (stack, architecture,
testing, deployment). ${pastWork('one or two relevant projects')}
Propose a first milestone that fits a {{contractType}} contract{{#duration}} ({{duration}}){{/duration}}.{{#availability}} Note my availability: {{availability}}.{{/availability}}
${closing}`,
  graphic_design: `Write a cover letter for this graphic design job:
{{jobDescription}}

${profile}
- Specialised profiles: {{specializedProfiles}}

Show that I understood the brand, audience and deliverables the client needs (formats, sizes, files).
{{#portfolio}}Point to the most similar pieces of my portfolio. {{/portfolio}}Describe my process: brief, moodboard, concepts, revisions, final files. Offer to agree the number of revision rounds and the date of the first concepts
with the client, without naming numbers my profile does not give.
${closing}`,
  content_writing: `Write a cover letter for this writing job:
{{jobDescription}}

${profile}
- Languages: {{languages}}
- Certifications: {{certifications}}

Match the tone of the job post. Name the topics and formats that fit this job (articles, web copy, newsletters,
scripts){{#workHistory}}, as far as my work history shows I have written them{{/workHistory}}.
{{#portfolio}}Link one published sample from my portfolio. {{/portfolio}}Explain how I research, meet SEO or style-guide requirements and deliver on time.
${closing}`,
  digital_marketing: `Write a cover letter for this digital marketing job:
{{jobDescription}}

${profile}
- Categories: {{categories}}
- Testimonials: {{testimonials}}

Lead with the business goal the client wants to reach (leads, sales, reach) and the channels I would use.
{{#workHistory}}Give one measurable result from my work history (ROAS, CPA, conversion rate, growth) only if it states one; never make one up. {{/workHistory}}{{#testimonials}}Quote a few words of one testimonial. {{/testimonials}}Outline the first two weeks: audit, tracking, quick wins, reporting.
${closing}`,
  custom: '',
};

/** The prompt to use for a template: the user's own text when written, else the template's. */
export function promptFor(template: PromptTemplateId, userPrompt: string): string {
  return userPrompt.trim() !== '' ? userPrompt : PROMPT_TEMPLATE_TEXTS[template];
}
