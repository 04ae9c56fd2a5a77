import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '@shared/schemas/auth';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { keyedHash, newToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
/** How stale `last_used_at` may get before a request refreshes it (saves a write per request). */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export interface SessionDeps {
  db: Db;
  clock: Clock;
  pepper: string;
}

const tokenHash = (pepper: string, token: string) => keyedHash(pepper, 'session', token);

/** Starts a session; the raw token is returned once and only its keyed hash is stored. */
export function createSession({ db, clock, pepper }: SessionDeps, userId: string, userAgent?: string | null): string {
  const token = newToken();
  const now = clock.now();
  db.insert(sessions)
    .values({
      id: crypto.randomUUID(),
      userId,
      tokenHash: tokenHash(pepper, token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY),
      userAgent: userAgent?.slice(0, 256) ?? null,
    })
    .run();
  return token;
}

const prepareSessionLookup = (db: Db) =>
  db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare();

/** The session lookup of every signed-in request, prepared once per database. */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** The user of a live session, or undefined for an unknown, revoked or expired token. */
export function userForToken({ db, clock, pepper }: SessionDeps, token: string): { user: UserRow; sessionId: string } | undefined {
  const now = clock.now();
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  // Placeholders reach SQLite as given: the timestamp column holds milliseconds.
  const row = lookup.get({ hash: tokenHash(pepper, token), now: now.getTime() });
  if (!row) return undefined;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId)).run();
  }
  return { user: row.user, sessionId: row.sessionId };
}

export function revokeSession({ db, clock }: SessionDeps, sessionId: string): void {
  db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user (after a password reset). */
export function revokeAllSessions({ db, clock }: { db: Tx; clock: Clock }, userId: string): void {
  db.update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .run();
}
