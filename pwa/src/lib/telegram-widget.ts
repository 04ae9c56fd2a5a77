/**
 * Telegram's Login Widget script, loaded from telegram.org only when a user asks for a Telegram
 * login, and its JS call (`Telegram.Login.auth`): Telegram's own window asks the user to confirm,
 * and the answer comes back to this page in a callback, never through a URL, so no link can carry
 * one. The server applies it only with the state of a login this browser started.
 */
const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/** The widget's answer as Telegram signed it: every field goes back to the server exactly as received. */
export type TelegramAnswer = Record<string, string | number>;

interface TelegramLoginApi {
  auth(options: { bot_id: string; request_access?: string; lang?: string }, callback: (user: unknown) => void): void;
}

function loginApi(): TelegramLoginApi | undefined {
  const telegram = (window as { Telegram?: { Login?: TelegramLoginApi } }).Telegram;
  return typeof telegram?.Login?.auth === 'function' ? telegram.Login : undefined;
}

let loading: Promise<void> | null = null;

/** Loads the widget script once; rejects when it cannot be loaded (blocked, offline). */
export function loadTelegramWidget(): Promise<void> {
  if (loginApi()) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.onload = () => (loginApi() ? resolve() : reject(new Error('The Telegram script did not start')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The Telegram script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Keeps the fields Telegram signs (texts and numbers); null when the answer is not a login. */
export function telegramAnswerOf(user: unknown): TelegramAnswer | null {
  if (!user || typeof user !== 'object') return null;
  const out: TelegramAnswer = {};
  for (const [key, value] of Object.entries(user as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out.id !== undefined && out.hash !== undefined && out.auth_date !== undefined ? out : null;
}

/**
 * Opens Telegram's login window for the bot (call it from a click: it opens a window) and resolves
 * with the answer, or null when the user closed the window or refused.
 */
export function askTelegram(botId: string, language?: string): Promise<TelegramAnswer | null> {
  const api = loginApi();
  if (!api) return Promise.reject(new Error('The Telegram script is not loaded'));
  return new Promise((resolve) => {
    api.auth({ bot_id: botId, request_access: 'write', ...(language ? { lang: language } : {}) }, (user) =>
      resolve(telegramAnswerOf(user)),
    );
  });
}

/**
 * The sandbox's stand-in for Telegram's window, on a server running the sandbox bot (no real bot
 * configured): the sandbox signs a test Telegram account's login with its bot's token, as Telegram
 * would, and the answer goes through the same state-bound, confirmed link as a real one.
 */
export async function askSandboxTelegram(): Promise<TelegramAnswer | null> {
  const id = 100_000 + Math.floor(Math.random() * 900_000_000);
  const res = await fetch('/sandbox/telegram/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, first_name: 'Sandbox', username: `sandbox_${id}` }),
  });
  if (!res.ok) throw new Error(`The sandbox Telegram bot answered ${res.status}`);
  return telegramAnswerOf(await res.json());
}

/** How a Telegram login is shown to the user before it is applied: `@username`, else the name. */
export function telegramNameOf(answer: TelegramAnswer): string {
  if (typeof answer.username === 'string' && answer.username) return `@${answer.username}`;
  return [answer.first_name, answer.last_name].filter((part) => typeof part === 'string' && part).join(' ');
}
