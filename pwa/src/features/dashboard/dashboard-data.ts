import { useEffect, useRef, useState } from 'react';
import { activityListResponseSchema, type ActivityEntry } from '@shared/schemas/dashboard';
import type { JobItem } from '@shared/schemas/job-item';
import { appDb } from '../../data/app-db';
import { useThrottledLiveQuery } from '../../data/use-throttled-live-query';
import { readCachedActivity, writeCachedActivity } from './dashboard-activity';
import { useApi } from '../../session/session-provider';

export const ACTIVITY_FEED_LIMIT = 20;

/**
 * Every job item on this device (all agents), unsent decisions included; undefined while loading.
 * Read again at most once a second while they change (a sync stores them a page at a time).
 */
export function useAllJobItems(): JobItem[] | undefined {
  const db = appDb();
  return useThrottledLiveQuery(() => db.jobItems.toArray(), [], { db, tables: ['jobItems'] });
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export interface ActivityFeed {
  entries: ActivityEntry[] | undefined;
  loading: boolean;
  /** Set when the load failed: the saved copy's time (null without one). */
  failed: boolean;
  savedAt: number | null;
}

/** A refresh waits for this long without another: a sync storing page after page reloads the feed once. */
const REFRESH_QUIET_MS = 1000;

/**
 * The recent-activity feed from `GET /api/dashboard/activity`, kept in session storage per user and
 * shown from there (marked as saved) when the call fails, e.g. offline. Reloads when `refresh` changes
 * (once things are quiet).
 */
export function useActivityFeed(userId: string, refresh: unknown): ActivityFeed {
  const api = useApi();
  const [state, setState] = useState<ActivityFeed & { key: string }>({
    key: '',
    entries: undefined,
    loading: true,
    failed: false,
    savedAt: null,
  });
  const key = `${userId}`;
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      api
        .get(`/dashboard/activity?limit=${ACTIVITY_FEED_LIMIT}`, activityListResponseSchema, { signal: controller.signal })
        .then((answer) => answer.data)
        .then(
          (entries) => {
            if (controller.signal.aborted) return;
            loadedFor.current = key;
            writeCachedActivity(sessionStore(), userId, entries, Date.now());
            setState({ key, entries, loading: false, failed: false, savedAt: null });
          },
          () => {
            if (controller.signal.aborted) return;
            loadedFor.current = key;
            const saved = readCachedActivity(sessionStore(), userId);
            setState({ key, entries: saved?.value, loading: false, failed: true, savedAt: saved?.savedAt ?? null });
          },
        );
    const timer = setTimeout(() => void load(), loadedFor.current === key ? REFRESH_QUIET_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, userId, refresh]);

  if (state.key !== key) {
    // First paint (or another user): the saved copy at once, while the network answers.
    const saved = readCachedActivity(sessionStore(), userId);
    return { entries: saved?.value, loading: true, failed: false, savedAt: saved?.savedAt ?? null };
  }
  return state;
}
