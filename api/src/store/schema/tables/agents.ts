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

/**
 * The last runs of each agent (modules/runner/run-history.ts): what each found and what became of
 * every job, skipped ones with the reason. Bounded: a run stored drops the agent's runs beyond the
 * newest few (RUN_HISTORY_KEPT). Never synced: the agent page reads it from the server.
 */
export const agentRuns = sqliteTable(
  'agent_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    manual: integer('manual', { mode: 'boolean' }).notNull().default(false),
    counts: text('counts', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    jobs: text('jobs', { mode: 'json' }).$type<unknown[]>().notNull(),
  },
  (t) => [index('agent_runs_agent_idx').on(t.agentId, t.at), index('agent_runs_user_idx').on(t.userId)],
);
