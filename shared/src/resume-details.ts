import type { PromptInput } from './prompt-fill';
import { RESUME_DETAIL_LIMITS as L, type ResumeDetails } from './schemas/resume';

/**
 * Reading a résumé's text (part of issue 8): the sections a freelancer's résumé usually has, found by
 * their English headings, plus the links it names. Simple and honest: text outside a known section is
 * never moved into one, and nothing is made up. Pure: no I/O.
 */

type SectionKey = 'summary' | 'workHistory' | 'education' | 'skills' | 'certifications' | 'languages' | 'other';

const HEADINGS: Record<Exclude<SectionKey, 'other'>, readonly string[]> = {
  summary: [
    'summary',
    'professional summary',
    'career summary',
    'profile',
    'professional profile',
    'personal profile',
    'about',
    'about me',
    'objective',
    'career objective',
    'overview',
    'personal statement',
  ],
  workHistory: [
    'experience',
    'work experience',
    'work history',
    'professional experience',
    'employment',
    'employment history',
    'career history',
    'relevant experience',
    'freelance experience',
    'professional background',
    'experience and projects',
  ],
  education: ['education', 'academic background', 'education and training', 'academic qualifications', 'academics'],
  skills: [
    'skills',
    'technical skills',
    'core skills',
    'key skills',
    'skills and tools',
    'skills and technologies',
    'core competencies',
    'competencies',
    'expertise',
    'areas of expertise',
    'technologies',
    'tech stack',
    'tools',
  ],
  certifications: [
    'certifications',
    'certification',
    'certificates',
    'licenses',
    'licenses and certifications',
    'certifications and licenses',
    'courses and certifications',
    'certifications and courses',
  ],
  languages: ['languages', 'language', 'language skills', 'spoken languages'],
};

/** Headings that end a section without starting one we keep. */
const OTHER_HEADINGS = [
  'projects',
  'personal projects',
  'side projects',
  'references',
  'interests',
  'hobbies',
  'hobbies and interests',
  'awards',
  'honors',
  'honors and awards',
  'achievements',
  'publications',
  'volunteer',
  'volunteering',
  'volunteer experience',
  'contact',
  'contact information',
  'contact details',
  'personal details',
  'personal information',
  'portfolio',
  'links',
];

const HEADING_INDEX = new Map<string, SectionKey>([
  ...Object.entries(HEADINGS).flatMap(([key, names]) => names.map((name) => [name, key as SectionKey] as const)),
  ...OTHER_HEADINGS.map((name) => [name, 'other'] as const),
]);

const BULLET = /^[\s\-–—*•·●▪■◦‣○►✓✔]+/u;

/** "WORK EXPERIENCE:", "Skills & Tools" → "work experience", "skills and tools". */
const headingKey = (line: string) =>
  line
    .replace(BULLET, '')
    .replace(/[:：]\s*$/, '')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The section a line opens (and any text after "Heading:" on the same line), or undefined. */
function headingOf(line: string): { key: SectionKey; rest: string } | undefined {
  if (line.length <= 48) {
    const key = HEADING_INDEX.get(headingKey(line));
    if (key) return { key, rest: '' };
  }
  const inline = /^([^:：]{2,40})[:：]\s*(.+)$/u.exec(line);
  if (inline) {
    const key = HEADING_INDEX.get(headingKey(inline[1]!));
    if (key) return { key, rest: inline[2]!.trim() };
  }
  return undefined;
}

/** Cuts at the last whole line that fits (or hard at `max` when one line is longer). */
function bounded(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  const cut = value.lastIndexOf('\n', max);
  return (cut > max / 2 ? value.slice(0, cut) : value.slice(0, max)).trim();
}

const URL_PATTERN =
  /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+|\b(?:linkedin\.com|github\.com|gitlab\.com|behance\.net|dribbble\.com|upwork\.com|freelancer\.com)\/[^\s<>"'()[\]{}]+/giu;

/** Every web link the text names (https, www., or a well-known profile site), first 20, unique. */
export function findLinks(text: string): string[] {
  const links: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(/[.,;:!?]+$/u, '');
    const candidate = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
    if (candidate.length > L.linkLength) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if (!url.hostname.includes('.')) continue;
    const href = url.href;
    const key = href.toLowerCase().replace(/\/$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(href);
    if (links.length >= L.links) break;
  }
  return links;
}

/** "Frontend: React, Vue • Node.js | Go" → ["React", "Vue", "Node.js", "Go"]. */
export function splitSkills(lines: readonly string[]): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    // "Frontend: React, Vue": the label before a colon is a group name, not a skill.
    const body = line.replace(/^[^:：,]{1,30}[:：]\s*/u, '');
    for (const part of body.split(/[,;|•·●▪■◦‣\t]|\s[-–—]\s|\s{3,}/u)) {
      const skill = part
        .replace(BULLET, '')
        .replace(/[.\s]+$/u, '')
        .trim();
      if (skill.length < 1 || skill.length > L.skillLength) continue;
      // A sentence is not a skill.
      if (skill.split(/\s+/).length > 5) continue;
      const key = skill.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      skills.push(skill);
      if (skills.length >= L.skills) return skills;
    }
  }
  return skills;
}

/** The résumé's text with bullets made plain dashes and blank runs collapsed. */
const sectionText = (lines: readonly string[]) =>
  lines
    .map((line) => (/^[-–—*•·●▪■◦‣○►✓✔]/u.test(line) ? `- ${line.replace(BULLET, '')}` : line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The details a résumé's text shows; every field empty when the text has no recognisable section. */
export function deriveResumeDetails(text: string): ResumeDetails {
  const sections = new Map<SectionKey, string[]>();
  let current: SectionKey | undefined;
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\t ]+/g, (run) => (run.length >= 3 ? '   ' : ' ')).trim());
  for (const line of lines) {
    const heading = line ? headingOf(line) : undefined;
    if (heading) {
      if (!sections.has(heading.key)) sections.set(heading.key, []);
      // "Tools: React, Node" inside a job adds to the skills; the lines after it stay in the job.
      if (heading.rest) sections.get(heading.key)!.push(heading.rest);
      else current = heading.key;
      continue;
    }
    if (current) sections.get(current)!.push(line);
  }
  const of = (key: SectionKey) => (sections.get(key) ?? []).filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''));
  const languages = of('languages')
    .filter(Boolean)
    .map((line) => line.replace(BULLET, '').trim())
    .join(', ');
  return {
    summary: bounded(sectionText(of('summary')), L.summary),
    skills: splitSkills(of('skills').filter(Boolean)),
    workHistory: bounded(sectionText(of('workHistory')), L.workHistory),
    education: bounded(sectionText(of('education')), L.education),
    certifications: bounded(sectionText(of('certifications')), L.certifications),
    languages: bounded(languages, L.languages),
    links: findLinks(text),
  };
}

/** Empty details (the shape a client shows before anything is found). */
export const EMPTY_RESUME_DETAILS: ResumeDetails = {
  summary: '',
  skills: [],
  workHistory: '',
  education: '',
  certifications: '',
  languages: '',
  links: [],
};

/** The proposal placeholders a résumé can supply (only those it has something for). */
export interface ResumePlaceholders {
  upworkOverview?: string;
  upworkWorkHistory?: string;
  upworkEducation?: string;
  upworkCertifications?: string;
  upworkLanguages?: string;
  skills?: string[];
}

/** The résumé's values for the proposal placeholders; a field the résumé leaves empty is absent. */
export function resumePlaceholders(details: ResumeDetails | null | undefined): ResumePlaceholders {
  if (!details) return {};
  const out: ResumePlaceholders = {};
  const pairs: Array<[keyof Omit<ResumePlaceholders, 'skills'>, string]> = [
    ['upworkOverview', details.summary],
    ['upworkWorkHistory', details.workHistory],
    ['upworkEducation', details.education],
    ['upworkCertifications', details.certifications],
    ['upworkLanguages', details.languages],
  ];
  for (const [name, value] of pairs) if (value.trim() !== '') out[name] = value.trim();
  if (details.skills.length > 0) out.skills = [...details.skills];
  return out;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * A prompt input with the résumé filling what the agent and the profile leave empty: the agent's own
 * fields always win, then the profile's skills and links, then the résumé. Pass the result to
 * `fillPrompt` / `placeholderValues`.
 */
export function withResumeDetails<T extends PromptInput>(input: T, details: ResumeDetails | null | undefined): T {
  if (!details) return input;
  const values = resumePlaceholders(details);
  const agent = { ...input.agent };
  if (blank(agent.upworkOverview) && values.upworkOverview) agent.upworkOverview = values.upworkOverview;
  if (blank(agent.upworkWorkHistory) && values.upworkWorkHistory) agent.upworkWorkHistory = values.upworkWorkHistory;
  if (blank(agent.upworkEducation) && values.upworkEducation) agent.upworkEducation = values.upworkEducation;
  if (blank(agent.upworkCertifications) && values.upworkCertifications) agent.upworkCertifications = values.upworkCertifications;
  if (blank(agent.upworkLanguages) && values.upworkLanguages) agent.upworkLanguages = values.upworkLanguages;
  const profile = { ...(input.profile ?? {}) };
  const noSkills = (agent.skills ?? []).length === 0 && (profile.skills ?? []).length === 0;
  if (noSkills && values.skills) profile.skills = values.skills;
  const noLinks = (agent.portfolioLinks ?? []).length === 0 && (profile.portfolioLinks ?? []).length === 0;
  if (noLinks && details.links.length > 0) profile.portfolioLinks = [...details.links];
  return { ...input, agent, profile };
}
