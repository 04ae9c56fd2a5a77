import { and, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@shared/languages';
import { DEFAULT_PUSH_SETTINGS, type PushKind } from '@shared/schemas/push';
import { TelegramApiError, type TelegramBot } from './bot-api';
import { first, type Store } from '../../../store/store';
import { tablesOf } from '../../../store/schema/index';
import type { Logger } from '../../../kernel/logger';
import type { NoticeKind, NotifierPort } from '../ports';
import { noticeData, PORT_KINDS, type PushService } from '../push/push-service';
import type { Platform } from '@shared/marketplaces';

const KINDS = PORT_KINDS satisfies Record<NoticeKind, PushKind>;

type NoticePayload = Parameters<NotifierPort['notify']>[2] & { agentId?: string | null; platform?: Platform };

export interface TelegramNoticeResult {
  sent: boolean;
  skipped?: 'no_bot' | 'not_linked' | 'disabled' | 'error';
  error?: string;
  /** Telegram was unreachable, answered 5xx or kept a rate limit, or the store failed: the outbox tries again later. */
  retry?: boolean;
  /** Telegram's `retry_after` on a 429: not sooner than this. */
  retryAfterMs?: number;
}

export interface TelegramNotifierDeps {
  store: Store;
  log: Logger;
  /** The bot; undefined when Telegram is off (every notice is skipped). */
  bot: TelegramBot | undefined;
  /** Writes the notice's title and body exactly as push does, in the user's language. */
  push: Pick<PushService, 'payload'>;
  /** Links in the message point here (`${publicUrl}${url}`). */
  publicUrl: string;
}

/**
 * The runner's notices through the Telegram bot: the same title, body and link as the push notice,
 * to users who linked Telegram with notices on (and who did not turn that kind off). Never throws;
 * says `retry` when the failure may pass.
 */
export function telegramNotifier(deps: TelegramNotifierDeps) {
  const { notificationSettings, telegramAccounts, users } = tablesOf(deps.store.db);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  return {
    async notify(userId: string, kind: NoticeKind, payload: NoticePayload): Promise<TelegramNoticeResult> {
      try {
        if (!deps.bot) return { sent: false, skipped: 'no_bot' };
        const { db } = deps.store;
        const pushKind = KINDS[kind];
        // The link, the language and whether this kind is wanted (the defaults until changed), in one read.
        const row = await first(
          db
            .select({ chatId: telegramAccounts.telegramId, language: users.language, wants: notificationSettings[pushKind] })
            .from(telegramAccounts)
            .innerJoin(users, eq(users.id, telegramAccounts.userId))
            .leftJoin(notificationSettings, eq(notificationSettings.userId, telegramAccounts.userId))
            .where(and(eq(telegramAccounts.userId, userId), eq(telegramAccounts.notify, true)))
            .limit(1),
        );
        if (!row) return { sent: false, skipped: 'not_linked' };
        if (!(row.wants ?? DEFAULT_PUSH_SETTINGS[pushKind])) return { sent: false, skipped: 'disabled' };
        const language: Language = isLanguage(row.language) ? row.language : 'en';
        const notice = deps.push.payload(language, pushKind, noticeData(kind, payload));
        const link = /^https?:\/\//.test(notice.url) ? notice.url : `${publicUrl}${notice.url.startsWith('/') ? '' : '/'}${notice.url}`;
        await deps.bot.sendMessage(row.chatId, `${notice.title}\n${notice.body}\n\n${link}`);
        return { sent: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A blocked bot, a chat Telegram does not know or a revoked token stay so: only the others are tried again.
        const retry = !(error instanceof TelegramApiError) || error.retryable;
        const after = error instanceof TelegramApiError && error.kind === 'rate_limited' ? error.details.retryAfterSeconds : undefined;
        deps.log.warn('telegram notice failed', { userId, kind, error: message, retry });
        return { sent: false, skipped: 'error', error: message, retry, ...(after ? { retryAfterMs: after * 1000 } : {}) };
      }
    },
  };
}
