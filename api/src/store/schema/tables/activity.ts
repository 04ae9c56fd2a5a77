import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { users } from './accounts';

/** What happened, for the dashboard's recent activity: runs, proposals sent or failed, drafts, payments. */
export const activityLog = sqliteTable(
  'activity_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    agentId: text('agent_id'),
    jobItemId: text('job_item_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('activity_log_user_idx').on(t.userId, t.id)],
);
