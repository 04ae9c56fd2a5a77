import crypto from 'node:crypto';
import { and, asc, eq, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import type { Store } from '../../store/store';
import { mailOutbox } from '../../store/schema/index';
import type { Logger } from '../../kernel/logger';
import type { MailMessage, Mailer } from './mailer';

const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;

/**
 * Queues a mail in the caller's transaction: it goes out only if what caused it commits, and once.
 * `key` names it for good (a replayed request queues nothing new).
 */
export async function queueMail(tx: Tx, message: Omit<MailMessage, 'messageId'>, key: string, now: Date): Promise<void> {
  const messageId = `<${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}@bidpilot>`;
  await tx
    .insert(mailOutbox)
    .values({ messageId, to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo: message.replyTo ?? null, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing();
}

export interface MailDispatchDeps {
  store: Store;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
}

/**
 * Sends what is due, each under a claim: one process sends a given mail, a claim left by a crash
 * expires and the mail is sent again with its Message-ID (SMTP cannot be asked whether a message
 * went out; the same id lets servers and clients drop the copy). Failures back off and give up
 * after a few tries.
 */
export async function dispatchMail(deps: MailDispatchDeps, limit = 20): Promise<{ sent: number; failed: number }> {
  const { store, clock } = deps;
  const now = clock.now();
  const due = await store.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.claimUntil), lt(mailOutbox.claimUntil, now))))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  const result = { sent: 0, failed: 0 };
  for (const { id } of due) {
    const token = crypto.randomUUID();
    // Claimed in a transaction, sent outside any, completed by the claimant in another.
    const [claimed] = await store.tx((tx) =>
      tx
        .update(mailOutbox)
        .set({ claimToken: token, claimUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), or(isNull(mailOutbox.claimUntil), lt(mailOutbox.claimUntil, now))))
        .returning(),
    );
    if (!claimed) continue;
    try {
      await deps.mailer.send({
        to: claimed.to,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        messageId: claimed.messageId,
        ...(claimed.replyTo ? { replyTo: claimed.replyTo } : {}),
      });
      await store.tx((tx) =>
        tx
          .update(mailOutbox)
          .set({ sentAt: clock.now(), claimToken: null, claimUntil: null, lastError: null })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token))),
      );
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn('mail not sent', { id, reason });
      const giveUp = claimed.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(clock.now().getTime() + 60_000 * 2 ** Math.min(claimed.attempts, 8));
      await store.tx((tx) =>
        tx
          .update(mailOutbox)
          .set({ claimToken: null, claimUntil: null, lastError: reason, nextAttemptAt: giveUp ? new Date(8.64e15) : retryAt })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token))),
      );
      result.failed++;
    }
  }
  return result;
}
