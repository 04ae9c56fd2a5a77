import { sandboxStoreOf, type ModuleContext, type ModuleParts } from '../context';
import { MailQueue } from './mail-queue';
import type { Mailer } from './mailer';
import { dispatchMail } from './outbox';
import { sandboxMailRoutes } from './sandbox/routes';

/**
 * Mail: the mailer (SMTP, or the sandbox's mailbox, which keeps its mail in the sandbox store), the
 * outbox it drains after each commit and on every runner tick, and, with the sandbox mailbox, its
 * reading routes.
 */
export function mailModule(ctx: ModuleContext, mailer: Mailer) {
  const { store, clock, log } = ctx;
  const outbox = { store, clock, mailer, log };
  return {
    mailer,
    /** Sign-in codes sent straight from the request, awaited at shutdown. */
    queue: new MailQueue(log),
    /** Sends what the outbox holds, once the write that queued it has committed (the chore retries). */
    dispatchSoon: () => void dispatchMail(outbox).catch((error: unknown) => log.error('mail dispatch failed', { error })),
    sandbox: mailer.kind === 'sandbox' ? [sandboxMailRoutes(sandboxStoreOf(ctx))] : [],
    chores: [() => dispatchMail(outbox)],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type MailModule = ReturnType<typeof mailModule>;
