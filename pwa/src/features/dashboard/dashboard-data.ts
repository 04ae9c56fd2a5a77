import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { activityListResponseSchema, type ActivityEntry } from '@shared/schemas/dashboard';
import type { JobItem } from '@shared/schemas/job-item';
import { figuresResponseSchema, type FigureGroup } from '@shared/schemas/sync';
import { appDb } from '../../data/app-db';
import { holdsAllJobItems } from '../../data/sync-state-table';
import { useThrottledLiveQuery } from '../../data/use-throttled-live-query';
import { throttledRuns, type ThrottledRuns } from '../../lib/throttled-runs';
import type { StatItem } from '../stats/dashboard-stats';
import { readCachedActivity, writeCachedActivity } from './dashboard-activity';
import { useApi } from '../../session/session-provider';

export const ACTIVITY_FEED_LIMIT = 20;
/** The server's counts are asked again at most this often while sync rounds end one after another. */
const FIGURES_INTERVAL_MS = 2000;

/**
 * Every job item on this device (all agents), unsent decisions included; undefined while loading,
 * and while `wanted` is not true: a device still fetching its history counts with the server's
 * figures, and reading every item it stored so far, once a second while pages come, only took the
 * main thread from the first screen. Read again at most once a second while they change.
 */
export function useAllJobItems(wanted: boolean | undefined): JobItem[] | undefined {
  const db = appDb();
  return useThrottledLiveQuery(() => (wanted === true ? db.jobItems.toArray() : Promise.resolve(undefined)), [wanted], {
    db,
    tables: ['jobItems'],
  });
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

/** The local month as two instants, as `GET /sync/figures` takes it (the month `inLocalMonth` counts). */
export function localMonth(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getFullYear(), now.getMonth(), 1), end: new Date(now.getFullYear(), now.getMonth() + 1, 1) };
}

/**
 * The server's counted groups as the items the dashboard's figures read, each standing for `count`
 * of them: the month's sends dated at the month's start, the others undated; a letter or a reply
 * is present or not. (`dashboardStats` weighs each by its count.)
 */
export function figureItems(groups: readonly FigureGroup[], monthStart: Date): StatItem[] {
  const inMonth = monthStart.toISOString();
  return groups.map((group) => ({
    agentId: group.agentId,
    platform: group.platform,
    promptTemplate: group.promptTemplate ?? undefined,
    status: group.status,
    outcome: group.outcome,
    outcomeSource: group.outcomeSource,
    repliedAt: group.replied ? inMonth : null,
    proposalRequirements: group.letter ? '' : null,
    sentAt: group.sentThisMonth ? inMonth : null,
    count: group.count,
  }));
}

export interface DashboardItems {
  /** What the figures count: this device's job items, or the server's counts; undefined while counting. */
  items: readonly StatItem[] | undefined;
  /** Drafts waiting for review, across every agent; undefined while counting. */
  drafts: number | undefined;
}

const draftsOf = (items: readonly StatItem[]) => items.reduce((sum, item) => (item.status === 'draft' ? sum + (item.count ?? 1) : sum), 0);

/**
 * What the dashboard counts. A device that holds every job item of the user counts its own (so the
 * figures show offline, unsent decisions included); one still fetching its history, or holding only
 * its recent part (sync/history.ts), shows the server's counts from `GET /sync/figures`, asked again
 * after each sync, and nothing (the cards say "counting…") until they come: never a count of the
 * part it holds.
 */
export function useDashboardItems(refresh: unknown): DashboardItems {
  const db = appDb();
  const api = useApi();
  const holdsAll = useLiveQuery(async () => holdsAllJobItems(await db.syncState.get('main')), [db]);
  const local = useAllJobItems(holdsAll);
  const [server, setServer] = useState<StatItem[] | undefined>(undefined);

  // One loop of requests while the device holds only part of the history: a sync round's end pokes
  // it. A request under way is never cut short by the next round (a history pulled page after page
  // ends a round every few hundred milliseconds, and would abort every answer before it came); the
  // pokes during it make one more request after it, at most one every FIGURES_INTERVAL_MS.
  const figuresLoop = useRef<ThrottledRuns | null>(null);
  useEffect(() => {
    if (holdsAll !== false) return;
    const controller = new AbortController();
    const loop = throttledRuns(async () => {
      const month = localMonth(new Date());
      const query = new URLSearchParams({ monthStart: month.start.toISOString(), monthEnd: month.end.toISOString() });
      try {
        const answer = await api.get(`/sync/figures?${query}`, figuresResponseSchema, { signal: controller.signal });
        if (!controller.signal.aborted) setServer(figureItems(answer.groups, month.start));
      } catch (error) {
        // Offline or failed: the cards keep the last counts (or say "counting…"); the next sync asks again.
        if (!controller.signal.aborted) console.warn('[dashboard] the counts did not load', error);
      }
    }, FIGURES_INTERVAL_MS);
    figuresLoop.current = loop;
    return () => {
      figuresLoop.current = null;
      loop.stop();
      controller.abort();
    };
  }, [api, holdsAll]);
  const firstRefresh = useRef(refresh);
  useEffect(() => {
    // The loop's own start asked already; each later sync round asks again.
    if (refresh === firstRefresh.current) return;
    figuresLoop.current?.poke();
  }, [refresh]);

  const items = holdsAll === undefined ? undefined : holdsAll ? local : server;
  return { items, drafts: items ? draftsOf(items) : undefined };
}
