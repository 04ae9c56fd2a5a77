import type { Config } from '../../../kernel/config';
import { createTelegramBot, type TelegramBot, type TelegramBotOptions } from './bot-api';

export * from './bot-api';

/** The bot in use, its token resolved. */
export interface TelegramBotConfig {
  token: string;
  botUsername: string;
  /** Undefined: the sandbox bot on this server. */
  apiUrl: string | undefined;
  sandbox: boolean;
}

/** The configured bot with its token: the sandbox bot's comes from the install's secrets. */
export function telegramBotOf(telegram: Config['telegram'], secrets: { telegramSandboxToken: string }): TelegramBotConfig | undefined {
  if (!telegram) return undefined;
  return { ...telegram, token: telegram.token ?? secrets.telegramSandboxToken };
}

/**
 * The configured bot: the real Bot API with a token, else the sandbox bot at `{sandboxBase}/sandbox/telegram`;
 * undefined when Telegram is off (no token on a public deployment).
 */
export function createConfiguredTelegramBot(
  telegram: TelegramBotConfig | undefined,
  options: {
    sandboxBase: () => string;
    /** Reaches the sandbox bot in-process (used only for the sandbox bot, never for the real Bot API). */
    sandboxFetch?: TelegramBotOptions['fetch'];
  } & Pick<TelegramBotOptions, 'timeoutMs' | 'maxRetryAfterSeconds' | 'sleep'>,
): TelegramBot | undefined {
  if (!telegram) return undefined;
  const { sandboxBase, sandboxFetch, ...rest } = options;
  if (telegram.apiUrl) return createTelegramBot({ ...rest, token: telegram.token, apiUrl: telegram.apiUrl });
  return createTelegramBot({
    ...rest,
    ...(sandboxFetch ? { fetch: sandboxFetch } : {}),
    token: telegram.token,
    apiUrl: () => `${sandboxBase().replace(/\/+$/, '')}/sandbox/telegram`,
  });
}
