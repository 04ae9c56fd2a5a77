import { describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import type { OutboxEntry } from './outbox-table';
import { draftAgent } from './agent-draft';
import { advanceBases, rebaseAgent } from './agent-rebase';

const server: Agent = {
  ...draftAgent({ id: 'a1', userId: 'u1', fields: { title: 'Base', platform: 'upwork' }, now: '2026-01-01T00:00:00Z' }),
  version: 3,
};

let seq = 0;
const entry = (op: OutboxEntry['op'], payload: object, baseVersion: number | null = 3): OutboxEntry =>
  ({
    seq: ++seq,
    id: `k${seq}`,
    entity: 'agent',
    entityId: 'a1',
    op,
    payload,
    baseVersion,
    createdAt: 0,
    attempts: 0,
    lastError: null,
    state: 'pending',
  }) as OutboxEntry;

describe('rebaseAgent', () => {
  it.each<[string, OutboxEntry[], Partial<Agent>, boolean]>([
    ['no pending entries: the server record', [], { title: 'Base', location: 'Remote', version: 3 }, false],
    [
      'pending fields on top, later entries win',
      [entry('update', { location: 'A', prompt: 'p' }), entry('update', { location: 'B' })],
      { location: 'B', prompt: 'p', version: 3 },
      false,
    ],
    ['status keeps active in step', [entry('status', { status: 'active' })], { status: 'active', active: true }, false],
    ['a pending delete hides it', [entry('update', { location: 'A' }), entry('delete', {})], { location: 'A' }, true],
    ['a create replayed over the server record', [entry('create', { title: 'Mine', platform: 'upwork' }, null)], { title: 'Mine' }, false],
  ])('%s', (_name, pending, expected, deleted) => {
    const view = rebaseAgent(server, pending);
    expect(view.agent).toMatchObject(expected);
    expect(view.deleted).toBe(deleted);
  });
});

describe('advanceBases', () => {
  const after: Agent = { ...server, version: 4, prompt: 'first' };

  it.each<[string, OutboxEntry, Agent, Record<string, unknown>, number | null]>([
    [
      'an edit of the field just acknowledged moves to the new version',
      entry('update', { prompt: 'second' }),
      after,
      { prompt: 'first' },
      4,
    ],
    ['an edit of an untouched field moves too', entry('update', { location: 'x' }), after, { prompt: 'first' }, 4],
    [
      'a field changed elsewhere meanwhile keeps the old base (the server answers 409)',
      entry('update', { location: 'x' }),
      { ...after, location: 'Elsewhere' },
      { prompt: 'first' },
      null,
    ],
    ['an entry made on an older version is left alone', entry('update', { prompt: 'x' }, 2), after, { prompt: 'first' }, null],
    ['an entry with no base (made on a draft) is left alone', entry('update', { prompt: 'x' }, null), after, { prompt: 'first' }, null],
    [
      'status is a field like the others',
      entry('status', { status: 'active' }),
      { ...after, status: 'active', active: true },
      { status: 'active' },
      4,
    ],
  ])('%s', (_name, later, answer, acked, moved) => {
    const moves = advanceBases({ later: [later], before: server, after: answer, acked });
    expect(moves).toEqual(moved === null ? [] : [{ seq: later.seq, baseVersion: moved }]);
  });

  it('an entry that says what the user saw is based when it is sent, not moved here', () => {
    const stale = { ...entry('update', { prompt: 'mine' }), seen: { prompt: '' } } as OutboxEntry;
    expect(advanceBases({ later: [stale], before: server, after, acked: { prompt: 'first' } })).toEqual([]);
  });

  it('nothing moves without a known server record before', () => {
    expect(advanceBases({ later: [entry('update', { prompt: 'x' })], before: null, after, acked: {} })).toEqual([]);
  });
});
