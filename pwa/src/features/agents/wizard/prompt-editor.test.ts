import { describe, expect, it } from 'vitest';
import { PROMPT_TEMPLATE_TEXTS, promptFor } from '@shared/prompt-templates';
import { placeholderNamed, UPWORK_ONLY_PLACEHOLDERS } from '@shared/prompt-input';
import { PROMPT_TEMPLATES } from '@shared/schemas/agent';
import { addTag } from '../../../ui/TagInput';
import { badgeVariant } from '../JobProposals';
import { insertAt, offeredPlaceholders, placeholderText } from './PromptEditor';

describe('prompt templates', () => {
  it('has a text for every template, blank only for custom, using known placeholders and the job', () => {
    for (const id of PROMPT_TEMPLATES) {
      const text = PROMPT_TEMPLATE_TEXTS[id];
      if (id === 'custom') expect(text).toBe('');
      else {
        const used = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
        expect(used.map(placeholderNamed)).toContain('jobDescription');
        expect(used.map(placeholderNamed)).toContain('upworkFreelancerName');
        expect(used.filter((n) => !placeholderNamed(n))).toEqual([]);
        // Named for what they are, never Upwork's names.
        expect(used.filter((n) => n.startsWith('upwork'))).toEqual([]);
      }
    }
  });
  it('uses the user’s own prompt when written, else the template', () => {
    expect(promptFor('graphic_design', '  ')).toBe(PROMPT_TEMPLATE_TEXTS.graphic_design);
    expect(promptFor('graphic_design', 'Mine')).toBe('Mine');
  });
  it('offers a Freelancer.com agent no placeholder of Upwork’s own, and writes each under its neutral name', () => {
    const freelancer = offeredPlaceholders('freelancer');
    expect(freelancer.some((name) => UPWORK_ONLY_PLACEHOLDERS.has(name))).toBe(false);
    expect(freelancer).toContain('upworkWorkHistory');
    expect(offeredPlaceholders('upwork')).toContain('upworkSpecializedProfiles');
    expect(freelancer.map(placeholderText)).toContain('{{workHistory}}');
    expect(freelancer.map(placeholderText).some((token) => token.startsWith('{{upwork'))).toBe(false);
  });
  it('inserts a placeholder at the caret or over the selection', () => {
    expect(insertAt('Hello world', '{{skills}}', 6, 6)).toEqual({ text: 'Hello {{skills}}world', caret: 16 });
    expect(insertAt('Hello world', 'X', 6, 11)).toEqual({ text: 'Hello X', caret: 7 });
    expect(insertAt('', 'X', 5, 9)).toEqual({ text: 'X', caret: 1 });
  });
});

describe('tags and badges', () => {
  it('adds trimmed tags, ignoring blanks and duplicates', () => {
    expect(addTag(['React'], ' Node ')).toEqual(['React', 'Node']);
    expect(addTag(['React'], 'react')).toEqual(['React']);
    expect(addTag(['React'], '   ')).toEqual(['React']);
  });
  it('maps job statuses to the specification’s badges', () => {
    expect(['completed', 'processing', 'failed', 'draft', 'skipped'].map(badgeVariant)).toEqual([
      'default',
      'secondary',
      'destructive',
      'outline',
      'outline',
    ]);
  });
});
