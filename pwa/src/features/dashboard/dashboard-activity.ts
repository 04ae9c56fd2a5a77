import { ACTIVITY_KINDS, activityListResponseSchema, type ActivityEntry, type ActivityKind } from '@shared/schemas/dashboard';
import { readCached, writeCached, type CacheStorage, type Cached } from '../billing/billing-cache';

/** The session-storage key of a user's last activity feed (shown, marked as saved, when offline). */
export const activityCacheKey = (userId: string) => `bidpilot_dashboard:${userId}:activity`;

/** Reads the saved feed, dropping anything that is not a feed (an older app's copy, a hand edit). */
export function readCachedActivity(storage: CacheStorage | undefined, userId: string): Cached<ActivityEntry[]> | null {
  const saved = readCached<unknown>(storage, activityCacheKey(userId));
  if (!saved) return null;
  const parsed = activityListResponseSchema.safeParse({ data: saved.value });
  return parsed.success ? { savedAt: saved.savedAt, value: parsed.data.data } : null;
}

export function writeCachedActivity(storage: CacheStorage | undefined, userId: string, entries: ActivityEntry[], now: number): void {
  writeCached(storage, activityCacheKey(userId), entries, now);
}

const KNOWN: ReadonlySet<string> = new Set(ACTIVITY_KINDS);

export interface ActivityLine {
  /** The translation key (`dashboard.activity.kinds.<kind>`, `...other` for a kind this app does not know). */
  key: string;
  values: Record<string, string | number>;
  /** The agent's page, when the entry names an agent. */
  agentHref: string | null;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * What one entry says: its key and the values the sentence needs. `agentName` is the agent's name
 * on this device (the feed only carries ids); a deleted agent reads as `unknownAgent`.
 */
export function activityLine(entry: ActivityEntry, agentName: (id: string) => string | undefined, unknownAgent: string): ActivityLine {
  const kind = (KNOWN.has(entry.kind) ? entry.kind : 'other') as ActivityKind | 'other';
  const name = entry.agentId ? agentName(entry.agentId) : undefined;
  const values: Record<string, string | number> = { agent: name ?? unknownAgent };
  const data = entry.data;
  if (kind === 'agent_run') Object.assign(values, { found: num(data.found), drafts: num(data.drafts), queued: num(data.queued) });
  // A deleted agent's line keeps the name it had.
  if (kind === 'agent_deleted' && name === undefined && str(data.name)) values.agent = str(data.name);
  if (kind === 'payment') values.plan = str(data.plan);
  return {
    key: `dashboard.activity.kinds.${kind}`,
    values,
    agentHref: entry.agentId && name !== undefined ? `/dashboard/automations/${entry.agentId}` : null,
  };
}

/** The local flag of the specification: set once the referral welcome was shown on this device. */
export const REFERRAL_WELCOME_KEY = 'bidpilot_referral_welcome_seen';

/** Whether the one-time referral welcome opens: not yet seen on this device. */
export function shouldShowReferralWelcome(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  if (!storage) return false;
  try {
    return storage.getItem(REFERRAL_WELCOME_KEY) === null;
  } catch {
    return false;
  }
}

export function markReferralWelcomeSeen(storage: Pick<Storage, 'setItem'> | undefined, now: number): void {
  try {
    storage?.setItem(REFERRAL_WELCOME_KEY, String(now));
  } catch {
    // storage unavailable: the welcome may show once more, which is harmless
  }
}
