import crypto from 'node:crypto';
import { isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../store/sqlite/client';
import { tablesOf } from '../../store/schema/index';
import { Claims } from '../../store/claims';
import type { ModuleContext } from '../context';
import type { MailMessage, Mailer } from './mailer';

/** A mail is its claimant's for five minutes; a claim a crash left is taken over after it. */
const mailClaims = new Claims('mailOutbox', { leaseMs: 5 * 60_000, open: (mail) => isNull(mail.sentAt) });
const MAX_ATTEMPTS = 8;

/**
 * Queues a mail in the caller's transaction: it goes out only if what caused it commits, and once.
 * `key` names it for good (a replayed request queues nothing new).
 */
export async function queueMail(tx: Tx, message: Omit<MailMessage, 'messageId'>, key: string, now: Date): Promise<void> {
  const { mailOutbox } = tablesOf(tx);
  const messageId = `<${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}@bidpilot>`;
  await tx
    .insert(mailOutbox)
    .values({
      messageId,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
}

/** What draining the outbox takes: the kernel's store, clock and log, and the mailer. */
export type MailDispatchDeps = Pick<ModuleContext, 'store' | 'clock' | 'log'> & { mailer: Mailer };

/**
 * Sends what is due, each under a claim: one process sends a given mail, a claim left by a crash
 * expires and the mail is sent again with its Message-ID (SMTP cannot be asked whether a message
 * went out; the same id lets servers and clients drop the copy). Failures back off and give up
 * after a few tries.
 */
export async function dispatchMail(deps: MailDispatchDeps, limit = 20): Promise<{ sent: number; failed: number }> {
  const { store, clock } = deps;
  const now = clock.now();
  const result = { sent: 0, failed: 0 };
  // Claimed each in a transaction, sent outside any, completed by the claimant in another.
  for (const { token, row } of await mailClaims.claimEach(store, now, limit, (mail) => lte(mail.nextAttemptAt, now))) {
    try {
      await deps.mailer.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: row.messageId,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await store.tx((tx) => mailClaims.complete(tx, token, { sentAt: clock.now(), lastError: null }));
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn('mail not sent', { id: row.id, reason });
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(clock.now().getTime() + 60_000 * 2 ** Math.min(row.attempts, 8));
      await store.tx((tx) => mailClaims.release(tx, token, { lastError: reason, nextAttemptAt: giveUp ? new Date(8.64e15) : retryAt }));
      result.failed++;
    }
  }
  return result;
}
