import { useLiveQuery } from 'dexie-react-hooks';
import type { PlanLimits } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import { appDb } from './app-db';
import type { BidpilotDb } from './db';

/** What the plan allows, as the last pull said; null before the first pull, undefined while loading. */
export function usePlanLimits(db: BidpilotDb = appDb()): PlanLimits | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.planLimits.get('current');
    if (!row) return null;
    const { key: _key, ...limits } = row;
    return limits;
  }, [db]);
}

/** The user's profile as the last pull said, with the unsent edits on top (null before the first pull). */
export function useSyncedProfile(db: BidpilotDb = appDb()): User | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.profile.toCollection().first();
    if (!row) return null;
    const { server: _server, ...user } = row;
    return user;
  }, [db]);
}
