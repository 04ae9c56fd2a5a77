import { describe, expect, it } from 'vitest';
import { unsyncedCount, unsyncedFile, type Unsynced } from './unsynced';
import type { OutboxEntry } from './outbox-table';
import type { KeptDraft } from './kept-drafts-table';

describe('the copy of what the server does not have yet', () => {
  it('lists each change (what, on what, with which values, when) and each kept draft, as JSON named by the day', () => {
    const unsynced: Unsynced = {
      changes: [
        {
          seq: 1,
          id: 'k1',
          op: 'update',
          entity: 'agent',
          entityId: 'a1',
          payload: { title: 'Renamed offline' },
          createdAt: Date.UTC(2025, 0, 2, 10),
        } as unknown as OutboxEntry,
      ],
      keptDrafts: [
        {
          id: 'd1',
          userId: 'u1',
          name: 'Kept',
          fields: { title: 'Kept' },
          reason: { code: 'plan_limit', message: 'x' },
          keptAt: 0,
        } as unknown as KeptDraft,
      ],
    };
    expect(unsyncedCount(unsynced)).toBe(2);
    const file = unsyncedFile(unsynced, new Date(Date.UTC(2025, 0, 3)));
    expect(file.name).toBe('bidpilot-unsent-changes-2025-01-03.json');
    expect(JSON.parse(file.text)).toEqual({
      exportedAt: '2025-01-03T00:00:00.000Z',
      changes: [
        { op: 'update', entity: 'agent', entityId: 'a1', payload: { title: 'Renamed offline' }, createdAt: '2025-01-02T10:00:00.000Z' },
      ],
      keptDrafts: [{ name: 'Kept', fields: { title: 'Kept' }, keptAt: '1970-01-01T00:00:00.000Z' }],
    });
  });
});
