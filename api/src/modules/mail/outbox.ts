import crypto from 'node:crypto';
import { and, count, isNull, lt, lte } from 'drizzle-orm';
import type { Tx } from '../../store/sqlite/client';
import { tablesOf } from '../../store/schema/index';
import { MAIL_GIVEN_UP } from '../../store/schema/tables/mail';
import { Claims } from '../../store/claims';
import type { ModuleContext } from '../context';
import type { MailMessage, Mailer } from './mailer';

/** A mail is its claimant's for five minutes; a claim a crash left is taken over after it. */
const mailClaims = new Claims('mailOutbox', { leaseMs: 5 * 60_000, open: (mail) => isNull(mail.sentAt) });
/** Tries before a mail is given up (the waits between them: 30 s, 1 min, 2 min … then every 30 min: about six hours). */
export const MAIL_MAX_ATTEMPTS = 16;
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 30 * 60_000;
/** `next_attempt_at` of a mail given up: never due again. */
export const GIVEN_UP = MAIL_GIVEN_UP;

export interface QueueMailOptions {
  /** After this the mail is no use (a code's expiry): given up rather than sent late. */
  expiresAt?: Date;
}

/**
 * Queues a mail in the caller's transaction: it goes out only if what caused it commits, and once.
 * `key` names it for good (a replayed request queues nothing new).
 */
export async function queueMail(
  tx: Tx,
  message: Omit<MailMessage, 'messageId'>,
  key: string,
  now: Date,
  options: QueueMailOptions = {},
): Promise<void> {
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
      expiresAt: options.expiresAt ?? null,
    })
    .onConflictDoNothing();
}

/** What draining the outbox takes: the kernel's store, clock, log and metrics, and the mailer. */
export type MailDispatchDeps = Pick<ModuleContext, 'store' | 'clock' | 'log'> & { mailer: Mailer } & Partial<
    Pick<ModuleContext, 'metrics'>
  >;

/**
 * Sends what is due, each under a claim: one process sends a given mail, a claim left by a crash
 * expires and the mail is sent again with its Message-ID (SMTP cannot be asked whether a message
 * went out; the same id lets servers and clients drop the copy). A failure (the mail server down or
 * refusing) waits and is tried again, longer each time, from any process (the runner's chore, or the
 * next mail queued); a mail is given up after MAIL_MAX_ATTEMPTS tries, or once it expired (a code no
 * longer valid), and a person is told (an operator alert).
 */
export async function dispatchMail(deps: MailDispatchDeps, limit = 20): Promise<{ sent: number; failed: number }> {
  const { store, clock } = deps;
  const now = clock.now();
  const result = { sent: 0, failed: 0 };
  // Claimed each in a transaction, sent outside any, completed by the claimant in another.
  for (const { token, row } of await mailClaims.claimEach(store, now, limit, (mail) => lte(mail.nextAttemptAt, now))) {
    if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) {
      deps.log.warn('mail expired before it could be sent', { id: row.id, attempts: row.attempts - 1, lastError: row.lastError });
      await store.tx((tx) =>
        mailClaims.release(tx, token, { lastError: `expired unsent (${row.lastError ?? 'not tried'})`, nextAttemptAt: GIVEN_UP }),
      );
      result.failed++;
      continue;
    }
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
      deps.metrics?.mail.inc({ result: 'sent' });
      deps.log.debug('mail sent', { id: row.id, attempts: row.attempts });
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.metrics?.mail.inc({ result: 'failed' });
      const giveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      const retryAt = new Date(clock.now().getTime() + Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** row.attempts));
      if (giveUp) {
        deps.log.alert('mail given up after repeated failures; a person must check the mail server (SMTP_URL)', {
          // One open alert for the mail server, however many mails it refuses.
          subject: 'mail server',
          id: row.id,
          attempts: row.attempts,
          reason,
        });
      } else deps.log.warn('mail not sent; will try again', { id: row.id, attempts: row.attempts, retryAt, reason });
      await store.tx((tx) => mailClaims.release(tx, token, { lastError: reason, nextAttemptAt: giveUp ? GIVEN_UP : retryAt }));
      result.failed++;
    }
  }
  return result;
}

/** Mail waiting to go out (not sent, not given up): the outbox's depth. */
export async function mailWaiting(deps: Pick<ModuleContext, 'store'>): Promise<number> {
  const { mailOutbox } = tablesOf(deps.store.db);
  const [row] = await deps.store.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.nextAttemptAt, GIVEN_UP)));
  return row?.n ?? 0;
}
