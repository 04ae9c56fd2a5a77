import { and, asc, eq, type SQL } from 'drizzle-orm';
import { sandboxTablesOf, type SandboxTables } from '../../../../store/sandbox-schema/index';
import { first, type Store } from '../../../../store/store';

export type RecordKind = SandboxTables['sandboxPaystackRecords']['$inferSelect']['kind'];
export type Json = Record<string, unknown>;

/**
 * The sandbox Paystack's records, one JSON document each, kept in the sandbox store (store/sandbox-store.ts,
 * never the product's database) so they survive restarts. It stands for a service outside the
 * product: each write is a transaction of its own, in a database of its own.
 */
export class SandboxPaystackStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  get(kind: RecordKind, key: string): Promise<Json | undefined> {
    return this.one(kind, (records) => eq(records.key, key));
  }

  byAlias(kind: RecordKind, alias: string): Promise<Json | undefined> {
    return this.one(kind, (records) => eq(records.alias, alias));
  }

  /** The record of a kind that `match` picks (given the store's table), if any. */
  private async one(kind: RecordKind, match: (records: SandboxTables['sandboxPaystackRecords']) => SQL): Promise<Json | undefined> {
    const { sandboxPaystackRecords: records } = sandboxTablesOf(this.store.db);
    return (
      await first(
        this.store.db
          .select()
          .from(records)
          .where(and(eq(records.kind, kind), match(records))),
      )
    )?.data;
  }

  async all(kind: RecordKind): Promise<Json[]> {
    const { sandboxPaystackRecords } = sandboxTablesOf(this.store.db);
    const rows = await this.store.db
      .select()
      .from(sandboxPaystackRecords)
      .where(eq(sandboxPaystackRecords.kind, kind))
      .orderBy(asc(sandboxPaystackRecords.createdAt));
    return rows.map((row) => row.data);
  }

  /** Inserts; false when the key is taken. */
  async insert(kind: RecordKind, key: string, data: Json, alias?: string): Promise<boolean> {
    const now = this.now();
    return this.store.tx(async (tx) => {
      const { sandboxPaystackRecords } = sandboxTablesOf(tx);
      const inserted = await tx
        .insert(sandboxPaystackRecords)
        .values({ kind, key, alias: alias ?? null, data, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ key: sandboxPaystackRecords.key });
      return inserted.length > 0;
    });
  }

  /**
   * Reads a record and writes what `decide` makes of it in one transaction, so a check on it (a
   * transaction still refundable, a checkout still open) holds for the write, as on Paystack. No
   * `data` in the answer: nothing written.
   */
  async modify<T>(kind: RecordKind, key: string, decide: (current: Json | undefined) => { data?: Json; result: T }): Promise<T> {
    return this.store.tx(async (tx) => {
      const { sandboxPaystackRecords } = sandboxTablesOf(tx);
      const where = and(eq(sandboxPaystackRecords.kind, kind), eq(sandboxPaystackRecords.key, key));
      const current = (await first(tx.select().from(sandboxPaystackRecords).where(where)))?.data;
      const { data, result } = decide(current);
      if (current && data) await tx.update(sandboxPaystackRecords).set({ data, updatedAt: this.now() }).where(where);
      return result;
    });
  }

  async update(kind: RecordKind, key: string, data: Json): Promise<void> {
    await this.store.tx(async (tx) => {
      const { sandboxPaystackRecords } = sandboxTablesOf(tx);
      await tx
        .update(sandboxPaystackRecords)
        .set({ data, updatedAt: this.now() })
        .where(and(eq(sandboxPaystackRecords.kind, kind), eq(sandboxPaystackRecords.key, key)));
    });
  }
}
