import { describe, expect, it } from 'vitest';
import { sendBase, type BasedEntry } from './send-base';

const server = { version: 5, name: 'From tab A', emailsPerDay: 3, skills: ['go'] };

describe('sendBase', () => {
  it.each<[string, BasedEntry, number | null]>([
    ['no seen values (an older entry): the base it was made with', { baseVersion: 2 }, 2],
    ['the user saw the current value of every field it touches: the current version', { baseVersion: 2, seen: { emailsPerDay: 3, skills: ['go'] } }, 5],
    ['a field changed since the user saw it: the version they saw (the server answers 409)', { baseVersion: 2, seen: { name: 'Old name' } }, 2],
    ['made on an agent that was not on the server yet, seen values current: the current version', { baseVersion: null, seen: { name: 'From tab A' } }, 5],
    ['made on an agent that was not on the server yet, a field changed since: its first version', { baseVersion: null, seen: { name: 'Draft name' } }, 1],
    ['never moves a base back', { baseVersion: 7, seen: { emailsPerDay: 3 } }, 7],
  ])('%s', (_name, entry, expected) => {
    expect(sendBase(entry, server)).toBe(expected);
  });

  it('version 0 (settings never changed) is a base like any other', () => {
    const settings = { version: 0, draftWaiting: true };
    expect(sendBase({ baseVersion: 0, seen: { draftWaiting: true } }, settings)).toBe(0);
  });

  it('keeps the base when there is no server copy', () => {
    expect(sendBase({ baseVersion: null, seen: { name: 'x' } }, null)).toBeNull();
  });
});
