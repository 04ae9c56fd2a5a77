import { sandboxStoreOf, type ModuleContext, type ModuleParts } from '../context';
import { MailQueue } from './mail-queue';
import type { Mailer } from './mailer';
import { dispatchMail, mailWaiting } from './outbox';
import { sandboxMailRoutes } from './sandbox/routes';

/**
 * Mail: the mailer (SMTP, or the sandbox's mailbox, which keeps its mail in the sandbox store), the
 * durable outbox every mail goes through (drained after each commit that queues one and on every
 * runner tick), the queue of work done after an answer, and, with the sandbox mailbox, its reading
 * routes.
 */
export function mailModule(ctx: ModuleContext, mailer: Mailer) {
  const { store, clock, log, metrics } = ctx;
  const outbox = { store, clock, mailer, log, metrics };
  metrics.reading('bidpilot_outbox_depth', 'Messages waiting in an outbox (mail, notices)', 'outbox', async () => ({
    mail: await mailWaiting(ctx),
  }));
  return {
    mailer,
    /** Work done after the answer (a reset or resend code's lookup); the mail it queues goes through the outbox. */
    queue: new MailQueue(log),
    /** Sends what the outbox holds now (each mail under a claim); a failure waits in the outbox for the next try. */
    dispatchNow: () => dispatchMail(outbox),
    /** Sends what the outbox holds, once the write that queued it has committed (the chore retries). */
    dispatchSoon: () => void dispatchMail(outbox).catch((error: unknown) => log.error('mail dispatch failed', { error })),
    sandbox: mailer.kind === 'sandbox' ? [sandboxMailRoutes(sandboxStoreOf(ctx))] : [],
    chores: [() => dispatchMail(outbox)],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type MailModule = ReturnType<typeof mailModule>;
