import { sql } from 'drizzle-orm';
import type { Db } from './sqlite/client';
import type { PgDb } from './postgres/postgres';
import { currentTx, type OpenTx } from './store';

/** The first key of the two-key advisory locks that order a user's changes (any fixed number). */
const CHANGE_ORDER = 7_331_002;
const held = new WeakMap<OpenTx, Set<string>>();

/**
 * Call in a transaction before it takes a position in the change log for `userId`'s records.
 *
 * A client pulls its changes with `?since=<position>`: it must never be shown position 11 while 10
 * is still to commit, or it moves past 10 for good. With SQLite one transaction writes at a time, so
 * positions commit in order. On PostgreSQL a sequence hands out positions to transactions in flight,
 * which may commit in any order, so the transactions that write one user's changes take that user's
 * advisory lock first (held until commit or rollback): the next one takes its position only after
 * the previous one ended, and a user's positions commit in order. Pulls read one user's range only,
 * so an order per user is all they need; other users' writes do not wait. Two users in one
 * transaction may deadlock with another taking them the other way round; the store runs the loser
 * again.
 */
export async function holdChangeOrder(tx: Db, userId: string): Promise<void> {
  if (!changeOrderToTake(userId)) return;
  await (tx as unknown as PgDb).execute(sql`select ${changeOrderLock(userId)}`);
  changeOrderTaken(userId);
}

/**
 * Whether the transaction under way must still take `userId`'s lock before it takes a position:
 * on PostgreSQL, the first time in the transaction. A statement that takes it in passing (the
 * change log's upsert does, so a change costs one round trip: `store/change-log.ts`) says so
 * with `changeOrderTaken` once it ran.
 */
export function changeOrderToTake(userId: string): boolean {
  const open = currentTx.getStore();
  return Boolean(open?.open && open.store.dialect === 'postgres' && !held.get(open)?.has(userId));
}

export function changeOrderTaken(userId: string): void {
  const open = currentTx.getStore();
  if (!open) return;
  let users = held.get(open);
  if (!users) held.set(open, (users = new Set()));
  users.add(userId);
}

/** The SQL call that takes `userId`'s lock until the transaction ends. */
export const changeOrderLock = (userId: string) => sql`pg_advisory_xact_lock(${CHANGE_ORDER}, hashtext(${userId}))`;
