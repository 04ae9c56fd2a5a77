import { describe, expect, it } from 'vitest';
import { changedFields, changedValues, conflictingFields, sameValue } from './field-merge';

describe('sameValue', () => {
  it.each<[unknown, unknown, boolean]>([
    ['a', 'a', true],
    ['a', 'b', false],
    [3, 3, true],
    [3, '3', false],
    [['go', 'rust'], ['go', 'rust'], true],
    [['go', 'rust'], ['rust', 'go'], false],
    [{ a: 1, b: [2] }, { a: 1, b: [2] }, true],
    [null, null, true],
    [null, undefined, false],
    [undefined, undefined, true],
  ])('%j ~ %j: %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
  });
});

describe('changedValues and changedFields', () => {
  const current = { name: 'Agent', skills: ['go'], emailsPerDay: 5 };

  it('keeps only the set fields that differ from the current record', () => {
    const patch = { name: 'Agent', skills: ['go', 'rust'], emailsPerDay: undefined, location: 'Lagos' };
    expect(changedValues(patch, current)).toEqual({ skills: ['go', 'rust'], location: 'Lagos' });
    expect(changedFields(patch, current)).toEqual(['skills', 'location']);
  });

  it('an equal list by content is no change', () => {
    expect(changedFields({ skills: ['go'] }, current)).toEqual([]);
  });
});

describe('conflictingFields', () => {
  const current = { name: 'Server', location: 'Berlin', skills: ['go'] };
  const fieldVersions = { name: 4, location: 2 };

  it.each<[string, Parameters<typeof conflictingFields>[0], string[]]>([
    [
      'a field changed after the base, set to another value, conflicts',
      { patch: { name: 'Mine' }, current, fieldVersions, baseVersion: 3 },
      ['name'],
    ],
    ['a field changed at or before the base does not', { patch: { location: 'Lagos' }, current, fieldVersions, baseVersion: 3 }, []],
    ['the same value as the server is no conflict', { patch: { name: 'Server' }, current, fieldVersions, baseVersion: 3 }, []],
    ['without a base nothing conflicts', { patch: { name: 'Mine' }, current, fieldVersions }, []],
    [
      'a field’s own base wins over the write’s',
      { patch: { name: 'Mine', location: 'Lagos' }, current, fieldVersions, baseVersion: 1, baseVersions: { name: 4 } },
      ['location'],
    ],
    ['an unset field is left out', { patch: { name: undefined }, current, fieldVersions, baseVersion: 1 }, []],
    [
      'a field with no recorded version counts as changed at version 1',
      { patch: { skills: ['rust'] }, current, fieldVersions, baseVersion: 0 },
      ['skills'],
    ],
    ['… or at `unknownVersion`', { patch: { skills: ['rust'] }, current, fieldVersions, baseVersion: 0, unknownVersion: 0 }, []],
  ])('%s', (_name, input, expected) => {
    expect(conflictingFields(input)).toEqual(expected);
  });
});
