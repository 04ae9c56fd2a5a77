import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import type { AgentRun } from '@shared/schemas/run';
import { users } from './accounts';

/**
 * Job agents. The user-editable fields are one validated JSON document (shared/src/schemas/agent.ts);
 * `fieldVersions` records the version at which each field last changed, for per-field conflicts.
 */
export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'paused'] }).notNull(),
    fields: text('fields', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    fieldVersions: text('field_versions', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    lastRun: timestamp('last_run'),
    emailsSent: integer('emails_sent').notNull().default(0),
    jobsFound: integer('jobs_found').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** The runner: when the agent is next due, and the lease of the process running it now. */
    nextRunAt: timestamp('next_run_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
    /** The run under way, the last run and a hold on runs (shared/src/schemas/run.ts), as the agent page shows them. */
    runState: text('run_state', { mode: 'json' }).$type<AgentRun>(),
  },
  (t) => [index('agents_user_idx').on(t.userId, t.createdAt), index('agents_due_idx').on(t.status, t.nextRunAt)],
);

export type AgentRow = typeof agents.$inferSelect;
