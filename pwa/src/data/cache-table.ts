/**
 * One answer of a screen that needs the network (the marketplace connections, the subscription,
 * the notice settings), kept so the screen shows what it last knew, and since when, offline.
 */
export interface CacheRow<T = unknown> {
  /** What it is: `connections:upwork`, `connections:freelancer`, `subscription`, `pushSettings`. */
  key: string;
  value: T;
  /** When the server answered it. */
  savedAt: number;
  /** For a record the user edits here (`pushSettings`): the server's copy under unsent changes. */
  server?: T;
}

export const CACHE_KEYS = { pushSettings: 'pushSettings' } as const;
