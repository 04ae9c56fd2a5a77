import { sql, type SQL } from 'drizzle-orm';
import type { SyncEntity } from '@shared/schemas/sync';
import { recordChange } from './change-log';
import { tablesOf, type Tables } from './schema/index';
import type { Tx } from './sqlite/client';

/**
 * The tables the device keeps a copy of, and the entity each row is to it (`GET /sync/pull`). A
 * write to one of their synced columns is a new version of the row and a change in the change log,
 * in the same transaction: `updateSynced` does both in one call, so a writer cannot do one without
 * the other (`synced-writes.test.ts` fails on an update of these tables that goes around it).
 */
export const SYNCED_TABLES = { users: 'profile', agents: 'agent', jobItems: 'jobItem' } as const satisfies Partial<
  Record<keyof Tables, SyncEntity>
>;
export type SyncedTable = keyof typeof SYNCED_TABLES;

/**
 * Columns of the synced tables the device never sees (toUserDto, toAgentDto and toJobItemDto leave
 * them out): written directly (a runner's lease, a claim), they change no version and bump no one's sync.
 */
export const SERVER_ONLY_COLUMNS: Record<SyncedTable, readonly string[]> = {
  users: ['passwordHash', 'referredBy'],
  agents: ['leaseOwner', 'leaseUntil'],
  jobItems: ['claimToken', 'claimUntil', 'outcomeCheckAt', 'outcomeChecks', 'outcomeLeaseOwner', 'outcomeLeaseUntil'],
};

type Values<N extends SyncedTable> = { [K in keyof Tables[N]['$inferInsert']]?: Tables[N]['$inferInsert'][K] | SQL };
type Row<N extends SyncedTable> = Tables[N]['$inferSelect'];

/**
 * Updates the rows of a synced table that `where` picks (given the engine's table) with `set`, as a
 * new version at `now` (`version` one more unless `set` names it, `updatedAt` now), and records each
 * updated row's change for its user, inside `tx`. Answers the rows as written.
 */
export async function updateSynced<N extends SyncedTable>(
  tx: Tx,
  name: N,
  set: Values<N>,
  where: (table: Tables[N]) => SQL | undefined,
  now: Date,
): Promise<Array<Row<N>>> {
  const table = tablesOf(tx)[name] as Tables['users'];
  const rows = (await tx
    .update(table)
    .set({ version: sql`${table.version} + 1`, ...set, updatedAt: now } as never)
    .where(where(tablesOf(tx)[name]))
    .returning()) as unknown as Array<Row<N>>;
  for (const row of rows) {
    const { id, userId } = row as { id: string; userId?: string };
    await recordChange(tx, userId ?? id, SYNCED_TABLES[name], id, now);
  }
  return rows;
}
