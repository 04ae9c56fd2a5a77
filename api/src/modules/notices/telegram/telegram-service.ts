import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import type { User } from '@shared/schemas/user';
import {
  TELEGRAM_AUTH_MAX_AGE_SECONDS,
  TELEGRAM_STATE_TTL_SECONDS,
  type TelegramAccount,
  type TelegramCallbackBody,
  type TelegramWidgetFields,
} from '@shared/schemas/telegram';
import type { Clock } from '../../../kernel/clock';
import type { Tx } from '../../../store/sqlite/client';
import { first, type Store } from '../../../store/store';
import { tablesOf, type Tables, type UserRow } from '../../../store/schema/index';
import { AppError, notFound } from '../../../kernel/errors';
import { updateSynced } from '../../../store/synced-writes';
import { stampFieldVersions } from '../../../store/field-versions';
import { keyedHash } from '../../../kernel/tokens';
import { createSession, type SessionDeps } from '../../accounts/sessions';
import { toUserDto } from '../../accounts/users';

/** An `auth_date` this far in the future is refused (clock skew allowance, seconds). */
const FUTURE_SKEW_SECONDS = 300;
/** Used hashes are kept this long: older answers fail the freshness check anyway. */
const KEEP_USED_MS = 2 * TELEGRAM_AUTH_MAX_AGE_SECONDS * 1000;

/** The Login Widget's data-check-string: every received field but `hash`, `key=value`, sorted by key, `\n`. */
export function dataCheckString(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('\n');
}

/** `hex(HMAC_SHA256(key = SHA256(bot_token), data_check_string))`: what the widget signs with. */
export function telegramLoginHash(botToken: string, fields: Record<string, unknown>): string {
  const secret = crypto.createHash('sha256').update(botToken).digest();
  return crypto.createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

export type LoginCheck = { ok: true; telegramId: string } | { ok: false; reason: 'forged' | 'expired' | 'future' };

/** The pure check of one widget answer (no replay check: that needs the database). */
export function checkTelegramLogin(botToken: string, fields: TelegramWidgetFields, now: Date): LoginCheck {
  const expected = Buffer.from(telegramLoginHash(botToken, fields), 'utf8');
  const received = Buffer.from(String(fields.hash), 'utf8');
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) return { ok: false, reason: 'forged' };
  const age = Math.floor(now.getTime() / 1000) - Number(fields.auth_date);
  if (age > TELEGRAM_AUTH_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };
  if (age < -FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  return { ok: true, telegramId: String(fields.id) };
}

const MESSAGES = {
  forged: 'The Telegram login could not be verified',
  expired: 'The Telegram login has expired. Please log in with Telegram again.',
  future: 'The Telegram login is dated in the future',
  replayed: 'This Telegram login was already used. Please log in with Telegram again.',
  remoteSandbox: 'Sandbox Telegram logins are accepted only from this machine',
} as const;

const invalid = (reason: keyof typeof MESSAGES) => new AppError(ErrorCode.telegramInvalid, MESSAGES[reason]);

export interface TelegramServiceDeps {
  store: Store;
  clock: Clock;
  sessions: SessionDeps;
  /** The bot the widget signs with; undefined: Telegram is not set up on this server. */
  bot: { token: string; botUsername: string; sandbox: boolean } | undefined;
}

type AccountRow = Tables['telegramAccounts']['$inferSelect'];

/** Where a login answer came from: `local` when the request is from this machine (not forwarded). */
export interface LoginOrigin {
  local: boolean;
}

/**
 * The request that brings a widget answer back: its session (when signed in) and whether its browser
 * cookie is the one a state was started with (kernel/http/browser-binding.ts).
 */
export interface CallbackRequest extends LoginOrigin {
  session: { userId: string; sessionId: string } | undefined;
  sameBrowser: (browserHash: string) => boolean;
}

/** Who starts a login: a signed-in session linking from Settings, or a visitor on the sign-in screen. */
export type LoginStart =
  { purpose: 'link'; userId: string; sessionId: string; browserHash: string } | { purpose: 'signin'; browserHash: string };

const stateRefused = () =>
  new AppError(
    ErrorCode.telegramStateInvalid,
    'This Telegram login was not started here, or it expired. Start again from Settings or the sign-in screen.',
  );

export function toTelegramAccountDto(row: AccountRow): TelegramAccount {
  return {
    telegramId: row.telegramId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    photoUrl: row.photoUrl,
    notify: row.notify,
    linkedAt: row.linkedAt.toISOString(),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A checked widget answer: the Telegram id, the profile it gives and the time it was checked. */
interface Answer {
  telegramId: string;
  profile: { username: string | null; firstName: string | null; lastName: string | null; photoUrl: string | null };
  now: Date;
}

/** Linking, signing in and notice settings for Telegram accounts (Login Widget). */
export class TelegramService {
  constructor(private readonly deps: TelegramServiceDeps) {}

  config(): { botUsername: string | null; sandbox: boolean } {
    const bot = this.deps.bot;
    return { botUsername: bot?.botUsername ?? null, sandbox: bot?.sandbox ?? false };
  }

  private token(): string {
    if (!this.deps.bot) throw notFound('Telegram sign-in is not set up on this server');
    return this.deps.bot.token;
  }

  /** The bot's numeric id (the part of its token before the colon): what the widget's JS call takes. */
  private botId(): string {
    return this.token().split(':')[0] ?? '';
  }

  private stateHash(state: string): string {
    return keyedHash(this.deps.sessions.pepper, 'telegram-state', state);
  }

  /**
   * Starts one Telegram login in one browser: a random state kept as its keyed hash with the
   * browser cookie's hash and, to link, the user and session that asked. The state is used once,
   * within TELEGRAM_STATE_TTL_SECONDS.
   */
  async start(who: LoginStart): Promise<{ state: string; botId: string; expiresAt: string }> {
    const botId = this.botId();
    const now = this.deps.clock.now();
    const state = crypto.randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + TELEGRAM_STATE_TTL_SECONDS * 1000);
    await this.deps.store.tx(async (tx) => {
      const { telegramStates } = tablesOf(tx);
      await tx.delete(telegramStates).where(lt(telegramStates.expiresAt, now));
      await tx.insert(telegramStates).values({
        stateHash: this.stateHash(state),
        purpose: who.purpose,
        userId: who.purpose === 'link' ? who.userId : null,
        sessionId: who.purpose === 'link' ? who.sessionId : null,
        browserHash: who.browserHash,
        createdAt: now,
        expiresAt,
      });
    });
    return { state, botId, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Uses up the state inside `tx` (the effect's transaction: it stays usable if the effect fails)
   * and answers what it was started for. Refused (403 `telegram_state_invalid`) when it is unknown,
   * used or expired, when this request's browser is not the one that started it, or, for a link,
   * when this request's session is not the one that started it.
   */
  private async useState(tx: Tx, state: string, request: CallbackRequest, now: Date): Promise<LoginStart['purpose']> {
    const { telegramStates } = tablesOf(tx);
    const [row] = await tx
      .update(telegramStates)
      .set({ usedAt: now })
      .where(and(eq(telegramStates.stateHash, this.stateHash(state)), isNull(telegramStates.usedAt), gt(telegramStates.expiresAt, now)))
      .returning();
    if (!row || !request.sameBrowser(row.browserHash)) throw stateRefused();
    if (row.purpose === 'link') {
      const { session } = request;
      if (!session || session.userId !== row.userId || session.sessionId !== row.sessionId) throw stateRefused();
    }
    return row.purpose;
  }

  /**
   * The widget's answer with the state of the login this browser started: links it to the session's
   * user (a state started from Settings) or signs in the user who linked it (one started from the
   * sign-in screen). A widget answer without such a state (a link someone sent) changes nothing.
   */
  async callback(
    body: TelegramCallbackBody,
    request: CallbackRequest,
    userAgent: string | null,
  ): Promise<{ linked: true; telegram: TelegramAccount; user: User } | { linked: false; token: string; user: User }> {
    return this.usingAnswer(body.fields, request, async (tx, answer) => {
      const purpose = await this.useState(tx, body.state, request, answer.now);
      if (purpose === 'link') return { linked: true as const, ...(await this.linkIn(tx, request.session!.userId, answer)) };
      return { linked: false as const, ...(await this.signinIn(tx, answer, userAgent)) };
    });
  }

  /**
   * Hash, freshness: throws `telegram_invalid` (401). The replay check happens with the effect. The
   * sandbox bot's logins are signed by the sandbox itself on request, so they count only when the
   * request comes from this machine (`local`).
   */
  verifyLogin(fields: TelegramWidgetFields, origin: LoginOrigin, now: Date = this.deps.clock.now()): { telegramId: string } {
    if (this.deps.bot?.sandbox && !origin.local) throw invalid('remoteSandbox');
    const check = checkTelegramLogin(this.token(), fields, now);
    if (!check.ok) throw invalid(check.reason);
    return { telegramId: check.telegramId };
  }

  /**
   * Records the answer's hash as used; a hash seen before is a replay. Call inside the effect's
   * transaction: the row is the answer's single use, shared by every process on the database, and it
   * exists only if the effect commits.
   */
  private async consume(tx: Tx, hash: string, now: Date): Promise<void> {
    const { telegramLogins } = tablesOf(tx);
    await tx.delete(telegramLogins).where(lt(telegramLogins.usedAt, new Date(now.getTime() - KEEP_USED_MS)));
    const inserted = await tx
      .insert(telegramLogins)
      .values({ hash, usedAt: now })
      .onConflictDoNothing()
      .returning({ hash: telegramLogins.hash });
    if (inserted.length === 0) throw invalid('replayed');
  }

  /**
   * Checks a login widget's answer, then runs `fn` in the transaction that uses the answer up (one
   * answer serves one request), with the Telegram id, the profile it gives and the time it was checked.
   */
  private usingAnswer<T>(fields: TelegramWidgetFields, origin: LoginOrigin, fn: (tx: Tx, answer: Answer) => Promise<T>): Promise<T> {
    const now = this.deps.clock.now();
    const { telegramId } = this.verifyLogin(fields, origin, now);
    const profile = this.profile(fields);
    return this.deps.store.tx(async (tx) => {
      await this.consume(tx, String(fields.hash), now);
      return fn(tx, { telegramId, profile, now });
    });
  }

  private profile(fields: TelegramWidgetFields): Answer['profile'] {
    return {
      username: text(fields.username),
      firstName: text(fields.first_name),
      lastName: text(fields.last_name),
      photoUrl: text(fields.photo_url),
    };
  }

  /**
   * Links the Telegram account to the user inside `tx`, and fills an empty first or last name from
   * Telegram. 409 `telegram_linked_elsewhere` when another user has it; 409 `telegram_already_linked`
   * when this user has another Telegram account linked (unlinked first, never replaced silently).
   * Linking the same Telegram account again refreshes its profile and keeps the notice setting.
   */
  private async linkIn(tx: Tx, userId: string, { telegramId, profile, now }: Answer): Promise<{ telegram: TelegramAccount; user: User }> {
    const { telegramAccounts, users } = tablesOf(tx);
    const holder = await first(
      tx.select({ userId: telegramAccounts.userId }).from(telegramAccounts).where(eq(telegramAccounts.telegramId, telegramId)).limit(1),
    );
    if (holder && holder.userId !== userId) {
      throw new AppError(ErrorCode.telegramLinkedElsewhere, 'This Telegram account is already linked to another account');
    }
    const own = await first(tx.select().from(telegramAccounts).where(eq(telegramAccounts.userId, userId)).limit(1));
    if (own && own.telegramId !== telegramId) {
      const name = own.username ? `@${own.username}` : 'another Telegram account';
      throw new AppError(ErrorCode.telegramAlreadyLinked, `Your account is already linked to ${name}. Unlink it in Settings first.`);
    }
    const [account] = own
      ? await tx
          .update(telegramAccounts)
          .set({ ...profile, linkedAt: now })
          .where(eq(telegramAccounts.userId, userId))
          .returning()
      : // Linked to get notices: they are on from the start (the user can turn them off in Settings).
        await tx
          .insert(telegramAccounts)
          .values({ userId, telegramId, ...profile, notify: true, linkedAt: now })
          .returning();
    let user = await first(tx.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!user) throw notFound('User not found');
    const names: Partial<Pick<UserRow, 'firstName' | 'lastName'>> = {};
    if (!user.firstName?.trim() && profile.firstName) names.firstName = profile.firstName.slice(0, 100);
    if (!user.lastName?.trim() && profile.lastName) names.lastName = profile.lastName.slice(0, 100);
    if (Object.keys(names).length > 0) {
      const [updated] = await updateSynced(
        tx,
        'users',
        { ...names, fieldVersions: stampFieldVersions(users.fieldVersions, users.version, Object.keys(names)) },
        (users) => eq(users.id, userId),
        now,
      );
      user = updated ?? user;
    }
    return { telegram: toTelegramAccountDto(account!), user: toUserDto(user) };
  }

  /** Signs in the user who linked this Telegram account inside `tx`: a new session, like `/auth/signin`. */
  private async signinIn(tx: Tx, { telegramId, profile }: Answer, userAgent: string | null): Promise<{ token: string; user: User }> {
    const { telegramAccounts, users } = tablesOf(tx);
    const row = await first(
      tx
        .select({ user: users })
        .from(telegramAccounts)
        .innerJoin(users, eq(users.id, telegramAccounts.userId))
        .where(eq(telegramAccounts.telegramId, telegramId))
        .limit(1),
    );
    if (!row) throw new AppError(ErrorCode.telegramNotLinked, 'No account is linked to this Telegram account');
    await tx.update(telegramAccounts).set(profile).where(eq(telegramAccounts.userId, row.user.id));
    // The session joins this transaction: it exists only if the hash and the state are used up.
    const token = await createSession(this.deps.sessions, row.user.id, userAgent);
    return { token, user: toUserDto(row.user) };
  }

  async account(userId: string): Promise<TelegramAccount | undefined> {
    const { telegramAccounts } = tablesOf(this.deps.store.db);
    const row = await first(this.deps.store.db.select().from(telegramAccounts).where(eq(telegramAccounts.userId, userId)).limit(1));
    return row ? toTelegramAccountDto(row) : undefined;
  }

  async status(userId: string) {
    return statusOf(await this.account(userId));
  }

  /** Turns notices through the bot on or off; 404 when no Telegram account is linked. */
  async setNotify(userId: string, notify: boolean) {
    const [row] = await this.deps.store.tx((tx) => {
      const { telegramAccounts } = tablesOf(tx);
      return tx.update(telegramAccounts).set({ notify }).where(eq(telegramAccounts.userId, userId)).returning();
    });
    if (!row) throw notFound('No Telegram account is linked');
    return statusOf(toTelegramAccountDto(row));
  }

  async unlink(userId: string): Promise<{ removed: boolean }> {
    const removed = await this.deps.store.tx((tx) => {
      const { telegramAccounts } = tablesOf(tx);
      return tx.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId)).returning({ userId: telegramAccounts.userId });
    });
    return { removed: removed.length > 0 };
  }
}

const statusOf = (account: TelegramAccount | undefined) => ({
  linked: Boolean(account),
  username: account?.username ?? null,
  notify: account?.notify ?? false,
  account: account ?? null,
});
