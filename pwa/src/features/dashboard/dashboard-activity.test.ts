import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/schemas/dashboard';
import {
  activityCacheKey,
  activityLine,
  markReferralWelcomeSeen,
  readCachedActivity,
  REFERRAL_WELCOME_KEY,
  shouldShowReferralWelcome,
  writeCachedActivity,
} from './dashboard-activity';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const entry = (over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 1,
  kind: 'agent_run',
  agentId: 'a1',
  jobItemId: null,
  data: {},
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
const names = (id: string) => (id === 'a1' ? 'Designer' : undefined);

describe('activityLine', () => {
  it.each<[string, Partial<ActivityEntry>, { key: string; values: Record<string, unknown>; agentHref: string | null }]>([
    [
      'a run with its counts',
      { data: { found: 5, drafts: 2, queued: 1 } },
      {
        key: 'dashboard.activity.kinds.agent_run',
        values: { agent: 'Designer', found: 5, drafts: 2, queued: 1 },
        agentHref: '/dashboard/automations/a1',
      },
    ],
    [
      'a run with missing counts reads 0',
      { data: { found: 'x' } },
      {
        key: 'dashboard.activity.kinds.agent_run',
        values: { agent: 'Designer', found: 0, drafts: 0, queued: 0 },
        agentHref: '/dashboard/automations/a1',
      },
    ],
    [
      'a sent proposal',
      { kind: 'proposal_sent', jobItemId: 'j' },
      { key: 'dashboard.activity.kinds.proposal_sent', values: { agent: 'Designer' }, agentHref: '/dashboard/automations/a1' },
    ],
    [
      'an agent deleted since',
      { kind: 'proposal_failed', agentId: 'gone' },
      { key: 'dashboard.activity.kinds.proposal_failed', values: { agent: 'an agent' }, agentHref: null },
    ],
    [
      'a payment',
      { kind: 'payment', agentId: null, data: { plan: 'pro' } },
      { key: 'dashboard.activity.kinds.payment', values: { agent: 'an agent', plan: 'pro' }, agentHref: null },
    ],
    [
      'a kind this app does not know',
      { kind: 'future_thing' },
      { key: 'dashboard.activity.kinds.other', values: { agent: 'Designer' }, agentHref: '/dashboard/automations/a1' },
    ],
  ])('%s', (_label, over, expected) => {
    expect(activityLine(entry(over), names, 'an agent')).toEqual(expected);
  });
});

describe('the saved feed', () => {
  it('round-trips per user and ignores what is not a feed', () => {
    const storage = new MemoryStorage();
    writeCachedActivity(storage, 'u1', [entry()], 1000);
    expect(readCachedActivity(storage, 'u1')).toEqual({ savedAt: 1000, value: [entry()] });
    expect(readCachedActivity(storage, 'u2')).toBeNull();
    storage.setItem(activityCacheKey('u1'), JSON.stringify({ savedAt: 1, value: [{ id: 'x' }] }));
    expect(readCachedActivity(storage, 'u1')).toBeNull();
    storage.setItem(activityCacheKey('u1'), '{broken');
    expect(readCachedActivity(storage, 'u1')).toBeNull();
    expect(readCachedActivity(undefined, 'u1')).toBeNull();
  });
});

describe('the referral welcome', () => {
  it('shows once per user and device, never under automation', () => {
    const storage = new MemoryStorage();
    expect(shouldShowReferralWelcome(storage)).toBe(true);
    markReferralWelcomeSeen(storage, 5);
    expect(storage.getItem(REFERRAL_WELCOME_KEY)).toBe('5');
    expect(shouldShowReferralWelcome(storage)).toBe(false);
    expect(shouldShowReferralWelcome(undefined)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(shouldShowReferralWelcome(broken)).toBe(false);
  });
});
