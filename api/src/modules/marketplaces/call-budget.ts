import { and, eq, sql } from 'drizzle-orm';
import type { Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import type { MarketplaceCalls } from '@shared/schemas/integrations';
import type { Platform } from './types';

/**
 * The calls made to a marketplace under one user's token, counted by hour (UTC) in the database, so
 * every runner process counts against the same ceiling. Upwork's search needs the user's token; its
 * self-serve key allows 40,000 requests a day for the whole product, so each user's agents together
 * are held to a ceiling an hour (`UPWORK_CALLS_PER_USER_HOUR`). Freelancer.com's search is public
 * and shared (runner/feed.ts): it is not counted against a user. A search reads the hour's count and
 * adds to it; the retention chore (store/expiry.ts `sweepExpired`) deletes the counts of past days.
 */

/** The default ceiling of Upwork calls an hour for one user's agents (a search every four minutes is 15 an hour). */
export const DEFAULT_USER_CALLS_PER_HOUR = 60;

/** The start of the hour `now` is in. */
export function hourStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
}

/** The calls counted for the user on the platform in the hour of `now`. */
export async function callsThisHour(store: Store, userId: string, platform: Platform, now: Date): Promise<number> {
  const { marketplaceCalls } = tablesOf(store.db);
  const [row] = await store.db
    .select({ calls: marketplaceCalls.calls })
    .from(marketplaceCalls)
    .where(
      and(eq(marketplaceCalls.userId, userId), eq(marketplaceCalls.platform, platform), eq(marketplaceCalls.hourStart, hourStart(now))),
    );
  return Number(row?.calls ?? 0);
}

/** Counts `calls` made for the user at `now`: one upsert of the hour's row. */
export async function countCalls(store: Store, userId: string, platform: Platform, now: Date, calls: number): Promise<void> {
  if (calls <= 0) return;
  await store.tx(async (tx) => {
    const { marketplaceCalls } = tablesOf(tx);
    await tx
      .insert(marketplaceCalls)
      .values({ userId, platform, hourStart: hourStart(now), calls })
      .onConflictDoUpdate({
        target: [marketplaceCalls.userId, marketplaceCalls.platform, marketplaceCalls.hourStart],
        set: { calls: sql`${marketplaceCalls.calls} + ${calls}` },
      });
  });
}

/** What Settings shows: the user's calls this hour on the platform, and the ceiling (null: none). */
export async function callsShown(
  store: Store,
  userId: string,
  platform: Platform,
  now: Date,
  ceilings: Partial<Record<Platform, number>>,
): Promise<MarketplaceCalls> {
  return {
    platform,
    hourStart: hourStart(now).toISOString(),
    calls: await callsThisHour(store, userId, platform, now),
    ceiling: ceilings[platform] ?? null,
  };
}
