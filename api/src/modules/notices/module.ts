import { TELEGRAM_STATE_TTL_SECONDS } from '@shared/schemas/telegram';
import { browserBinding } from '../../kernel/http/browser-binding';
import { servedOverHttps } from '../../kernel/http/https';
import { RateLimiter } from '../../store/rate-limiter';
import type { AccountsModule } from '../accounts/module';
import { sandboxStoreOf, type ModuleContext, type ModuleParts } from '../context';
import { NoticeDelivery, noticeClaimMs, noticesWaiting, outboxNotifier } from './outbox';
import { createPushSender, type PushSender } from './push';
import { PushService, pushNotifier } from './push/push-service';
import { pushRoutes } from './push/routes';
import { createConfiguredTelegramBot, telegramBotOf } from './telegram';
import { telegramNotifier } from './telegram/notifier';
import { telegramRoutes } from './telegram/routes';
import { sandboxTelegramRoutes } from './telegram/sandbox';
import { TelegramService } from './telegram/telegram-service';

/**
 * Notices: web push and Telegram (link, sign-in, bot messages). A notice is recorded in the
 * transaction that writes what it tells (`notifier`) and delivered once that commits, by one
 * process, exactly once unless a crash interrupts it (the chore finishes what a crash left).
 */
export function noticesModule(ctx: ModuleContext, options: { accounts: AccountsModule; pushSender?: PushSender }) {
  const { config, store, clock, log, secrets, idempotency, metrics } = ctx;
  const { accounts } = options;
  // Only where the sandbox serves this machine alone (tests, a machine of one's own): never where
  // anyone else can register an endpoint (every service real, or a sandbox shared with SANDBOX_PUBLIC).
  // Registration judges the endpoint as written; sending judges what its host resolves to then.
  const allowLocal = config.sandbox && !config.sandboxPublic;
  const push = new PushService({
    store,
    clock,
    t: ctx.t,
    log,
    sender: options.pushSender ?? createPushSender(config.vapid, secrets, { allowLocalAddresses: allowLocal }),
    vapidPublicKey: secrets.vapidPublicKey,
    allowLocalEndpoints: allowLocal,
  });
  const botConfig = telegramBotOf(config.telegram, secrets);
  const bot = createConfiguredTelegramBot(botConfig, { sandboxBase: ctx.sandboxBase, sandboxFetch: ctx.loopback });
  const telegram = new TelegramService({ store, clock, sessions: accounts.sessions, bot: botConfig });
  const delivery = new NoticeDelivery({
    store,
    clock,
    log,
    channels: { push: pushNotifier(push), telegram: telegramNotifier({ store, log, bot, push, publicUrl: config.publicUrl }) },
    claimMs: noticeClaimMs(config.runner.leaseMs),
  });
  metrics.reading('bidpilot_outbox_depth', 'Messages waiting in an outbox (mail, notices)', 'outbox', async () => ({
    notices: await noticesWaiting(store),
  }));
  return {
    delivery,
    /** Records a notice in the caller's transaction; delivered after it commits. */
    notifier: outboxNotifier({ store, clock, delivery }),
    routes: [
      pushRoutes({ push, idempotency, requireAuth: accounts.auth }),
      telegramRoutes({
        telegram,
        requireAuth: accounts.auth,
        optionalAuth: accounts.optionalAuth,
        cookies: accounts.cookies,
        binding: browserBinding({
          name: 'bidpilot_telegram',
          path: '/api/auth/telegram-callback',
          // The callback is a request of the app's own page: the cookie never rides another site's.
          sameSite: 'Strict',
          maxAgeSeconds: TELEGRAM_STATE_TTL_SECONDS,
          pepper: secrets.sessionPepper,
          secure: (c) => servedOverHttps(c, config),
        }),
        limiter: new RateLimiter(store, clock, 'telegram', config.authRateLimit),
      }),
    ],
    sandbox: botConfig?.sandbox ? [sandboxTelegramRoutes({ store: sandboxStoreOf(ctx), clock, token: botConfig.token })] : [],
    chores: [() => delivery.deliverDue()],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type NoticesModule = ReturnType<typeof noticesModule>;
