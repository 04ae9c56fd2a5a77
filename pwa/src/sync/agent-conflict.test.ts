import { describe, expect, it } from 'vitest';
import { resolveConflict, type ConflictInput } from './agent-conflict';

const current = { version: 7, name: 'Server name', location: 'Berlin', skills: ['go', 'rust'], emailsPerDay: 5, status: 'paused' };

describe('resolveConflict', () => {
  it.each<[string, Omit<ConflictInput, 'current'>, ReturnType<typeof resolveConflict>]>([
    [
      'the server wins its field, the other field goes again on the new version',
      { changes: { name: 'Mine', location: 'Lagos' }, conflictFields: ['name'] },
      { retry: { location: 'Lagos' }, baseVersion: 7, lost: [{ field: 'name', yours: 'Mine', theirs: 'Server name' }] },
    ],
    [
      'every field conflicts: nothing to send again',
      { changes: { name: 'Mine', location: 'Lagos' }, conflictFields: ['name', 'location'] },
      {
        retry: null,
        baseVersion: 7,
        lost: [
          { field: 'name', yours: 'Mine', theirs: 'Server name' },
          { field: 'location', yours: 'Lagos', theirs: 'Berlin' },
        ],
      },
    ],
    [
      'a field already equal to the server value is neither lost nor resent',
      { changes: { location: 'Berlin', emailsPerDay: 9 }, conflictFields: ['location'] },
      { retry: { emailsPerDay: 9 }, baseVersion: 7, lost: [] },
    ],
    [
      'arrays compare by content',
      { changes: { skills: ['go', 'rust'], name: 'Mine' }, conflictFields: ['skills'] },
      { retry: { name: 'Mine' }, baseVersion: 7, lost: [] },
    ],
    [
      'a conflicting field the write did not touch is ignored',
      { changes: { location: 'Lagos' }, conflictFields: ['name'] },
      { retry: { location: 'Lagos' }, baseVersion: 7, lost: [] },
    ],
    [
      'status conflicts like any field',
      { changes: { status: 'active' }, conflictFields: ['status'] },
      { retry: null, baseVersion: 7, lost: [{ field: 'status', yours: 'active', theirs: 'paused' }] },
    ],
    [
      'undefined values are not changes',
      { changes: { name: undefined, location: 'Lagos' }, conflictFields: [] },
      { retry: { location: 'Lagos' }, baseVersion: 7, lost: [] },
    ],
    ['nothing changed', { changes: {}, conflictFields: ['name'] }, { retry: null, baseVersion: 7, lost: [] }],
  ])('%s', (_name, input, expected) => {
    expect(resolveConflict({ ...input, current })).toEqual(expected);
  });
});
