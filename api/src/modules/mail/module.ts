import { sandboxStoreOf, type ModuleContext, type ModuleParts } from '../context';
import { MailQueue } from './mail-queue';
import type { Mailer } from './mailer';
import { OperatorAlerts } from './operator-alerts';
import { dispatchMail, mailWaiting } from './outbox';
import { sandboxMailRoutes } from './sandbox/routes';

/**
 * Mail: the mailer (SMTP, or the sandbox's mailbox, which keeps its mail in the sandbox store), the
 * durable outbox every mail goes through (drained after each commit that queues one and on every
 * runner tick), the queue of work done after an answer, and, with the sandbox mailbox, its reading
 * routes.
 */
export function mailModule(ctx: ModuleContext, mailer: Mailer) {
  const { store, clock, log, metrics, config } = ctx;
  const outbox = { store, clock, mailer, log, metrics };
  const dispatchSoon = () => void dispatchMail(outbox).catch((error: unknown) => log.error('mail dispatch failed', { error }));
  const alerts = new OperatorAlerts({ store, clock, log, operatorEmail: config.operatorEmail, publicUrl: config.publicUrl, dispatchSoon });
  metrics.reading('bidpilot_outbox_depth', 'Messages waiting in an outbox (mail, notices)', 'outbox', async () => ({
    mail: await mailWaiting(ctx),
  }));
  metrics.reading('bidpilot_operator_alerts_open', 'Alerts a person must act on, not yet resolved', 'kind', async () => ({
    all: await alerts.openCount(),
  }));
  return {
    mailer,
    /** Work done after the answer (a reset or resend code's lookup); the mail it queues goes through the outbox. */
    queue: new MailQueue(log),
    /** Sends what the outbox holds now (each mail under a claim); a failure waits in the outbox for the next try. */
    dispatchNow: () => dispatchMail(outbox),
    /** Sends what the outbox holds, once the write that queued it has committed (the chore retries). */
    dispatchSoon,
    /** What a person must act on: recorded, mailed to OPERATOR_EMAIL, listed by `npm run ops -- alerts`. */
    alerts,
    sandbox: mailer.kind === 'sandbox' ? [sandboxMailRoutes(sandboxStoreOf(ctx))] : [],
    chores: [() => dispatchMail(outbox)],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type MailModule = ReturnType<typeof mailModule>;
