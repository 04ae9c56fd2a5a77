import crypto from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { sandboxTelegramMessagesQuerySchema } from '@shared/schemas/telegram';
import type { Clock } from '../../../kernel/clock';
import type { Store } from '../../../store/store';
import { sandboxTablesOf } from '../../../store/sandbox-schema/index';
import { createRouter } from '../../../kernel/http/router';
import { TELEGRAM_MESSAGE_MAX_CHARS } from './bot-api';
import { telegramLoginHash } from './telegram-service';

export interface SandboxTelegramOptions {
  /** The sandbox store (store/sandbox-store.ts): the bot's messages live there, never in the product's database. */
  store: Store;
  clock: Clock;
  /** The only token the sandbox bot accepts. */
  token: string;
  /** Messages per chat per minute before a 429 with `retry_after` (Telegram's own limit is about 20). */
  rateLimitPerMinute?: number;
}

/**
 * The sandbox bot, mounted under `/sandbox`: `POST /telegram/bot{token}/sendMessage` answers as the Bot
 * API does and records the message; `GET /telegram/messages?chat_id=` lists them (newest first);
 * `POST /telegram/login` signs widget fields with the sandbox token, as Telegram would after a login
 * (the real widget cannot reach a sandbox bot).
 */
export function sandboxTelegramRoutes({ store, clock, token, rateLimitPerMinute = 20 }: SandboxTelegramOptions) {
  const botError = (errorCode: number, description: string, extra: Record<string, unknown> = {}) => ({
    ok: false as const,
    error_code: errorCode,
    description,
    ...extra,
  });

  return createRouter()
    .post('/telegram/:bot/sendMessage', async (c) => {
      const bot = c.req.param('bot');
      const given = Buffer.from(bot, 'utf8');
      const wanted = Buffer.from(`bot${token}`, 'utf8');
      if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return c.json(botError(401, 'Unauthorized'), 401);
      let body: Record<string, unknown>;
      try {
        body = (await c.req.json()) as Record<string, unknown>;
      } catch {
        return c.json(botError(400, 'Bad Request: message text is empty'), 400);
      }
      const chatId =
        typeof body.chat_id === 'number' || (typeof body.chat_id === 'string' && body.chat_id.trim()) ? String(body.chat_id).trim() : '';
      const text = typeof body.text === 'string' ? body.text : '';
      if (!chatId) return c.json(botError(400, 'Bad Request: chat not found'), 400);
      if (!text.trim()) return c.json(botError(400, 'Bad Request: message text is empty'), 400);
      if (text.length > TELEGRAM_MESSAGE_MAX_CHARS) return c.json(botError(400, 'Bad Request: message is too long'), 400);
      const now = clock.now();
      // The chat's allowance is its messages of the last minute, in the sandbox's database (every
      // process serving the sandbox bot counts the same ones), counted and the message recorded
      // together: a refused message leaves no row.
      const answer = await store.tx(async (tx) => {
        const { sandboxTelegramMessages } = sandboxTablesOf(tx);
        const recent = await tx
          .select({ at: sandboxTelegramMessages.createdAt })
          .from(sandboxTelegramMessages)
          .where(and(eq(sandboxTelegramMessages.chatId, chatId), gt(sandboxTelegramMessages.createdAt, new Date(now.getTime() - 60_000))))
          .orderBy(asc(sandboxTelegramMessages.createdAt))
          .limit(rateLimitPerMinute);
        if (recent.length >= rateLimitPerMinute) return { refusedSince: recent[0]!.at.getTime(), message: null };
        const [message] = await tx.insert(sandboxTelegramMessages).values({ chatId, text, createdAt: now }).returning();
        return { refusedSince: null, message: message! };
      });
      if (answer.message === null) {
        const retryAfter = Math.max(1, Math.ceil((answer.refusedSince + 60_000 - now.getTime()) / 1000));
        return c.json(botError(429, `Too Many Requests: retry after ${retryAfter}`, { parameters: { retry_after: retryAfter } }), 429);
      }
      const row = answer.message;
      const numericChat = /^-?\d{1,15}$/.test(chatId) ? Number(chatId) : chatId;
      return c.json(
        {
          ok: true as const,
          result: {
            message_id: row.id,
            from: { id: Number(token.split(':')[0]) || 0, is_bot: true, first_name: 'Bidpilot sandbox bot' },
            chat: { id: numericChat, type: 'private' },
            date: Math.floor(now.getTime() / 1000),
            text,
          },
        },
        200,
      );
    })
    .get('/telegram/messages', async (c) => {
      const { sandboxTelegramMessages } = sandboxTablesOf(store.db);
      const parsed = sandboxTelegramMessagesQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return c.json({ message: 'Invalid query', code: 'validation_error' as const }, 400);
      const { chat_id: chatId, limit } = parsed.data;
      const rows = await store.db
        .select()
        .from(sandboxTelegramMessages)
        .where(chatId ? eq(sandboxTelegramMessages.chatId, chatId) : undefined)
        .orderBy(desc(sandboxTelegramMessages.id))
        .limit(limit);
      return c.json({ data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }, 200);
    })
    .post('/telegram/login', async (c) => {
      let body: Record<string, unknown>;
      try {
        body = (await c.req.json()) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const fields: Record<string, string | number> = {
        id: typeof body.id === 'number' || typeof body.id === 'string' ? body.id : 424242,
        first_name: typeof body.first_name === 'string' ? body.first_name : 'Sandbox',
        auth_date: Math.floor(clock.now().getTime() / 1000),
      };
      for (const key of ['last_name', 'username', 'photo_url'] as const) {
        if (typeof body[key] === 'string' && body[key]) fields[key] = body[key];
      }
      return c.json({ ...fields, hash: telegramLoginHash(token, fields) }, 200);
    });
}
