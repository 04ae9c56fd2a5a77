import type { AgentPlatform } from './schemas/agent';
import { MARKETPLACES, PLATFORMS, type Platform } from './marketplaces';
import { closeGaps, fixArticles, GAP, VALUE } from './prompt-gaps';
import { promptFor, PROMPT_TEMPLATE_TEXTS } from './prompt-templates';
import { PLACEHOLDER_NAMES, placeholderNamed, type FillablePlaceholder, type PromptAgent, type PromptInput } from './prompt-input';
import { placeholderValues } from './prompt-values';

export * from './prompt-input';
export { formatJobBudget, placeholderValues, PROMPT_JOB_DESCRIPTION_MAX } from './prompt-values';

/**
 * Filling a proposal prompt (part 2, "Wizard"): every placeholder of the specification, written
 * `{{name}}` (or `{name}`), is replaced from the agent, the user's profile and the job. Pure: no I/O.
 */

export { FREELANCER_BID_DESCRIPTION_MAX, UPWORK_COVER_LETTER_MAX } from './marketplaces';

/** The longest letter each marketplace accepts, in characters. */
export const PROPOSAL_LENGTH_LIMITS: Readonly<Record<Platform, number>> = Object.fromEntries(
  PLATFORMS.map((p) => [p, MARKETPLACES[p].letterMax]),
) as Record<Platform, number>;
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

/** The prompt used when the agent has neither its own prompt nor a template's text. */
export const DEFAULT_PROMPT = `Write a cover letter for this job.

Job title: {{jobTitle}}
Budget: {{jobBudget}}
Client: {{clientName}}
Job description:
{{jobDescription}}

About me:
- Name: {{name}}
- Title: {{profileTitle}}
- Overview: {{overview}}
- Skills: {{skills}}
- Specialised profiles: {{specializedProfiles}}
- Categories: {{categories}}
- Work history: {{workHistory}}
- Portfolio: {{portfolio}}
- Project catalog: {{projectCatalog}}
- Education: {{education}}
- Certifications: {{certifications}}
- Other experience: {{otherExperience}}
- Languages: {{languages}}
- Testimonials: {{testimonials}}
- Availability: {{availability}}
- Preferred contract: {{contractType}}, {{experienceLevel}}, {{duration}}
- Rate: {{preferredRate}}
- Profile: {{profileUrl}}

Open with the client's main need and how I would meet it. Mention only experience that appears above,
with one concrete example if there is one. Propose a first step, end with one question about the
project, and sign with my name.`;

const clean = (value: string | null | undefined) => (value ?? '').trim();

/** `{{ name }}` or `{name}`; a `{…}` holding anything but one identifier is left alone (JSON, code). */
const TOKEN = /\{\{\s*([A-Za-z_]\w*)\s*\}\}|\{\s*([A-Za-z_]\w*)\s*\}/g;

/** A template written with the specification's names (`{{upworkFreelancerName}}`), as releases before the neutral names saved it. */
const withSpecificationNames = (text: string) =>
  text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const key = placeholderNamed(name);
    return key && PLACEHOLDER_NAMES[key] === name ? `{{${key}}}` : match;
  });

const TEMPLATE_TEXTS = new Set(Object.values(PROMPT_TEMPLATE_TEXTS).flatMap((text) => [text, withSpecificationNames(text)]));

/**
 * Whether a prompt is empty or one of the templates' texts (as written now, or as an older release
 * saved it with the specification's names): choosing another template may replace it.
 */
export function isTemplateText(text: string): boolean {
  return text.trim() === '' || TEMPLATE_TEXTS.has(text);
}

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

/**
 * `{{#name}}…{{/name}}`: text kept only when the value is there; `{{^name}}…{{/name}}`: only when it
 * is not (Mustache's sections, not nested). A template asks for a fact only where the profile holds
 * it, so nothing missing is made up or stated from a default.
 */
const SECTION = /\{\{\s*([#^])\s*([A-Za-z_]\w*)\s*\}\}((?:(?!\{\{\s*[#^])[\s\S])*?)\{\{\s*\/\s*\2\s*\}\}/g;

function resolveSections(
  template: string,
  values: Record<FillablePlaceholder, string>,
  note: { used: FillablePlaceholder[]; empty: FillablePlaceholder[]; unknown: string[] },
): string {
  let text = template;
  // Innermost first: a section's body holds no other section when it is resolved.
  for (let pass = 0; pass < 8 && SECTION.test(text); pass++) {
    SECTION.lastIndex = 0;
    text = text.replace(SECTION, (match, kind: string, name: string, body: string, offset: number, whole: string) => {
      let present = false;
      // Either of a placeholder's names, as for a plain placeholder.
      const key = placeholderNamed(name);
      if (key) {
        if (!note.used.includes(key)) note.used.push(key);
        present = values[key] !== '';
        if (!present && !note.empty.includes(key)) note.empty.push(key);
      } else if (!note.unknown.includes(name)) note.unknown.push(name);
      const kept = present === (kind === '#');
      // A section on lines of its own takes its lines with it: its line breaks go with the tags.
      const ownLines = (offset === 0 || whole[offset - 1] === '\n') && whole[offset + match.length] === '\n';
      if (!kept) return ownLines ? '\uE002' : '';
      return ownLines ? body.replace(/^\n/, '').replace(/\n$/, '') : body;
    });
    // A dropped own-line section leaves a marker: it and the line break after it go.
    text = text.replace(/\uE002\n/g, '').replace(/\uE002/g, '');
  }
  SECTION.lastIndex = 0;
  return text;
}

/** Fills any template with the given values (see `fillPrompt`). */
export function fillTemplate(template: string, values: Record<FillablePlaceholder, string>): Omit<FilledPrompt, 'template' | 'source'> {
  const used: FillablePlaceholder[] = [];
  const empty: FillablePlaceholder[] = [];
  const unknown: string[] = [];
  const lines: string[] = [];
  template = resolveSections(template, values, { used, empty, unknown });
  /** Indexes (in `lines`) of lines right before which a label line was dropped. */
  const emptied = new Set<number>();
  for (const line of template.split('\n')) {
    let placeholders = 0;
    let filled = 0;
    const out = line.replace(TOKEN, (match, double: string | undefined, single: string | undefined) => {
      const name = (double ?? single)!;
      // Either of a placeholder's names (`{{name}}` or the specification's `{{upworkFreelancerName}}`).
      const key = placeholderNamed(name);
      if (!key) {
        if (!unknown.includes(name)) unknown.push(name);
        return match;
      }
      if (!used.includes(key)) used.push(key);
      placeholders += 1;
      const value = values[key];
      if (value === '') {
        if (!empty.includes(key)) empty.push(key);
        return GAP;
      }
      filled += 1;
      return `${VALUE}${value}`;
    });
    const onlyLabels = placeholders > 0 && filled === 0 && isOnlyLabel(line.replace(TOKEN, ''));
    if (onlyLabels) {
      if (lines.length > 0) emptied.add(lines.length - 1);
      continue;
    }
    lines.push(fixArticles(out));
  }
  // A short heading ("About me:") whose lines were all dropped goes too.
  const kept = lines.filter((line, i) => !(emptied.has(i) && /^[^:]{1,40}:\s*$/.test(line) && (lines[i + 1] ?? '').trim() === ''));
  // Empty values leave no dangling punctuation ("hourly, , ongoing" → "hourly, ongoing").
  return {
    text: closeGaps(kept.join('\n'))
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    used,
    empty,
    unknown,
    values,
  };
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
