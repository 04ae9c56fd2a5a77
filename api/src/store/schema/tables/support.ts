import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { users } from './accounts';

/** Support requests from the contact form; `id` makes the ticket number (SUP-000042; payment references start with BP-, so the two are never confused). */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: ['billing', 'agents', 'marketplace', 'account', 'other'] }).notNull(),
    message: text('message').notNull(),
    referenceKind: text('reference_kind', { enum: ['payment', 'proposal'] }),
    referenceId: text('reference_id'),
    referenceLabel: text('reference_label'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.id)],
);
