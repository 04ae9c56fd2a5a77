import { describe, expect, it } from 'vitest';
import { sendBases, type BasedEntry, type SendBases } from './send-base';

const server = { version: 5, name: 'From tab A', emailsPerDay: 3, skills: ['go'] };

describe('sendBases', () => {
  it.each<[string, BasedEntry, SendBases]>([
    ['no seen values (an older entry): the base it was made with', { baseVersion: 2 }, { baseVersion: 2 }],
    [
      'the user saw the current value of every field it touches: the current version',
      { baseVersion: 2, seen: { emailsPerDay: 3, skills: ['go'] } },
      { baseVersion: 5 },
    ],
    [
      'a field changed since the user saw it: the version they saw (the server answers 409)',
      { baseVersion: 2, seen: { name: 'Old name' } },
      { baseVersion: 2 },
    ],
    [
      'one field seen current, one changed since: a base per field',
      { baseVersion: 2, seen: { name: 'Old name', emailsPerDay: 3 } },
      { baseVersion: 2, baseVersions: { name: 2, emailsPerDay: 5 } },
    ],
    [
      'made on an agent that was not on the server yet, seen values current: the current version',
      { baseVersion: null, seen: { name: 'From tab A' } },
      { baseVersion: 5 },
    ],
    [
      'made on an agent that was not on the server yet, a field changed since: its first version',
      { baseVersion: null, seen: { name: 'Draft name' } },
      { baseVersion: 1 },
    ],
    ['never moves a base back', { baseVersion: 7, seen: { emailsPerDay: 3 } }, { baseVersion: 7 }],
  ])('%s', (_name, entry, expected) => {
    expect(sendBases(entry, server)).toEqual(expected);
  });

  it('version 0 (settings never changed) is a base like any other', () => {
    const settings = { version: 0, draftWaiting: true };
    expect(sendBases({ baseVersion: 0, seen: { draftWaiting: true } }, settings)).toEqual({ baseVersion: 0 });
  });

  it('keeps the base when there is no server copy', () => {
    expect(sendBases({ baseVersion: null, seen: { name: 'x' } }, null)).toEqual({ baseVersion: null });
  });
});
