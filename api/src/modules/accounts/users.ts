import { eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import type { UpdateUserBody, User } from '@shared/schemas/user';
import { isLanguage } from '@shared/languages';
import type { Clock } from '../../kernel/clock';
import type { Db } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf, type UserRow } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import { updateSynced } from '../../store/synced-writes';
import { changedFields, conflictingFields, stampFieldVersions } from '../../store/field-versions';

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
    workHistory: row.workHistory ?? null,
    portfolio: row.portfolio ?? null,
    upworkProfileUrl: row.upworkProfileUrl ?? null,
    freelancerProfileUrl: row.freelancerProfileUrl ?? null,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  return first(db.select().from(users).where(eq(users.email, email)).limit(1));
}

/**
 * Merges profile fields into the signed-in user's own record. Any other id is "not found", whether
 * or not someone has it: the answer must not tell which ids exist. With a base version, a field
 * changed on the server after it and set here to another value is a conflict (409 with the fields
 * and the current user); the other fields merge. Only changed fields count.
 */
export function updateProfile(
  deps: { store: Store; clock: Clock },
  actorId: string,
  targetId: string,
  body: UpdateUserBody,
): Promise<User> {
  if (actorId !== targetId) throw notFound('User not found');
  // Read and write in one transaction: the version checked is the one the write replaces.
  return deps.store.tx((tx) => updateOwnProfile(tx, deps.clock, actorId, body));
}

async function updateOwnProfile(tx: Db, clock: Clock, actorId: string, body: UpdateUserBody): Promise<User> {
  const { users } = tablesOf(tx);
  const { baseVersion, baseVersions, ...fields } = body;
  const row = await first(tx.select().from(users).where(eq(users.id, actorId)).limit(1));
  if (!row) throw notFound('User not found');
  const current = toUserDto(row) as unknown as Record<string, unknown>;
  const conflicts = conflictingFields({ patch: fields, current, fieldVersions: row.fieldVersions, baseVersion, baseVersions });
  if (conflicts.length > 0) {
    throw new AppError(ErrorCode.conflict, `Your profile was changed elsewhere since you edited it: ${conflicts.join(', ')}`, {
      conflictFields: conflicts,
      current: toUserDto(row),
    });
  }
  const changed = changedFields(fields, current);
  if (changed.length === 0) return toUserDto(row);
  const values = Object.fromEntries(changed.map((key) => [key, (fields as Record<string, unknown>)[key]]));
  const now = clock.now();
  const [updated] = await updateSynced(
    tx,
    'users',
    { ...values, fieldVersions: stampFieldVersions(users.fieldVersions, users.version, changed) },
    (users) => eq(users.id, actorId),
    now,
  );
  if (!updated) throw notFound('User not found');
  return toUserDto(updated);
}
