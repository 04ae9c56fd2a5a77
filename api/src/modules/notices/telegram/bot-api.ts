/**
 * The Telegram Bot API as the real service speaks it: `POST {apiUrl}/bot{token}/sendMessage` with a
 * JSON body, answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`
 * (429 carries `parameters.retry_after`). With no token configured the same client talks to the
 * embedded sandbox bot (`…/sandbox/telegram`).
 */

/** Telegram's limit for one message's text. */
export const TELEGRAM_MESSAGE_MAX_CHARS = 4096;

export type TelegramApiErrorKind =
  /** 401/404 on the bot path: the token is wrong or revoked. */
  | 'auth'
  /** 403: the user blocked the bot, or never started it (the widget's write access was not granted). */
  | 'blocked'
  /** 400: Telegram refused the request (chat not found, text empty or too long…). */
  | 'rejected'
  /** 429 with a `retry_after` longer than the client waits. */
  | 'rate_limited'
  /** 5xx, a timeout or a network failure. */
  | 'unavailable'
  /** An answer that is not the Bot API's envelope. */
  | 'malformed';

export class TelegramApiError extends Error {
  override name = 'TelegramApiError';
  constructor(
    readonly kind: TelegramApiErrorKind,
    message: string,
    readonly details: { status?: number; errorCode?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited';
  }
}

export interface TelegramBotOptions {
  token: string;
  /** https://api.telegram.org, or the sandbox's base (a function when the port is known only later). */
  apiUrl: string | (() => string);
  /** Injected for in-process use and tests; the global fetch otherwise. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /** A 429 whose `retry_after` is at most this is waited out and retried once; longer ones throw. */
  maxRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SentMessage {
  messageId: number;
  chatId: string;
}

export interface TelegramBot {
  sendMessage(chatId: string | number, text: string): Promise<SentMessage>;
}

type Envelope = {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown } | null;
};

const clip = (text: string) => (text.length > TELEGRAM_MESSAGE_MAX_CHARS ? `${text.slice(0, TELEGRAM_MESSAGE_MAX_CHARS - 1)}…` : text);

export function createTelegramBot(options: TelegramBotOptions): TelegramBot {
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxWait = options.maxRetryAfterSeconds ?? 5;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const base = () => (typeof options.apiUrl === 'function' ? options.apiUrl() : options.apiUrl).replace(/\/+$/, '');

  async function call(method: string, body: Record<string, unknown>): Promise<unknown> {
    const url = `${base()}/bot${options.token}/${method}`;
    let response: Response;
    let envelope: Envelope | undefined;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      try {
        envelope = text ? (JSON.parse(text) as Envelope) : undefined;
      } catch {
        envelope = undefined;
      }
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      // Never put the URL (it holds the token) into the message.
      throw new TelegramApiError(
        'unavailable',
        timedOut ? `Telegram did not answer within ${timeoutMs} ms` : 'Telegram could not be reached',
      );
    }
    const status = response.status;
    const description = typeof envelope?.description === 'string' ? envelope.description : `HTTP ${status}`;
    const errorCode = typeof envelope?.error_code === 'number' ? envelope.error_code : status;
    if (response.ok && envelope && envelope.ok === true) return envelope.result;
    if (status === 429 || errorCode === 429) {
      const retryAfter = Number(envelope?.parameters?.retry_after ?? response.headers.get('retry-after') ?? 1);
      throw new TelegramApiError('rate_limited', description, {
        status,
        errorCode,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1,
      });
    }
    if (status >= 500) throw new TelegramApiError('unavailable', description, { status, errorCode });
    if (status === 401 || status === 404) throw new TelegramApiError('auth', description, { status, errorCode });
    if (status === 403) throw new TelegramApiError('blocked', description, { status, errorCode });
    if (status >= 400) throw new TelegramApiError('rejected', description, { status, errorCode });
    throw new TelegramApiError('malformed', 'Telegram answered something that is not a Bot API response', { status });
  }

  async function withRateLimit<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof TelegramApiError && error.kind === 'rate_limited' && (error.details.retryAfterSeconds ?? Infinity) <= maxWait) {
        await sleep((error.details.retryAfterSeconds ?? 1) * 1000);
        return run();
      }
      throw error;
    }
  }

  return {
    async sendMessage(chatId, text) {
      const result = await withRateLimit(() =>
        call('sendMessage', {
          chat_id: typeof chatId === 'number' ? chatId : String(chatId),
          text: clip(text),
          disable_web_page_preview: true,
        }),
      );
      const message = result as { message_id?: unknown; chat?: { id?: unknown } } | null;
      if (!message || typeof message.message_id !== 'number') {
        throw new TelegramApiError('malformed', 'Telegram answered sendMessage without a message');
      }
      return { messageId: message.message_id, chatId: String(message.chat?.id ?? chatId) };
    },
  };
}
