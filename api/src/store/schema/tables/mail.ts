import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/** `next_attempt_at` of a mail given up (too many failures, or expired): never due again (a date both engines store). */
export const MAIL_GIVEN_UP = new Date('9999-01-01T00:00:00.000Z');

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

/**
 * What a person must act on (a refund Paystack refused, a mail server that keeps refusing, a key
 * the writer refuses): raised by `log.alert` anywhere, one open row per message and subject (seen
 * again, it counts up), mailed once to OPERATOR_EMAIL and listed by `npm run ops -- alerts` until
 * resolved there.
 */
export const operatorAlerts = sqliteTable(
  'operator_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The message and what it is about (a payment's reference, a mail's id): one open alert each. */
    key: text('key').notNull(),
    message: text('message').notNull(),
    subject: text('subject'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at').notNull(),
    lastAt: timestamp('last_at').notNull(),
    mailedAt: timestamp('mailed_at'),
    resolvedAt: timestamp('resolved_at'),
  },
  (t) => [index('operator_alerts_key_idx').on(t.key, t.resolvedAt), index('operator_alerts_open_idx').on(t.resolvedAt, t.lastAt)],
);
