import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/** A point in time, stored as milliseconds since the epoch (a Date in JavaScript). */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** What a record the user edits carries: when it was made and last changed, and its version (each write adds one). */
export const versioned = () => ({
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
  version: integer('version').notNull().default(1),
});

/** The version at which each field last changed (absent: at or before version 1), for per-field conflicts. */
export const fieldVersions = () =>
  text('field_versions', { mode: 'json' })
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'`);
