import { describe, expect, it } from 'vitest';
import { noticeText, syncStatusLine } from './SyncStatus';

const idle = { active: true, offline: false, syncing: false, pendingCount: 0, lastSyncedAt: null, lastError: null };

describe('syncStatusLine', () => {
  it.each([
    ['offline first', { ...idle, offline: true, syncing: true, pendingCount: 2 }, { key: 'sync.offline', retry: false }],
    [
      "a new device's history, while it syncs",
      { ...idle, syncing: true, history: { stored: 500, total: 10_000 } },
      { key: 'sync.history', stored: 500, total: 10_000, retry: false },
    ],
    ['then syncing', { ...idle, syncing: true, pendingCount: 2 }, { key: 'sync.syncing', retry: false }],
    ['syncing, the history stopped at its window', { ...idle, syncing: true, history: null }, { key: 'sync.syncing', retry: false }],
    [
      'then a failure',
      { ...idle, pendingCount: 2, lastError: { code: 'internal_error', message: 'x' } },
      { key: 'sync.failed', retry: true },
    ],
    ['then changes waiting', { ...idle, pendingCount: 2, lastSyncedAt: 5 }, { key: 'sync.pending', count: 2, retry: true }],
    ['then last synced', { ...idle, lastSyncedAt: 5 }, { key: 'sync.lastSynced', time: 5, retry: false }],
    ['never synced', idle, { key: 'sync.never', retry: false }],
  ])('%s', (_name, status, expected) => {
    expect(syncStatusLine(status)).toEqual(expected);
  });
});

describe('noticeText', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
  const base = {
    id: 1,
    entity: 'agent' as const,
    entityId: 'a',
    entityName: 'Bot',
    code: 'plan_limit',
    message: 'Max 1',
    lost: [],
    createdAt: 0,
  };

  it('names the refused operation and the reason', () => {
    expect(noticeText(t, { ...base, kind: 'rejected', op: 'create' })).toBe(
      'sync.rejectedCreate {"name":"Bot","reason":"errors.plan_limit {\\"defaultValue\\":\\"Max 1\\"}"}',
    );
    expect(noticeText(t, { ...base, kind: 'rejected', op: 'status' })).toMatch(/^sync.rejectedUpdate/);
  });

  it('says which proposal decision was refused, and why', () => {
    const refused = {
      ...base,
      entity: 'jobItem' as const,
      kind: 'rejected' as const,
      op: 'approve' as const,
      entityName: 'Logo design',
      code: 'conflict',
      message: 'Only a draft can be approved',
    };
    expect(noticeText(t, refused)).toBe(
      'sync.rejectedProposal {"name":"Logo design","reason":"errors.conflict {\\"defaultValue\\":\\"Only a draft can be approved\\"}"}',
    );
    expect(noticeText(t, { ...refused, entityName: '' })).toMatch(/^sync.rejectedProposal \{"name":"sync.unnamedProposal \{\}"/);
  });

  it('lists the fields that lost in a conflict by their translated labels', () => {
    const lost = [
      { field: 'name', yours: 'a', theirs: 'b' },
      { field: 'location', yours: 'c', theirs: 'd' },
    ];
    expect(noticeText(t, { ...base, kind: 'conflict', op: 'update', entityName: '', lost })).toBe(
      'sync.conflict {"name":"sync.unnamed {}","fields":"agents.fields.name {\\"defaultValue\\":\\"name\\"}, agents.fields.location {\\"defaultValue\\":\\"location\\"}"}',
    );
  });
});
