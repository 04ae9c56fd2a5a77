import { describe, expect, it } from 'vitest';
import { stageNote } from './proposal-state';

describe('a proposal on its way out', () => {
  const now = new Date('2026-11-18T10:00:00');
  it('tells a queued card when it goes out, and a card being written or sent what is happening', () => {
    expect(stageNote({ status: 'processing', stage: 'queued', sendAfter: new Date('2026-11-18T14:20:00').toISOString() }, now)).toEqual({
      key: 'sendsAt',
      at: new Date('2026-11-18T14:20:00'),
      sameDay: true,
    });
    expect(
      stageNote({ status: 'processing', stage: 'queued', sendAfter: new Date('2026-11-19T09:00:00').toISOString() }, now),
    ).toMatchObject({ sameDay: false });
    expect(stageNote({ status: 'processing', stage: 'queued', sendAfter: new Date('2026-11-18T09:00:00').toISOString() }, now)).toEqual({
      key: 'sendsNow',
    });
    expect(stageNote({ status: 'processing', stage: 'sending', sendAfter: null }, now)).toEqual({ key: 'sending' });
    expect(stageNote({ status: 'processing', stage: 'writing', sendAfter: null }, now)).toEqual({ key: 'writing' });
    expect(stageNote({ status: 'draft', stage: null, sendAfter: null }, now)).toBeNull();
  });
});
