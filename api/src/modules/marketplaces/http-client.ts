import { z } from 'zod';
import { MarketplaceError } from './errors';

type Platform = MarketplaceError['platform'];

/** What every adapter's HTTP calls can be given (tests inject fetch, sleep and random). */
export interface HttpOptions {
  fetch?: typeof fetch;
  /** Per attempt; default 15 s. */
  timeoutMs?: number;
  /** Extra attempts after the first for 429, 5xx and network failures; default 3. */
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited out: the call fails as rate limited instead. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface RequestOptions extends HttpOptions {
  /** Whether the request may be repeated after a 5xx or a network failure (never for a bid). */
  idempotent: boolean;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds to wait from Retry-After (seconds or HTTP date), else RateLimit-Reset / X-RateLimit-Reset. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  for (const name of ['ratelimit-reset', 'x-ratelimit-reset']) {
    const value = headers.get(name)?.split(',')[0]?.trim();
    if (value && /^\d+$/.test(value)) {
      const n = Number(value);
      // A large figure is an epoch time in seconds, a small one a delay.
      return n > 1_000_000_000 ? Math.max(0, n * 1000 - now) : n * 1000;
    }
  }
  return undefined;
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * `fetch` with a per-attempt timeout and bounded retries: 429 and 5xx answers and network failures
 * are retried with exponential backoff and full jitter (`random() · min(max, base · 2^attempt)`),
 * never sooner than Retry-After. Non-idempotent requests are retried only on 429 (refused, not
 * processed). Resolves with the last answer; rejects with the last network error or TimeoutError.
 */
export async function fetchWithBackoff(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 20_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new TimeoutError(`No answer from ${new URL(url).host} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await doFetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      failure = controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
    const retryable = response
      ? RETRY_STATUSES.has(response.status) && (options.idempotent || response.status === 429)
      : options.idempotent;
    if (!retryable || attempt >= retries) {
      if (response) return response;
      throw failure;
    }
    let delay = Math.floor(random() * Math.min(cap, base * 2 ** attempt));
    if (response) {
      const wait = retryAfterMs(response.headers, now());
      if (wait !== undefined) {
        if (wait > maxRetryAfter) return response;
        delay = Math.max(delay, wait);
      }
      await response.body?.cancel().catch(() => undefined);
    }
    await sleep(delay);
  }
}

/** Reads a body as JSON; undefined when it is not JSON. */
export async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, text: '' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
}

/** A network failure or timeout as a typed, transient error. */
export function networkError(platform: Platform, error: unknown): MarketplaceError {
  const what =
    error instanceof TimeoutError ? error.message : `The ${platform === 'upwork' ? 'Upwork' : 'Freelancer.com'} API could not be reached`;
  return new MarketplaceError(platform, 'unavailable', what, {});
}

/** Maps a failed HTTP status to an error kind (the body may refine it). */
export function statusError(
  platform: Platform,
  response: Response,
  message: string,
  details: { code?: string; requestId?: string } = {},
): MarketplaceError {
  const status = response.status;
  const base = { status, ...details };
  if (status === 401) return new MarketplaceError(platform, 'unauthorized', message, base);
  if (status === 429)
    return new MarketplaceError(platform, 'rate_limited', message, { ...base, retryAfterMs: retryAfterMs(response.headers) ?? 60_000 });
  if (status >= 500) return new MarketplaceError(platform, 'unavailable', message, base);
  if (status === 403) return new MarketplaceError(platform, 'forbidden', message, base);
  if (status === 404) return new MarketplaceError(platform, 'not_found', message, base);
  return new MarketplaceError(platform, 'rejected', message, base);
}

export const malformed = (platform: Platform, what: string, status?: number) =>
  new MarketplaceError(
    platform,
    'malformed',
    `Unexpected answer from the ${platform === 'upwork' ? 'Upwork' : 'Freelancer.com'} API: ${what}`,
    { status },
  );

/** Describes a zod failure in one short line. */
export function zodSummary(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid shape';
}

/** The OAuth2 token answer both marketplaces give. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  scope: z.string().optional().nullable(),
  refresh_token: z.string().optional().nullable(),
});

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** POSTs a form to an OAuth2 token endpoint and returns the tokens, or a typed error. */
export async function requestTokens(
  platform: Platform,
  tokenUrl: string,
  form: Record<string, string>,
  options: HttpOptions & { clock?: () => Date },
): Promise<{ accessToken: string; refreshToken: string | null; expiresAt: string | null; scope: string | null }> {
  let response: Response;
  try {
    response = await fetchWithBackoff(
      tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      },
      { ...options, idempotent: false },
    );
  } catch (error) {
    throw networkError(platform, error);
  }
  const body = await readJson(response);
  if (!response.ok) {
    const parsed = body.ok ? oauthErrorSchema.safeParse(body.value) : undefined;
    const message = parsed?.success
      ? `${parsed.data.error}: ${parsed.data.error_description ?? 'token request refused'}`
      : `token request failed (${response.status})`;
    if (parsed?.success && parsed.data.error === 'invalid_grant')
      throw new MarketplaceError(platform, 'unauthorized', message, { status: response.status, code: 'invalid_grant' });
    if (parsed?.success && parsed.data.error === 'invalid_client')
      throw new MarketplaceError(platform, 'forbidden', message, { status: response.status, code: 'invalid_client' });
    throw statusError(platform, response, message, parsed?.success ? { code: parsed.data.error } : {});
  }
  if (!body.ok) throw malformed(platform, 'the token answer is not JSON', response.status);
  const parsed = tokenResponseSchema.safeParse(body.value);
  if (!parsed.success) throw malformed(platform, `token answer ${zodSummary(parsed.error)}`, response.status);
  const now = (options.clock ?? (() => new Date()))().getTime();
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    expiresAt:
      parsed.data.expires_in !== undefined && Number.isFinite(parsed.data.expires_in)
        ? new Date(now + parsed.data.expires_in * 1000).toISOString()
        : null,
    scope: parsed.data.scope ?? null,
  };
}

/** A base URL given as text or computed late (the sandbox's port is known only once listening). */
export type UrlSource = string | (() => string);
export const resolveUrl = (source: UrlSource) => (typeof source === 'function' ? source() : source).replace(/\/+$/, '');
