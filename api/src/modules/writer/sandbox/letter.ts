import { trimAtSentence } from '@shared/prompt-fill';
import { readFacts } from '../messages';

/**
 * The offline writer: a plain, honest cover letter built from the request alone (the reference
 * facts of the system message and the filled prompt), the same letter for the same request.
 */

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const joinAnd = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A line of the prompt such as "- Overview: …" or "Name: …". */
function promptField(prompt: string, label: string): string {
  const match = prompt.match(new RegExp(`^[-*•\\s]*${label}:[ \\t]*(.+)$`, 'im'));
  return match?.[1]?.trim() ?? '';
}

const sentence = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  const one = end > 0 ? flat.slice(0, end + 1) : flat;
  return one.length > max ? `${one.slice(0, max - 1).trimEnd()}…` : one;
};

export function offlineLetter(system: string, prompt: string, maxChars: number): string {
  const facts = readFacts(system);
  const haystack = `${facts.jobTitle ?? ''} ${facts.jobSummary ?? ''}`.toLowerCase();
  const mentions = (skill: string) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${skill.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
  const skills = splitList(facts.skills ?? promptField(prompt, 'Skills'));
  const jobSkills = splitList(facts.jobSkills).map((s) => s.toLowerCase());
  const matched = skills.filter((skill) => jobSkills.includes(skill.toLowerCase()) || mentions(skill));
  // The facts block says what is known; the prompt's own lines are read only without one.
  const known = Object.keys(facts).length > 0;
  const name = facts.freelancer ?? (known ? '' : (promptField(prompt, 'Name').split(',')[0]?.trim() ?? ''));
  const overview = facts.overview ?? (known ? '' : sentence(promptField(prompt, 'Overview'), 240));
  const title = facts.jobTitle;

  const paragraphs: string[] = [];
  paragraphs.push(`Hello${facts.client ? ` ${facts.client}` : ''},`);
  const opening = title ? `I read your post "${title}" and would be glad to help.` : 'I read your post and would be glad to help.';
  const fit =
    matched.length > 0
      ? ` It matches the work I do with ${joinAnd(matched.slice(0, 4))}.`
      : skills.length > 0
        ? ` I work with ${joinAnd(skills.slice(0, 4))}.`
        : '';
  paragraphs.push(`${opening}${fit}`);
  if (facts.jobSummary) {
    paragraphs.push(
      `You write: "${sentence(facts.jobSummary, 200)}" I would start by confirming the scope and priorities with you, then deliver in small steps you can review, so you see progress early and can steer it.`,
    );
  } else {
    paragraphs.push('I would start by confirming the scope and priorities with you, then deliver in small steps you can review.');
  }
  if (overview) paragraphs.push(`A little about me: ${overview}`);
  if (facts.price) paragraphs.push(`My price for this is ${facts.price}.`);
  paragraphs.push('Could you tell me more about your timeline and what a successful result looks like for you?');
  paragraphs.push(name ? `Best regards,\n${name}` : 'Best regards');
  return trimAtSentence(paragraphs.join('\n\n'), maxChars);
}
