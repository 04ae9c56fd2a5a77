import { describe, expect, it } from 'vitest';
import type { ProposalFate } from '../marketplaces/types';
import { firstLine, outcomeFromFate } from './outcome-rules';
import { DEFAULT_OUTCOME_TIMES, nextCheckDelay } from './outcome-schedule';

const fate = (state: ProposalFate['state'], message = false): ProposalFate => ({
  proposalExternalId: '1',
  state,
  raw: state,
  clientMessage: message ? { id: 'm', text: 'Hi!', at: null } : null,
  conversation: message ? [{ id: 'm', from: 'client', text: 'Hi!', at: null }] : [],
  messagesReadable: true,
});

describe('outcomeFromFate', () => {
  it.each([
    [null, fate('open'), null, false],
    [null, fate('open', true), 'replied', false],
    [null, fate('shortlisted'), 'interview', false],
    ['interview', fate('open', true), 'interview', false],
    [null, fate('won'), 'hired', false],
    [null, fate('hired'), 'hired', true],
    ['replied', fate('lost', true), 'lost', true],
    ['hired', fate('closed'), 'hired', true],
    ['replied', fate('closed'), 'lost', true],
    ['replied', fate('withdrawn'), 'replied', true],
    ['hired', fate('lost'), 'lost', true],
  ] as const)('%s + %o → %s', (current, given, outcome, final) => {
    expect(outcomeFromFate(current, given)).toEqual({ outcome, final });
  });
});

describe('the check schedule', () => {
  it('waits 15 min, then twice as long each time, up to 12 h, spread by ±20 %', () => {
    const waits = Array.from({ length: 10 }, (_, checks) => nextCheckDelay(checks, DEFAULT_OUTCOME_TIMES, () => 0.5) / 60_000);
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 720, 720, 720, 720]);
    expect(nextCheckDelay(0, DEFAULT_OUTCOME_TIMES, () => 0) / 60_000).toBe(12);
    expect(nextCheckDelay(0, DEFAULT_OUTCOME_TIMES, () => 1) / 60_000).toBe(18);
  });
});

describe('firstLine', () => {
  it('takes the first non-empty line, shortened', () => {
    expect(firstLine('\n  Hello there!  \nSecond line')).toBe('Hello there!');
    expect(firstLine('x'.repeat(200), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
