import { integer } from 'drizzle-orm/sqlite-core';

/** A point in time, stored as milliseconds since the epoch (a Date in JavaScript). */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
