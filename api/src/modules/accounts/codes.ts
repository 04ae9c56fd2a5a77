import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { CODE_TTL_MINUTES } from '@shared/schemas/auth';
import type { Clock } from '../../kernel/clock';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { keyedHash, newSixDigitCode, safeEqual } from '../../kernel/tokens';

/**
 * What a mailed code proves: the address (verify), the right to set a new password (reset), to link
 * a Google identity to the account (link_identity), or to delete an account without a password
 * (delete_account), or to sign in once the account's password guesses ran out (sign_in).
 */
export type CodePurpose = 'verify_email' | 'reset_password' | 'link_identity' | 'delete_account' | 'sign_in';

export interface CodeDeps {
  store: Store;
  clock: Clock;
  pepper: string;
}

export const codeMessages = {
  invalid: 'Invalid or expired code. Please try again.',
  expired: 'This code has expired. Please request a new one.',
  noTriesLeft: 'Invalid code, and no tries are left. Request a new code and enter it once the wait is over.',
} as const;

const hashCode = (pepper: string, userId: string, purpose: CodePurpose, code: string) => keyedHash(pepper, 'code', purpose, userId, code);

/** Issues a new code, retiring any earlier one of the same purpose; returns the code to mail. */
export async function issueCode({ store, clock, pepper }: CodeDeps, userId: string, purpose: CodePurpose): Promise<string> {
  const code = newSixDigitCode();
  const now = clock.now();
  await store.tx(async (tx) => {
    const { verificationCodes } = tablesOf(tx);
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      id: crypto.randomUUID(),
      userId,
      purpose,
      codeHash: hashCode(pepper, userId, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    });
  });
  return code;
}

/** Wrong tries a code takes in all (from every client) before it is retired: the owner asks for a new one. */
export const CODE_MAX_TOTAL_ATTEMPTS = 50;

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Checks a code and consumes it when right. `wrong` covers every way of not holding the live code:
 * no code (none issued, already used, an address already verified), a wrong code, or a code retired
 * after CODE_MAX_TOTAL_ATTEMPTS wrong tries; a wrong try is counted on the live code. `expired` is
 * told only to whoever gives the right code, so a guess learns nothing about the account. How many
 * tries one client gets is the caller's (modules/accounts/login-throttle.ts).
 */
export function consumeCode({ store, clock, pepper }: CodeDeps, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const now = clock.now();
  return store.tx(async (tx): Promise<CodeCheck> => {
    const { verificationCodes } = tablesOf(tx);
    const row = await first(
      tx
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1),
    );
    if (!row || row.attempts >= CODE_MAX_TOTAL_ATTEMPTS) return 'wrong';
    if (!safeEqual(row.codeHash, hashCode(pepper, userId, purpose, code))) {
      await tx
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      return 'wrong';
    }
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.id));
    return 'ok';
  });
}
