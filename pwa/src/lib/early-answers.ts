/**
 * Answers asked as the page starts, before any screen asks for them. On a new device at a signed-in
 * path, the small tables (`GET /sync/start`) and the dashboard's counts go out beside the session
 * check, instead of after its answer, the database's creation and the screens' chunks (issue 40: the
 * first screen never waits for them).
 *
 * The API client takes such an answer, once, for the same GET of the same URL. An answer that is not
 * a 2xx, or that got none, is dropped and the call made again as usual (so a 401 reaches the
 * session's listeners as ever, from the call the app made). An answer nobody took within `ttlMs` of
 * its asking is dropped: a screen opened later asks afresh.
 */
export interface EarlyAnswers {
  /** Asks `url` (same origin, the session's cookie, JSON, never from the HTTP cache) now. */
  ask(url: string): void;
  /** The early answer to `url`, once: a 2xx Response, or null (asked, but failed or refused). */
  take(url: string): Promise<Response | null> | undefined;
}

export interface EarlyAnswersOptions {
  fetch?: typeof fetch;
  now?: () => number;
  ttlMs?: number;
  /** How long the early request may take before it counts as failed (the API client's timeout). */
  timeoutMs?: number;
}

/** How long an answer nobody took is kept. */
export const EARLY_ANSWER_TTL_MS = 30_000;

export function createEarlyAnswers(options: EarlyAnswersOptions = {}): EarlyAnswers {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const ttlMs = options.ttlMs ?? EARLY_ANSWER_TTL_MS;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const asked = new Map<string, { at: number; answer: Promise<Response | null> }>();
  return {
    ask(url) {
      if (asked.has(url)) return;
      const answer = doFetch(url, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        cache: 'no-store',
        // Never waited for longer than a call of the API client would be.
        signal: AbortSignal.timeout(timeoutMs),
      }).then(
        (response) => (response.ok ? response : null),
        () => null,
      );
      asked.set(url, { at: now(), answer });
    },
    take(url) {
      const entry = asked.get(url);
      if (!entry) return undefined;
      asked.delete(url);
      return now() - entry.at > ttlMs ? undefined : entry.answer;
    },
  };
}

/** The page's early answers (the service worker asks none, so its client never finds one). */
export const earlyAnswers: EarlyAnswers = createEarlyAnswers();
