import { describe, expect, it } from 'vitest';
import { letterProblem, needsManualSend } from './job-proposal';

describe('job proposals', () => {
  it('knows an Upwork draft that must be sent by hand from the runner note', () => {
    const note = 'Send this proposal from Upwork: open the job, paste the letter and submit.';
    expect(needsManualSend({ platform: 'upwork', status: 'draft', lastError: note })).toBe(true);
    expect(needsManualSend({ platform: 'upwork', status: 'draft', lastError: null })).toBe(false);
    expect(needsManualSend({ platform: 'upwork', status: 'completed', lastError: note })).toBe(false);
    expect(needsManualSend({ platform: 'freelancer', status: 'draft', lastError: note })).toBe(false);
  });

  it('refuses an empty or too long letter', () => {
    expect(letterProblem('  \n ')).toBe('letterEmpty');
    expect(letterProblem('x'.repeat(8001))).toBe('letterTooLong');
    expect(letterProblem(` ${'x'.repeat(8000)} `)).toBeNull();
  });
});
