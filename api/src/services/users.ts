import { eq, sql } from 'drizzle-orm';
import type { UpdateUserBody, User } from '@shared/schemas/user';
import { isLanguage } from '@shared/languages';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { notFound } from '../errors';
import { recordChange } from './change-log';

/** The user as the API answers it: never the password hash, never a session. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    platformType: row.platformType,
    emailVerified: row.emailVerifiedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    skills: row.skills,
    portfolioLinks: row.portfolioLinks,
    upworkProfileComplete: row.upworkProfileComplete,
    freelancerProfileComplete: row.freelancerProfileComplete,
    language: isLanguage(row.language) ? row.language : 'en',
    timeZone: row.timeZone,
    profileTitle: row.profileTitle ?? null,
    profileOverview: row.profileOverview ?? null,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/**
 * Merges profile fields into the signed-in user's own record. Any other id is "not found", whether
 * or not someone has it: the answer must not tell which ids exist.
 */
export function updateProfile(deps: { db: Db; clock: Clock }, actorId: string, targetId: string, fields: UpdateUserBody): User {
  if (actorId !== targetId) throw notFound('User not found');
  const now = deps.clock.now();
  const row = deps.db.transaction((tx) => {
    recordChange(tx, actorId, 'profile', actorId, now);
    return tx
      .update(users)
      .set({ ...fields, updatedAt: now, version: sql`${users.version} + 1` })
      .where(eq(users.id, actorId))
      .returning()
      .get();
  });
  if (!row) throw notFound('User not found');
  return toUserDto(row);
}
