import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { authMessages, CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS } from '@shared/schemas/auth';
import type { User } from '@shared/schemas/user';
import type { Language } from '@shared/languages';
import type { Clock } from '../../kernel/clock';
import { first, type Store } from '../../store/store';
import type { Db } from '../../store/sqlite/client';
import { tablesOf, type Tables, type UserRow } from '../../store/schema/index';
import { AppError } from '../../kernel/errors';
import type { Translate } from '../../kernel/i18n';
import type { Logger } from '../../kernel/logger';
import type { MailQueue } from '../mail/mail-queue';
import { queueMail } from '../mail/outbox';
import { codeMail, guessingMail, type MailOperator } from '../mail/templates';
import { recordChange } from '../../store/change-log';
import { updateSynced } from '../../store/synced-writes';
import { codeMessages, consumeCode, issueCode, type CodePurpose } from './codes';
import { ACCOUNT_GUESS_BUDGET, type LoginThrottle } from './login-throttle';
import { hashPassword, hasPassword, verifyDecoy, verifyPassword } from './passwords';
import { authRules, type RateLimiter } from '../../store/rate-limiter';
import { createSession, revokeAllSessions } from './sessions';
import { newReferralCode } from '../../kernel/tokens';
import { findUserByEmail, toUserDto } from './users';
import type { Platform } from '@shared/marketplaces';

export interface AccountDeps {
  store: Store;
  clock: Clock;
  /** Sends what the mail outbox holds now (a failure waits there for the next try). */
  dispatchMail: () => Promise<unknown>;
  t: Translate;
  log: Logger;
  pepper: string;
  publicUrl: string;
  /** Attempt limits (may be off for benchmarks). */
  limiter: RateLimiter;
  /** Resend cooldowns: always on. */
  cooldowns: RateLimiter;
  /** Wrong passwords and wrong codes, per (account, client) with a growing delay per account. */
  throttles: { password: LoginThrottle; code: LoginThrottle };
  /** Reset and resend codes are looked up and queued after the answer (constant-time requests). */
  mailQueue: MailQueue;
  /** Who runs the deployment, named at the foot of each mail. */
  operator?: MailOperator;
}

/** How a signed-in person proves the account is theirs before a grave step: its password, or a code mailed to it. */
export type OwnerProof = { password: string } | { code: string };

/** A verified outside identity to link (Google's issuer and subject, and the address it vouched for). */
export interface IdentityToLink {
  provider: 'google';
  issuer: string;
  subject: string;
  email: string;
}

export interface RequestContext {
  ip: string;
  userAgent?: string | null;
}

export interface SignupInput {
  email: string;
  password: string;
  platformType: Platform;
  referralCode?: string | undefined;
  language: Language;
  timeZone?: string | undefined;
}

const COOLDOWN = { limit: 1, windowMs: RESEND_COOLDOWN_SECONDS * 1000 };

function validTimeZone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * Creates the account. "Already exists" tells whether an address has an account, so sign-up is
   * limited like sign-in: the same per-client budget, and each such answer counts as a failed try on
   * that address from that client (modules/accounts/login-throttle.ts).
   */
  async signup(input: SignupInput, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const { users } = tablesOf(this.deps.store.db);
    const { store, clock, limiter, throttles } = this.deps;
    const account = `signin:${input.email}`;
    await limiter.hit([
      { key: `signup:ip:${ctx.ip}`, rule: authRules.signupPerIp },
      { key: `signin:ip:${ctx.ip}`, rule: authRules.signinPerIp },
    ]);
    await throttles.password.check(account, ctx.ip);
    if (await findUserByEmail(store.db, input.email)) {
      await throttles.password.fail(account, ctx.ip);
      throw new AppError(ErrorCode.emailTaken, 'An account with this email already exists. Sign in instead.');
    }
    const passwordHash = await hashPassword(input.password);
    const referrer = input.referralCode
      ? await first(store.db.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referralCode.toUpperCase())).limit(1))
      : undefined;
    const now = clock.now();
    const id = crypto.randomUUID();
    const idOf = (tx: Db, column: Tables['users']['email'] | Tables['users']['referralCode'], value: string) => {
      const { users } = tablesOf(tx);
      return first(tx.select({ id: users.id }).from(users).where(eq(column, value)).limit(1));
    };
    const row = await store.tx(async (tx) => {
      const { users } = tablesOf(tx);
      // The address may have been taken while the password was hashing.
      if (await idOf(tx, users.email, input.email)) return undefined;
      let referralCode = newReferralCode();
      while (await idOf(tx, users.referralCode, referralCode)) referralCode = newReferralCode();
      const [inserted] = await tx
        .insert(users)
        .values({
          id,
          email: input.email,
          passwordHash,
          platformType: input.platformType,
          language: input.language,
          timeZone: validTimeZone(input.timeZone),
          referralCode,
          referredBy: referrer?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordChange(tx, id, 'profile', id, now);
      return inserted;
    });
    if (!row) throw new AppError(ErrorCode.emailTaken, 'An account with this email already exists. Sign in instead.');
    await this.deps.cooldowns.hit([{ key: `code:verify_email:${row.email}`, rule: COOLDOWN }]);
    // The code's mail is in the outbox once this returns; it is sent after the answer, and tried
    // again while the mail server is down (the account stands either way).
    await this.queueCode(row, 'verify_email');
    this.deps.mailQueue.enqueue('verification code', this.deps.dispatchMail);
    const token = await createSession(this.deps, row.id, ctx.userAgent);
    this.deps.log.info('account created', { userId: row.id });
    return { token, user: toUserDto(row) };
  }

  /**
   * Signs in with the password, and with the mailed sign-in code (`code`) once the account's guessing
   * budget is spent (ACCOUNT_GUESS_BUDGET wrong passwords from all addresses together): then a
   * request without a code is answered `signin_code_required` before the password is looked at, so
   * guessing it goes no further, while the owner, who reads the mail, signs in with both. A code is
   * checked before the password, and wrong ones are throttled like every mailed code.
   */
  async signin(email: string, password: string, ctx: RequestContext, code?: string): Promise<{ token: string; user: User }> {
    const { store, limiter, throttles } = this.deps;
    const account = `signin:${email}`;
    await limiter.hit([{ key: `signin:ip:${ctx.ip}`, rule: authRules.signinPerIp }]);
    const guarded = (await throttles.password.accountFailures(account, ACCOUNT_GUESS_BUDGET.windowMs)) >= ACCOUNT_GUESS_BUDGET.failures;
    if (guarded && code === undefined) throw new AppError(ErrorCode.signinCodeRequired, authMessages.signinCodeRequired);
    if (code !== undefined) await this.checkCode(email, 'sign_in', code, ctx);
    await throttles.password.check(account, ctx.ip);
    const row = await findUserByEmail(store.db, email);
    if (!row) {
      await verifyDecoy(password);
      await throttles.password.fail(account, ctx.ip);
      throw new AppError(ErrorCode.invalidCredentials, 'Invalid email or password');
    }
    // An account made through Google may have no password: the decoy keeps its answer as slow as a wrong one.
    const matches = hasPassword(row) ? await verifyPassword(row.passwordHash, password) : (await verifyDecoy(password), false);
    if (!matches) {
      await throttles.password.fail(account, ctx.ip);
      await this.tellOwnerOfGuessing(row, account);
      throw new AppError(ErrorCode.invalidCredentials, 'Invalid email or password');
    }
    await throttles.password.succeed(account, ctx.ip);
    return { token: await createSession(this.deps, row.id, ctx.userAgent), user: toUserDto(row) };
  }

  /**
   * When this failure spent the account's guessing budget, its owner is mailed (once per budget
   * window): how many wrong passwords were tried, and that a mailed code is now needed to sign in.
   */
  private async tellOwnerOfGuessing(row: UserRow, account: string): Promise<void> {
    const { store, clock, t, throttles } = this.deps;
    const failures = await throttles.password.accountFailures(account, ACCOUNT_GUESS_BUDGET.windowMs);
    if (failures !== ACCOUNT_GUESS_BUDGET.failures) return;
    const now = clock.now();
    const window = Math.floor(now.getTime() / ACCOUNT_GUESS_BUDGET.windowMs);
    const language = (row.language as Language) ?? 'en';
    await store.tx((tx) =>
      queueMail(
        tx,
        guessingMail(t, { to: row.email, language, failures, operator: this.deps.operator }),
        `guessing:${row.id}:${window}`,
        now,
      ),
    );
    store.afterCommit(() => void this.deps.dispatchMail());
    this.deps.log.warn('account guessing budget spent: sign-in now needs a mailed code', { userId: row.id, failures });
  }

  /**
   * Mails a sign-in code to the address's account, if any (the answer is the same, and as quick,
   * either way); it signs in with the password once the account's guessing budget is spent.
   */
  async requestSigninCode(email: string, ctx: RequestContext): Promise<void> {
    await this.limitSends(email, 'sign_in', ctx);
    this.deps.mailQueue.enqueue('sign-in code', async () => {
      const row = await findUserByEmail(this.deps.store.db, email);
      if (row) await this.queueCode(row, 'sign_in');
      await this.deps.dispatchMail();
    });
  }

  /** Marks the address verified with its live code; any other case answers `invalid_code` alike. */
  async verifyEmail(email: string, code: string, ctx: RequestContext): Promise<void> {
    const { store, clock, limiter } = this.deps;
    await limiter.hit([{ key: `verify:ip:${ctx.ip}`, rule: authRules.verifyPerIp }]);
    const row = await this.checkCode(email, 'verify_email', code, ctx);
    const now = clock.now();
    await store.tx(async (tx) => {
      await updateSynced(tx, 'users', { emailVerifiedAt: now }, (users) => eq(users.id, row.id), now);
    });
  }

  /**
   * The account whose live code of this purpose this is (consumed), or the answer to give. An unknown
   * address, an address with no live code (already verified, say) and a wrong code answer alike; the
   * client's tries on this address are counted in each case.
   */
  private async checkCode(email: string, purpose: CodePurpose, code: string, ctx: RequestContext): Promise<UserRow> {
    const throttle = this.deps.throttles.code;
    const account = `${purpose}:${email}`;
    await throttle.check(account, ctx.ip);
    const row = await findUserByEmail(this.deps.store.db, email);
    const result = row ? await consumeCode(this.deps, row.id, purpose, code) : 'wrong';
    if (result === 'wrong' || !row) {
      const left = await throttle.fail(account, ctx.ip);
      throw new AppError(ErrorCode.invalidCode, left.attemptsLeft > 0 ? codeMessages.invalid : codeMessages.noTriesLeft, left);
    }
    await throttle.succeed(account, ctx.ip);
    if (result === 'expired') throw new AppError(ErrorCode.codeExpired, codeMessages.expired);
    return row;
  }

  /**
   * Queues a fresh verification code for an unverified account. The answer comes before any lookup
   * or mail, so unknown, verified and unverified addresses answer alike and in the same time.
   */
  async resendVerification(email: string, ctx: RequestContext): Promise<void> {
    await this.limitSends(email, 'verify_email', ctx);
    this.deps.mailQueue.enqueue('verification code', async () => {
      const row = await findUserByEmail(this.deps.store.db, email);
      if (row && !row.emailVerifiedAt) await this.queueCode(row, 'verify_email');
      await this.deps.dispatchMail();
    });
  }

  /** Queues a reset code for the address's account, if any; the answer is the same, and as quick, either way. */
  async requestPasswordReset(email: string, ctx: RequestContext): Promise<void> {
    await this.limitSends(email, 'reset_password', ctx);
    this.deps.mailQueue.enqueue('reset code', async () => {
      const row = await findUserByEmail(this.deps.store.db, email);
      if (row) await this.queueCode(row, 'reset_password');
      await this.deps.dispatchMail();
    });
  }

  async resetPassword(email: string, code: string, password: string, ctx: RequestContext): Promise<void> {
    const { store, clock, limiter } = this.deps;
    await limiter.hit([{ key: `reset:ip:${ctx.ip}`, rule: authRules.resetPerIp }]);
    const row = await this.checkCode(email, 'reset_password', code, ctx);
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    await store.tx(async (tx) => {
      // The code came by mail, so the address is proven.
      await updateSynced(tx, 'users', { passwordHash, emailVerifiedAt: row.emailVerifiedAt ?? now }, (users) => eq(users.id, row.id), now);
      await revokeAllSessions(tx, clock, row.id);
    });
    this.deps.log.info('password reset', { userId: row.id });
  }

  /**
   * Checks that the person at `row`'s account holds its password, or the code of `purpose` mailed to
   * it; wrong tries count in the same per-account budgets as signing in and entering codes.
   */
  async confirmOwner(row: UserRow, proof: OwnerProof, purpose: CodePurpose, ctx: RequestContext): Promise<void> {
    const { throttles, limiter } = this.deps;
    await limiter.hit([{ key: `signin:ip:${ctx.ip}`, rule: authRules.signinPerIp }]);
    if ('password' in proof) {
      const account = `signin:${row.email}`;
      await throttles.password.check(account, ctx.ip);
      const matches = hasPassword(row)
        ? await verifyPassword(row.passwordHash, proof.password)
        : (await verifyDecoy(proof.password), false);
      if (!matches) {
        await throttles.password.fail(account, ctx.ip);
        // 400, not 401: a signed-in person's session stands after a wrong password here.
        throw new AppError(ErrorCode.wrongPassword, 'The password is not right.');
      }
      await throttles.password.succeed(account, ctx.ip);
      return;
    }
    await this.checkCode(row.email, purpose, proof.code, ctx);
  }

  /** Mails `row`'s account a code of `purpose` (once a minute, within the per-address and per-client limits). */
  async mailCode(row: UserRow, purpose: CodePurpose, ctx: RequestContext): Promise<void> {
    await this.limitSends(row.email, purpose, ctx);
    await this.queueCode(row, purpose);
    // Sent after the answer, as every code is: the outbox keeps it until the mail server takes it.
    this.deps.mailQueue.enqueue('code', this.deps.dispatchMail);
  }

  /**
   * Creates an account for a person an outside provider vouched for (Google sign-in): the address is
   * verified, there is no password (a reset sets one), and the identity is linked in the same
   * transaction. Undefined when the address took an account meanwhile.
   */
  async createWithIdentity(
    input: Omit<SignupInput, 'password'> & { firstName?: string | undefined; lastName?: string | undefined },
    identity: IdentityToLink,
    ctx: RequestContext,
  ): Promise<{ token: string; user: User } | undefined> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const id = crypto.randomUUID();
    const row = await store.tx(async (tx) => {
      const { users } = tablesOf(tx);
      if (await first(tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1))) return undefined;
      const referrer = input.referralCode
        ? await first(tx.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referralCode.toUpperCase())).limit(1))
        : undefined;
      let referralCode = newReferralCode();
      while (await first(tx.select({ id: users.id }).from(users).where(eq(users.referralCode, referralCode)).limit(1)))
        referralCode = newReferralCode();
      const [inserted] = await tx
        .insert(users)
        .values({
          id,
          email: input.email,
          passwordHash: '',
          emailVerifiedAt: now,
          platformType: input.platformType,
          language: input.language,
          timeZone: validTimeZone(input.timeZone),
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          referralCode,
          referredBy: referrer?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordChange(tx, id, 'profile', id, now);
      await linkIdentityIn(tx, id, identity, now);
      return inserted;
    });
    if (!row) return undefined;
    this.deps.log.info('account created', { userId: row.id, via: identity.provider });
    return { token: await createSession(this.deps, row.id, ctx.userAgent), user: toUserDto(row) };
  }

  /** Links a verified identity to an existing account (its owner proven by the caller) and opens a session. */
  async linkIdentityAndSignIn(row: UserRow, identity: IdentityToLink, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const { store, clock } = this.deps;
    await store.tx((tx) => linkIdentityIn(tx, row.id, identity, clock.now()));
    this.deps.log.info('identity linked', { userId: row.id, via: identity.provider });
    return { token: await createSession(this.deps, row.id, ctx.userAgent), user: toUserDto(row) };
  }

  /** Opens a session for the account an already linked identity belongs to. */
  async signInWithIdentity(row: UserRow, ctx: RequestContext): Promise<{ token: string; user: User }> {
    return { token: await createSession(this.deps, row.id, ctx.userAgent), user: toUserDto(row) };
  }

  private async limitSends(email: string, purpose: CodePurpose, ctx: RequestContext) {
    await this.deps.limiter.hit([
      { key: `send:email:${email}`, rule: authRules.sendCodePerEmail },
      { key: `send:ip:${ctx.ip}`, rule: authRules.sendCodePerIp },
    ]);
    await this.deps.cooldowns.hit([{ key: `code:${purpose}:${email}`, rule: COOLDOWN }]);
  }

  /**
   * Issues a code and queues its mail in the durable outbox, in one transaction: the code is
   * mailed as long as it is valid, however long the mail server is down (the mail expires with it).
   */
  private async queueCode(row: UserRow, purpose: CodePurpose) {
    const { store, clock } = this.deps;
    await store.tx(async (tx) => {
      const code = await issueCode(this.deps, row.id, purpose);
      const language = (row.language as Language) ?? 'en';
      const link =
        purpose === 'reset_password'
          ? `${this.deps.publicUrl}/reset-password?${new URLSearchParams({ email: row.email, code })}`
          : undefined;
      const kinds = {
        verify_email: 'verify',
        reset_password: 'reset',
        link_identity: 'link',
        delete_account: 'delete',
        sign_in: 'signin',
      } as const;
      const message = codeMail(this.deps.t, {
        purpose: kinds[purpose],
        operator: this.deps.operator,
        to: row.email,
        code,
        minutes: CODE_TTL_MINUTES,
        language,
        link,
      });
      const now = clock.now();
      await queueMail(tx, message, `code:${purpose}:${row.id}:${crypto.randomUUID()}`, now, {
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      });
    });
  }
}

/** Links `identity` to the user inside `tx` (an identity already linked to this user is refreshed, not doubled). */
async function linkIdentityIn(tx: Db, userId: string, identity: IdentityToLink, now: Date): Promise<void> {
  const { userIdentities } = tablesOf(tx);
  const inserted = await tx
    .insert(userIdentities)
    .values({ id: crypto.randomUUID(), userId, ...identity, linkedAt: now, lastUsedAt: now })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (inserted.length > 0) return;
  const same = and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject));
  const held = await first(tx.select({ userId: userIdentities.userId }).from(userIdentities).where(same));
  if (held?.userId !== userId) throw new AppError(ErrorCode.conflict, 'This Google account is already linked to another account.');
  await tx.update(userIdentities).set({ email: identity.email, lastUsedAt: now }).where(same);
}

export { authMessages };
