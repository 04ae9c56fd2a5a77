import { describe, expect, it } from 'vitest';
import type { PromptJob } from '@shared/prompt-fill';
import { offlineLetter } from './sandbox/letter';
import { buildProposalRequest, readFacts } from './messages';

const job: PromptJob = {
  platform: 'freelancer',
  title: 'Landing page for a yoga studio',
  description: 'We need a calm, fast landing page with a class schedule.',
  type: 'fixed',
  currency: 'USD',
  minBudget: 250,
  maxBudget: 750,
};

describe('the proposal request', () => {
  it("puts the job's title and description in the user message even when the prompt names neither", () => {
    const request = buildProposalRequest({ agent: { platform: 'freelancer', prompt: 'Write a short, friendly letter.' }, job });
    const user = request.messages[1]!.content;
    expect(user).toBe(`Job title: ${job.title}\n\nWrite a short, friendly letter.\n\nJob description:\n${job.description}`);
    // A prompt that names them keeps them where it put them, once.
    const named = buildProposalRequest({ agent: { prompt: 'About "{{jobTitle}}": {{jobDescription}}' }, job }).messages[1]!.content;
    expect(named).toBe(`About "${job.title}": ${job.description}`);
  });

  it('describes a fixed-price job as fixed and an hourly one as hourly', () => {
    const fixed = buildProposalRequest({ agent: { upworkJobType: 'hourly', prompt: 'Propose a {{upworkJobType}} contract.' }, job });
    expect(readFacts(fixed.messages[0]!.content)).toMatchObject({ contract: 'fixed price', budget: 'USD 250–750' });
    expect(fixed.messages[1]!.content).toContain('Propose a fixed-price contract.');
    const hourly = buildProposalRequest({
      agent: { upworkJobType: 'fixed', prompt: 'Propose a {{upworkJobType}} contract.' },
      job: { ...job, type: 'hourly' },
    });
    expect(readFacts(hourly.messages[0]!.content)).toMatchObject({ contract: 'hourly', budget: 'USD 250–750 per hour' });
    expect(hourly.messages[1]!.content).toContain('Propose an hourly contract.');
  });
});

describe('the offline letter', () => {
  it('never signs with a headline when the name is empty, and leaves no empty sentence', () => {
    // The line of older templates: "- Name: {{upworkFreelancerName}}, {{upworkProfileTitle}}".
    const prompt =
      'Write a letter for this job.\n\nAbout me:\n- Name: {{upworkFreelancerName}}, {{upworkProfileTitle}}\n- Skills: {{skills}}';
    const request = buildProposalRequest({
      agent: { platform: 'freelancer', upworkProfileTitle: 'Web designer', skills: ['WordPress'], prompt },
      job,
    });
    expect(request.messages[1]!.content).toContain('- Name: Web designer');
    const letter = offlineLetter(request.messages[0]!.content, request.messages[1]!.content, request.limit);
    expect(letter).toContain(`"${job.title}"`);
    expect(letter.endsWith('Best regards')).toBe(true);
    expect(letter).not.toMatch(/Web designer$|: \.|\(\)|, \./);
  });
});
