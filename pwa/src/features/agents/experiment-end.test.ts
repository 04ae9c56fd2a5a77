import { describe, expect, it } from 'vitest';
import { PROMPT_TEMPLATE_TEXTS } from '@shared/prompt-templates';
import { agentFieldsSchema, type Experiment } from '@shared/schemas/agent';
import { endExperimentFields } from './experiment-end';

const experiment: Experiment = {
  id: 'e1',
  arms: ['custom', 'web_development'],
  assignment: 'thompson',
  metric: 'replied',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  winner: null,
};
const now = new Date('2026-02-01T10:00:00.000Z');

describe('endExperimentFields', () => {
  it('keeps a template winner as the agent’s template, with that template’s text', () => {
    const fields = endExperimentFields({ prompt: 'My own words' }, experiment, 'web_development', now);
    expect(fields).toEqual({
      experiment: { ...experiment, endedAt: now.toISOString(), winner: 'web_development' },
      promptTemplate: 'web_development',
      prompt: PROMPT_TEMPLATE_TEXTS.web_development,
    });
    // What the server validates.
    expect(agentFieldsSchema.partial().safeParse(fields).success).toBe(true);
  });

  it('keeps the user’s own prompt when it won, and changes nothing else when stopped', () => {
    expect(endExperimentFields({ prompt: 'My own words' }, experiment, 'custom', now)).toMatchObject({
      promptTemplate: 'custom',
      prompt: 'My own words',
    });
    expect(endExperimentFields({ prompt: 'x' }, experiment, null, now)).toEqual({
      experiment: { ...experiment, endedAt: now.toISOString(), winner: null },
    });
  });

  it('cannot name a winner that was not in the experiment', () => {
    const fields = endExperimentFields({ prompt: '' }, experiment, 'graphic_design', now);
    expect(agentFieldsSchema.partial().safeParse(fields).success).toBe(false);
  });
});
