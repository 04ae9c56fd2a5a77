import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPaystackRecords } from '../../db/schema';

export type RecordKind = (typeof sandboxPaystackRecords.$inferSelect)['kind'];
export type Json = Record<string, unknown>;

/** The sandbox Paystack's records, one JSON document each, kept in SQLite so they survive restarts. */
export class SandboxPaystackStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  get(kind: RecordKind, key: string): Json | undefined {
    return this.db
      .select()
      .from(sandboxPaystackRecords)
      .where(and(eq(sandboxPaystackRecords.kind, kind), eq(sandboxPaystackRecords.key, key)))
      .get()?.data;
  }

  byAlias(kind: RecordKind, alias: string): Json | undefined {
    return this.db
      .select()
      .from(sandboxPaystackRecords)
      .where(and(eq(sandboxPaystackRecords.kind, kind), eq(sandboxPaystackRecords.alias, alias)))
      .get()?.data;
  }

  all(kind: RecordKind): Json[] {
    return this.db
      .select()
      .from(sandboxPaystackRecords)
      .where(eq(sandboxPaystackRecords.kind, kind))
      .orderBy(asc(sandboxPaystackRecords.createdAt))
      .all()
      .map((row) => row.data);
  }

  /** Inserts; false when the key is taken. */
  insert(kind: RecordKind, key: string, data: Json, alias?: string): boolean {
    const now = this.now();
    const result = this.db
      .insert(sandboxPaystackRecords)
      .values({ kind, key, alias: alias ?? null, data, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run();
    return result.changes > 0;
  }

  update(kind: RecordKind, key: string, data: Json): void {
    this.db
      .update(sandboxPaystackRecords)
      .set({ data, updatedAt: this.now() })
      .where(and(eq(sandboxPaystackRecords.kind, kind), eq(sandboxPaystackRecords.key, key)))
      .run();
  }
}
