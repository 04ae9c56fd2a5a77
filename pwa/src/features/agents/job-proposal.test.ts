import { describe, expect, it } from 'vitest';
import { letterProblem, needsManualSend, waitsForShare } from './job-proposal';

describe('job proposals', () => {
  it('knows a draft that must be sent by hand: marked so by the runner, or by its note from before', () => {
    const note = 'Send this proposal from Upwork: open the job, paste the letter and submit.';
    expect(needsManualSend({ platform: 'upwork', status: 'draft', lastError: null, manualSend: true })).toBe(true);
    expect(needsManualSend({ platform: 'upwork', status: 'draft', lastError: note, manualSend: false })).toBe(true);
    expect(needsManualSend({ platform: 'upwork', status: 'draft', lastError: null, manualSend: false })).toBe(false);
    expect(needsManualSend({ platform: 'upwork', status: 'completed', lastError: null, manualSend: true })).toBe(false);
    expect(needsManualSend({ platform: 'freelancer', status: 'draft', lastError: note, manualSend: false })).toBe(false);
  });

  it('says a draft waits for the next share only while it is a draft no pause holds', () => {
    expect(waitsForShare({ status: 'draft', waitingShare: true, heldByPause: false, userEdited: false })).toBe(true);
    expect(waitsForShare({ status: 'draft', waitingShare: false, heldByPause: false, userEdited: false })).toBe(false);
    expect(waitsForShare({ status: 'draft', waitingShare: true, heldByPause: true, userEdited: false })).toBe(false);
    expect(waitsForShare({ status: 'draft', waitingShare: true, heldByPause: false, userEdited: true })).toBe(false);
    expect(waitsForShare({ status: 'processing', waitingShare: true, heldByPause: false, userEdited: false })).toBe(false);
  });

  it('refuses an empty or too long letter', () => {
    expect(letterProblem('  \n ')).toBe('letterEmpty');
    expect(letterProblem('x'.repeat(8001))).toBe('letterTooLong');
    expect(letterProblem(` ${'x'.repeat(8000)} `)).toBeNull();
  });
});
