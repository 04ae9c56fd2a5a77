import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/**
 * Mail that must go out once: written in the transaction of what causes it, then sent by one
 * claimant (token and expiry) and marked sent. A resend after a crash carries the same Message-ID,
 * so mail servers and clients treat it as the same message.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: text('message_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at').notNull(),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    /** After this a mail is no use any more (a code that expired): given up instead of sent late. */
    expiresAt: timestamp('expires_at'),
  },
  (t) => [uniqueIndex('mail_outbox_message_id_unique').on(t.messageId), index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
);
