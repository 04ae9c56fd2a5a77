import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from '@shared/schemas/auth';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import { AppError } from '../errors';
import { keyedHash, newSixDigitCode, safeEqual } from './tokens';

export type CodePurpose = 'verify_email' | 'reset_password';

export interface CodeDeps {
  db: Db;
  clock: Clock;
  pepper: string;
}

export const codeMessages = {
  invalid: 'Invalid or expired code. Please try again.',
  expired: 'This code has expired. Please request a new one.',
  tooMany: 'Too many wrong attempts. Please request a new code.',
} as const;

const hashCode = (pepper: string, userId: string, purpose: CodePurpose, code: string) =>
  keyedHash(pepper, 'code', purpose, userId, code);

/** Issues a new code, retiring any earlier one of the same purpose; returns the code to mail. */
export function issueCode({ db, clock, pepper }: CodeDeps, userId: string, purpose: CodePurpose): string {
  const code = newSixDigitCode();
  const now = clock.now();
  db.transaction((tx) => {
    tx.update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
      .run();
    tx.insert(verificationCodes)
      .values({
        id: crypto.randomUUID(),
        userId,
        purpose,
        codeHash: hashCode(pepper, userId, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      })
      .run();
  });
  return code;
}

/**
 * Checks a code and consumes it when right. A wrong code uses up one of five tries; the sixth try
 * is refused even with the right code, so the code cannot be guessed.
 */
export function consumeCode({ db, clock, pepper }: CodeDeps, userId: string, purpose: CodePurpose, code: string): void {
  const now = clock.now();
  const failure = db.transaction((tx) => {
    const row = tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.createdAt))
      .get();
    if (!row) return new AppError(ErrorCode.invalidCode, codeMessages.invalid);
    if (row.expiresAt.getTime() <= now.getTime()) return new AppError(ErrorCode.codeExpired, codeMessages.expired);
    if (row.attempts >= CODE_MAX_ATTEMPTS) return new AppError(ErrorCode.tooManyAttempts, codeMessages.tooMany, { attemptsLeft: 0 });
    if (!safeEqual(row.codeHash, hashCode(pepper, userId, purpose, code))) {
      const attempts = row.attempts + 1;
      tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id)).run();
      return new AppError(ErrorCode.invalidCode, codeMessages.invalid, { attemptsLeft: CODE_MAX_ATTEMPTS - attempts });
    }
    tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.id)).run();
    return undefined;
  });
  if (failure) throw failure;
}
