import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { skipLocked } from './postgres/skip-locked';
import type { Tx } from './sqlite/client';
import type { Store } from './store';
import { tablesOf, type Tables } from './schema/index';

/**
 * Claim, then act, then complete: the one mechanism behind every effect outside the database (a
 * bid, a mail, a notice, a Paystack call). A row is claimed (a token and an expiry) in the
 * transaction that checks the effect may still happen; the claimant does the effect outside any
 * transaction; only the holder of the token completes it, renews it or lets it go. A claim past its
 * expiry is lapsed: whoever recovers it takes it over with a new token (after looking at the outside
 * world where it can be asked), so the old claimant's late writes change nothing.
 *
 * Used by job items (`modules/runner`: reservation, sender, recovery), the mail outbox, the notice
 * outbox, billing's Paystack claims and its refunds (a `refunding` payment). Each table has `claim_token`, `claim_until` and `attempts`.
 */

export const newClaimToken = (): string => crypto.randomUUID();

/** A table whose rows can be claimed. */
export type ClaimableTable = SQLiteTable & {
  id: SQLiteColumn;
  claimToken: SQLiteColumn;
  claimUntil: SQLiteColumn;
  attempts: SQLiteColumn;
};

/** The names of the product's tables whose rows can be claimed. */
export type ClaimableName = { [K in keyof Tables]: Tables[K] extends ClaimableTable ? K : never }[keyof Tables];

/** A claim this caller holds on the rows that carry its token. */
export interface HeldClaim<Row> {
  token: string;
  rows: Row[];
}

export interface ClaimsOptions<Table> {
  /** How long a claim is its claimant's alone. */
  leaseMs: number;
  /** Rows still to do (a sent mail, a finished billing claim are never claimed again), on the engine's table. */
  open?: (table: Table) => SQL;
  /** The expiry column is NOT NULL: a row let go keeps an expiry (when it may be taken again). */
  expiryRequired?: boolean;
}

/**
 * The claims on one table: the conditions and values every claim uses, and the statements of a plain
 * outbox. The table is named, not held: each call takes it from the database handle it is given
 * (`tablesOf`), so the same claims serve a SQLite and a PostgreSQL store.
 */
export class Claims<Name extends ClaimableName, Table extends ClaimableTable = Tables[Name], Row = Table['$inferSelect']> {
  constructor(
    readonly tableName: Name,
    private readonly options: ClaimsOptions<Table>,
  ) {}

  get leaseMs(): number {
    return this.options.leaseMs;
  }

  /** The claimed table on the engine of `db` (a store's `db`, or a transaction). */
  tableOn(db: object): Table {
    return tablesOf(db)[this.tableName] as unknown as Table;
  }

  private withOpen(table: Table, condition: SQL): SQL {
    return this.options.open ? and(this.options.open(table), condition)! : condition;
  }

  /** When a claim taken at `now` lapses. */
  until(now: Date, leaseMs = this.options.leaseMs): Date {
    return new Date(now.getTime() + leaseMs);
  }

  /** Rows no one holds: never claimed, let go, or lapsed (on the engine of `db`). */
  free(db: object, now: Date): SQL {
    const table = this.tableOn(db);
    return this.withOpen(table, or(isNull(table.claimUntil), lt(table.claimUntil, now))!);
  }

  /** Rows whose claim lapsed: a claimant that never completed (a crash), to recover. */
  lapsed(db: object, now: Date): SQL {
    const table = this.tableOn(db);
    return this.withOpen(table, lt(table.claimUntil, now));
  }

  /** Rows the holder of `token` may complete (a claim taken over has another token); a placeholder in a prepared statement. */
  heldBy(db: object, token: string | Placeholder): SQL {
    const table = this.tableOn(db);
    return this.withOpen(table, eq(table.claimToken, token));
  }

  /** The columns of a claim opened with the row, in the transaction that decides the work. */
  opened(token: string, now: Date, leaseMs = this.options.leaseMs): { claimToken: string; claimUntil: Date } {
    return { claimToken: token, claimUntil: this.until(now, leaseMs) };
  }

  /** The columns that claim an existing row (one more attempt). */
  taken(db: object, token: string, now: Date, leaseMs = this.options.leaseMs): { claimToken: string; claimUntil: Date; attempts: SQL } {
    return { ...this.opened(token, now, leaseMs), attempts: sql`${this.tableOn(db).attempts} + 1` };
  }

  /** The columns of a row no one holds any more. */
  get cleared(): { claimToken: null; claimUntil?: null } {
    return this.options.expiryRequired ? { claimToken: null } : { claimToken: null, claimUntil: null };
  }

  /** Claims the free rows among `where` inside `tx`, with `token`: the rows it took (none when another holds them). */
  async claim(tx: Tx, where: SQL, token: string, now: Date, set: Record<string, unknown> = {}): Promise<Row[]> {
    const query = tx
      .update(this.tableOn(tx))
      .set({ ...set, ...this.taken(tx, token, now) } as never)
      .where(and(where, this.free(tx, now)))
      .returning();
    return (await query) as unknown as Row[];
  }

  /**
   * Claims up to `limit` free rows (oldest first) under one token, in one transaction; on PostgreSQL
   * rows another claimant is taking are passed over, not waited for.
   */
  async claimBatch(store: Store, now: Date, limit: number, where?: SQL): Promise<HeldClaim<Row>> {
    const token = newClaimToken();
    const rows = await store.tx(
      async (tx) => {
        const table = this.tableOn(tx);
        const free = where ? and(where, this.free(tx, now))! : this.free(tx, now);
        const select = tx.select({ id: table.id }).from(table).where(free).orderBy(asc(table.id)).limit(limit);
        const ids = (await (store.dialect === 'postgres' ? skipLocked(select) : select)).map((row) => row.id);
        return ids.length === 0 ? [] : this.claim(tx, inArray(table.id, ids), token, now);
      },
      { lockingClaim: true },
    );
    return { token, rows };
  }

  /**
   * Claims each due row in a transaction of its own, oldest first by `order` (the id unless told),
   * each with its own token: a row another process claimed meanwhile is passed over. `due` and
   * `order` are given the store's table.
   */
  async claimEach(
    store: Store,
    now: Date,
    limit: number,
    due: (table: Table) => SQL,
    order: (table: Table) => SQLiteColumn = (table) => table.id,
  ): Promise<Array<{ token: string; row: Row }>> {
    const table = this.tableOn(store.db);
    const candidates = await store.db
      .select({ id: table.id })
      .from(table)
      .where(and(due(table), this.free(store.db, now)))
      .orderBy(asc(order(table)))
      .limit(limit);
    const taken: Array<{ token: string; row: Row }> = [];
    for (const { id } of candidates) {
      const token = newClaimToken();
      const [row] = await store.tx((tx) => this.claim(tx, eq(table.id, id), token, now));
      if (row) taken.push({ token, row });
    }
    return taken;
  }

  /** Extends the claim `token` holds to `until` (work still under way); false when it is no longer held. */
  async renew(tx: Tx, token: string, until: Date): Promise<boolean> {
    const table = this.tableOn(tx);
    const renewed = await tx
      .update(table)
      .set({ claimUntil: until } as never)
      .where(this.heldBy(tx, token))
      .returning({ id: table.id });
    return renewed.length > 0;
  }

  /**
   * Completes the claim `token` holds with `set`, inside `tx` (only its rows among `rows`, when
   * given: one of a batch); false when it was no longer held.
   */
  async complete(tx: Tx, token: string, set: Record<string, unknown>, rows?: (table: Table) => SQL): Promise<boolean> {
    const table = this.tableOn(tx);
    const held = this.heldBy(tx, token);
    const done = await tx
      .update(table)
      .set({ ...this.cleared, ...set } as never)
      .where(rows ? and(held, rows(table)) : held)
      .returning({ id: table.id });
    return done.length > 0;
  }

  /**
   * Completes by deleting the rows these tokens still hold (an outbox whose done rows go; only its
   * rows among `rows`, when given: the finished part of a batch).
   */
  async remove(tx: Tx, tokens: string[], rows?: (table: Table) => SQL): Promise<void> {
    const table = this.tableOn(tx);
    const held = this.withOpen(table, inArray(table.claimToken, tokens));
    await tx.delete(table).where(rows ? and(held, rows(table)) : held);
  }

  /** Lets the claim go with `set` (say, when to try again; only its rows among `rows`, when given); false when it was no longer held. */
  release(tx: Tx, token: string, set: Record<string, unknown> = {}, rows?: (table: Table) => SQL): Promise<boolean> {
    return this.complete(tx, token, set, rows);
  }
}
