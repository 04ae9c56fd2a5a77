import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../store/sqlite/client';
import { tablesOf, type BillingClaimRow } from '../../../store/schema/index';
import { Claims, newClaimToken } from '../../../store/claims';
import { first, type Store } from '../../../store/store';

/** How long a claim is its claimant's alone; after it, the chore takes it over. */
export const BILLING_CLAIM_LEASE_MS = 10 * 60 * 1000;

export type BillingClaimKind = BillingClaimRow['kind'];

const claims = new Claims('billingClaims', {
  leaseMs: BILLING_CLAIM_LEASE_MS,
  open: (table) => isNull(table.doneAt),
  expiryRequired: true,
});

/**
 * A claim held by this caller: the row's id and the token that proves it is still this caller's.
 * `takenOver` when an earlier claimant left it unfinished: Paystack may already have done some of it.
 */
export interface BillingClaim {
  id: string;
  token: string;
  takenOver: boolean;
}

/**
 * Claims on Paystack work (the `billing_claims` table): opened in the transaction that decides the
 * work, so it is never lost to a crash; carried out outside any transaction by the claimant; its
 * progress and its end written only while the token is still the claimant's. A claim whose lease
 * lapsed is taken over with a new token, so the old claimant's late writes change nothing.
 */
export class BillingClaims {
  constructor(private readonly store: Store) {}

  /** Opens a claim held by the caller, inside the transaction `tx` that decides the work. */
  static async open(
    tx: Tx,
    input: { userId: string; kind: BillingClaimKind; payload: Record<string, unknown> },
    now: Date,
  ): Promise<BillingClaim> {
    const { billingClaims } = tablesOf(tx);
    const claim = { id: crypto.randomUUID(), token: newClaimToken(), takenOver: false };
    await tx.insert(billingClaims).values({
      id: claim.id,
      userId: input.userId,
      kind: input.kind,
      payload: input.payload,
      ...claims.opened(claim.token, now),
      createdAt: now,
    });
    return claim;
  }

  /** The user's unfinished claim of a kind, whoever holds it (read in `tx`, the one that may open another). */
  static unfinished(tx: Tx, userId: string, kind: BillingClaimKind): Promise<BillingClaimRow | undefined> {
    const { billingClaims } = tablesOf(tx);
    return first(
      tx
        .select()
        .from(billingClaims)
        .where(and(eq(billingClaims.userId, userId), eq(billingClaims.kind, kind), isNull(billingClaims.doneAt))),
    );
  }

  private static mine(tx: Tx, claim: BillingClaim) {
    const { billingClaims } = tablesOf(tx);
    return and(eq(billingClaims.id, claim.id), claims.heldBy(tx, claim.token));
  }

  /** Whether the claim is still the caller's (read in `tx`, the transaction about to act on it). */
  static async holds(tx: Tx, claim: BillingClaim): Promise<boolean> {
    const { billingClaims } = tablesOf(tx);
    return (await first(tx.select({ id: billingClaims.id }).from(billingClaims).where(BillingClaims.mine(tx, claim)))) !== undefined;
  }

  /** Records what Paystack did so far, inside `tx`; false when the claim is no longer the caller's. */
  static async record(tx: Tx, claim: BillingClaim, progress: Record<string, unknown>): Promise<boolean> {
    const { billingClaims } = tablesOf(tx);
    const updated = await tx
      .update(billingClaims)
      .set({ progress })
      .where(BillingClaims.mine(tx, claim))
      .returning({ id: billingClaims.id });
    return updated.length > 0;
  }

  /** Ends the claim inside `tx` (the work is done, or nothing is left to do); false when it was no longer the caller's. */
  static async close(tx: Tx, claim: BillingClaim, now: Date): Promise<boolean> {
    return claims.complete(tx, claim.token, { doneAt: now });
  }

  /** Ends the claim in a transaction of its own (see `close`). */
  finish(claim: BillingClaim, now: Date): Promise<boolean> {
    return this.store.tx((tx) => BillingClaims.close(tx, claim, now));
  }

  /** Lets the claim go, to be taken over from `retryAt` (the work could not be done now). */
  release(claim: BillingClaim, retryAt: Date): Promise<void> {
    return this.store.tx(async (tx) => {
      await claims.release(tx, claim.token, { claimUntil: retryAt });
    });
  }

  /**
   * Takes over unfinished claims whose lease lapsed (oldest first): each with a new token, in a
   * transaction of its own that checks the lease is still lapsed, so two processes never take one.
   */
  async takeOverLapsed(now: Date, limit = 20): Promise<Array<{ claim: BillingClaim; row: BillingClaimRow }>> {
    const taken = await claims.claimEach(
      this.store,
      now,
      limit,
      (table) => isNull(table.doneAt),
      (table) => table.claimUntil,
    );
    return taken.map(({ token, row }) => ({ claim: { id: row.id, token, takenOver: true }, row }));
  }
}
