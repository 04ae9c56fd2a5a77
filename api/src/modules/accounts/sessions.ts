import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '@shared/schemas/auth';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce, timeParam } from '../../store/prepared';
import { first, type Store } from '../../store/store';
import { AppError } from '../../kernel/errors';
import { ErrorCode } from '@shared/errors';
import { tablesOf, type UserRow } from '../../store/schema/index';
import { keyedHash, newToken } from '../../kernel/tokens';

const DAY = 24 * 60 * 60 * 1000;
/** How stale `last_used_at` may get before a request refreshes it (saves a write per request). */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export interface SessionDeps {
  store: Store;
  clock: Clock;
  pepper: string;
}

const tokenHash = (pepper: string, token: string) => keyedHash(pepper, 'session', token);

export const ACCOUNT_DELETING_MESSAGE =
  'This account is being deleted. To keep it, open the link in the email we sent when the deletion was asked for.';

/**
 * Starts a session; the raw token is returned once and only its keyed hash is stored. An account in
 * its grace period before deletion is frozen: no way of signing in opens a session for it.
 */
export async function createSession({ store, clock, pepper }: SessionDeps, userId: string, userAgent?: string | null): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await store.tx(async (tx) => {
    const { accountDeletions, sessions } = tablesOf(tx);
    const deleting = await first(tx.select({ id: accountDeletions.id }).from(accountDeletions).where(eq(accountDeletions.userId, userId)));
    if (deleting) throw new AppError(ErrorCode.accountDeleting, ACCOUNT_DELETING_MESSAGE);
    return tx.insert(sessions).values({
      id: crypto.randomUUID(),
      userId,
      tokenHash: tokenHash(pepper, token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY),
      userAgent: userAgent?.slice(0, 256) ?? null,
    });
  });
  return token;
}

const prepareSessionLookup = (db: Tx) => {
  const { sessions, users } = tablesOf(db);
  return db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare();
};

/** The session lookup of every signed-in request, prepared once per connection. */
const sessionLookups = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>();

/** The user of a live session, or undefined for an unknown, revoked or expired token. */
export async function userForToken(
  { store, clock, pepper }: SessionDeps,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const now = clock.now();
  // Placeholders reach SQLite as given: the timestamp column holds milliseconds.
  const row = await preparedOnce(sessionLookups, store.db, prepareSessionLookup).get({
    hash: tokenHash(pepper, token),
    now: timeParam(store.db, now),
  });
  if (!row) return undefined;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await store.tx((tx) => {
      const { sessions } = tablesOf(tx);
      return tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    });
  }
  return { user: row.user, sessionId: row.sessionId };
}

export async function revokeSession({ store, clock }: SessionDeps, sessionId: string): Promise<void> {
  await store.tx((tx) => {
    const { sessions } = tablesOf(tx);
    return tx.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
  });
}

/** Ends every session of a user (after a password reset), in the transaction `tx`. */
export async function revokeAllSessions(tx: Tx, clock: Clock, userId: string): Promise<void> {
  const { sessions } = tablesOf(tx);
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
