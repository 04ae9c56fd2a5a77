import { z } from '../zod';
import { userSchema } from './user';

/** How long a Login Widget answer stays usable after its `auth_date` (seconds). */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400;

/** A decimal id or unix time, as the widget's JS callback (number) or its redirect (text) gives it. */
const numeric = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/, 'Must be a whole number')]);

/**
 * The Login Widget's fields (external-apis.md section 4), exactly as received: the hash covers their
 * text, so nothing here is trimmed or converted. Optional fields are omitted by the widget when empty;
 * any further field the widget adds is kept and enters the check too, if it is a short text or a number.
 */
export const telegramWidgetFieldsSchema = z
  .object({
    id: numeric,
    first_name: z.string().max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: numeric,
    hash: z.string().min(1).max(128),
  })
  // A field the widget adds later is a short text or a number (it enters the hash as its text).
  .catchall(z.union([z.string().max(512), z.number()], { error: 'Extra Telegram fields must be short texts or numbers' }))
  .refine((fields) => Object.keys(fields).length <= 24, 'Too many Telegram fields');
export type TelegramWidgetFields = z.infer<typeof telegramWidgetFieldsSchema>;

/** How long a started Telegram login (its state and this browser's cookie) stays usable, in seconds. */
export const TELEGRAM_STATE_TTL_SECONDS = 10 * 60;

/**
 * `POST /api/telegram/link/start` (signed in, from Settings) and `POST /api/auth/telegram/start`
 * (from the sign-in screen): a one-time state for one Telegram login in this browser (the server
 * also sets an HttpOnly cookie the callback must bring back), and the bot the widget asks Telegram
 * about (`botId`: the numeric id `Telegram.Login.auth` takes).
 */
export const telegramStartResponseSchema = z.object({
  data: z.object({ state: z.string(), botId: z.string(), expiresAt: z.string() }),
});
export type TelegramStartResponse = z.infer<typeof telegramStartResponseSchema>;

/**
 * `POST /api/auth/telegram-callback`: the widget's answer as its JS callback gave it (never through
 * a URL) and the state of the login this browser started. Linking needs the state of the same
 * session; signing in the state of the sign-in screen opened in this browser.
 */
export const telegramCallbackBodySchema = z
  .object({
    state: z.string().min(16, 'The Telegram login state is missing').max(128),
    fields: telegramWidgetFieldsSchema,
  })
  .strict();
export type TelegramCallbackBody = z.infer<typeof telegramCallbackBodySchema>;

/** A linked Telegram account as the API answers it. */
export const telegramAccountSchema = z.object({
  telegramId: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The same notices as push, sent by the bot. */
  notify: z.boolean(),
  linkedAt: z.string(),
});
export type TelegramAccount = z.infer<typeof telegramAccountSchema>;

/** `POST /api/auth/telegram-callback` with a session: the account is linked to the signed-in user. */
export const telegramLinkResponseSchema = z.object({
  linked: z.literal(true),
  telegram: telegramAccountSchema,
  data: z.object({ user: userSchema }),
});
export type TelegramLinkResponse = z.infer<typeof telegramLinkResponseSchema>;

/** Without a session: signed in as the linked user, like `/auth/signin`. */
export const telegramSigninResponseSchema = z.object({
  data: z.object({ token: z.string(), user: userSchema }),
});

export const telegramCallbackResponseSchema = z.union([telegramLinkResponseSchema, telegramSigninResponseSchema]);
export type TelegramCallbackResponse = z.infer<typeof telegramCallbackResponseSchema>;

/**
 * `GET /api/telegram/config`: the bot the widget uses. `botUsername` null means no bot is configured
 * (the card explains how to set one up); `sandbox` true means the embedded sandbox bot, which the real
 * widget cannot reach (the card says so, and how to configure a real bot).
 */
export const telegramConfigResponseSchema = z.object({
  botUsername: z.string().nullable(),
  sandbox: z.boolean(),
});
export type TelegramConfigResponse = z.infer<typeof telegramConfigResponseSchema>;

/** `GET /api/telegram/status`. */
export const telegramStatusResponseSchema = z.object({
  data: z.object({
    linked: z.boolean(),
    username: z.string().nullable(),
    notify: z.boolean(),
    account: telegramAccountSchema.nullable(),
  }),
});
export type TelegramStatusResponse = z.infer<typeof telegramStatusResponseSchema>;

/** `PUT /api/telegram/settings`. */
export const telegramSettingsBodySchema = z.object({ notify: z.boolean() }).strict();
export type TelegramSettingsBody = z.infer<typeof telegramSettingsBodySchema>;

export const telegramUnlinkResponseSchema = z.object({ success: z.literal(true), removed: z.boolean() });

/** `GET /sandbox/telegram/messages?chat_id=`: what the sandbox bot was asked to send. */
export const sandboxTelegramMessageSchema = z.object({
  id: z.number().int(),
  chatId: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const sandboxTelegramMessagesQuerySchema = z.object({
  chat_id: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const sandboxTelegramMessagesResponseSchema = z.object({ data: z.array(sandboxTelegramMessageSchema) });
