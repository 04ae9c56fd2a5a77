import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import type { Mailer } from '../mail/mailer';
import type { MailQueue } from '../mail/mail-queue';
import { codeMail, guessingMail } from '../mail/templates';
import { queueMail } from '../mail/outbox';
import { recordChange } from '../../store/change-log';
import { updateSynced } from '../../store/synced-writes';
import { codeMessages, consumeCode, issueCode, type CodePurpose } from './codes';
import { ACCOUNT_GUESS_BUDGET, type LoginThrottle } from './login-throttle';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';
import { authRules, type RateLimiter } from '../../store/rate-limiter';
import { createSession, revokeAllSessions } from './sessions';
import { newReferralCode } from '../../kernel/tokens';
import { findUserByEmail, toUserDto } from './users';
import type { Platform } from '@shared/marketplaces';

export interface AccountDeps {
  store: Store;
  clock: Clock;
  mailer: Mailer;
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
  /** Reset and resend codes go out after the answer (constant-time requests). */
  mailQueue: MailQueue;
  /** Sends what the mail outbox holds, once the write that queued it has committed. */
  dispatchMail?: () => void;
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
    // A failed send is logged; the account stands and the user can ask for the code again.
    await this.sendCode(row, 'verify_email').catch(() => undefined);
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
    if (!(await verifyPassword(row.passwordHash, password))) {
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
    await store.tx((tx) => queueMail(tx, guessingMail(t, { to: row.email, language, failures }), `guessing:${row.id}:${window}`, now));
    if (this.deps.dispatchMail) store.afterCommit(this.deps.dispatchMail);
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
      if (row) await this.sendCode(row, 'sign_in');
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
      if (row && !row.emailVerifiedAt) await this.sendCode(row, 'verify_email');
    });
  }

  /** Queues a reset code for the address's account, if any; the answer is the same, and as quick, either way. */
  async requestPasswordReset(email: string, ctx: RequestContext): Promise<void> {
    await this.limitSends(email, 'reset_password', ctx);
    this.deps.mailQueue.enqueue('reset code', async () => {
      const row = await findUserByEmail(this.deps.store.db, email);
      if (row) await this.sendCode(row, 'reset_password');
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

  private async limitSends(email: string, purpose: CodePurpose, ctx: RequestContext) {
    await this.deps.limiter.hit([
      { key: `send:email:${email}`, rule: authRules.sendCodePerEmail },
      { key: `send:ip:${ctx.ip}`, rule: authRules.sendCodePerIp },
    ]);
    await this.deps.cooldowns.hit([{ key: `code:${purpose}:${email}`, rule: COOLDOWN }]);
  }

  private async sendCode(row: UserRow, purpose: CodePurpose) {
    const code = await issueCode(this.deps, row.id, purpose);
    const language = (row.language as Language) ?? 'en';
    const link =
      purpose === 'reset_password' ? `${this.deps.publicUrl}/reset-password?${new URLSearchParams({ email: row.email, code })}` : undefined;
    const message = codeMail(this.deps.t, {
      purpose: purpose === 'verify_email' ? 'verify' : purpose === 'sign_in' ? 'signin' : 'reset',
      to: row.email,
      code,
      minutes: CODE_TTL_MINUTES,
      language,
      link,
    });
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      // The account change stands; the user can ask for the code again.
      this.deps.log.error('mail not sent', { userId: row.id, purpose, error });
      throw new AppError(ErrorCode.internal, 'We could not send the email. Please try again in a minute.');
    }
  }
}

export { authMessages };
