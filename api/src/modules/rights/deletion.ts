import crypto from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { isLanguage, type Language } from '@shared/languages';
import { DELETION_GRACE_DAYS } from '@shared/schemas/rights';
import type { Clock } from '../../kernel/clock';
import { AppError, notFound } from '../../kernel/errors';
import type { Translate } from '../../kernel/i18n';
import type { Logger } from '../../kernel/logger';
import { keyedHash, newToken } from '../../kernel/tokens';
import { Claims, newClaimToken } from '../../store/claims';
import { authRules, type RateLimiter } from '../../store/rate-limiter';
import { tablesOf, type UserRow } from '../../store/schema/index';
import type { AccountDeletionRow } from '../../store/schema/sqlite';
import { first, type Store } from '../../store/store';
import type { AccountService, OwnerProof, RequestContext } from '../accounts/accounts';
import { revokeAllSessions } from '../accounts/sessions';
import { freezeAgents, thawAgents } from '../agents/agents';
import type { Mailer } from '../mail/mailer';
import { queueMail } from '../mail/outbox';
import type { MailOperator } from '../mail/templates';
import { rightsMail } from './mails';
import { billingWorkOpen, purgeUser } from './purge';

const DAY = 24 * 60 * 60 * 1000;
/** One step of a deletion is its claimant's for this long; a crashed one is taken over after it. */
const STEP_LEASE_MS = 5 * 60_000;
/** The closing mail is tried this many times; after that the request goes without it (the account is gone). */
const MAIL_ATTEMPTS = 8;

const deletionClaims = new Claims('accountDeletions', { leaseMs: STEP_LEASE_MS });

export interface DeletionDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  t: Translate;
  publicUrl: string;
  pepper: string;
  operator?: MailOperator;
  accounts: AccountService;
  /** Billing's: every Paystack subscription of the user that could charge again is disabled (throws when Paystack cannot be reached). */
  closeAtProvider: (userId: string) => Promise<unknown>;
  /** The closing mail goes out directly (the address is not kept for an outbox). */
  mailer: Mailer;
  /** Tries on the cancel link, per client. */
  limiter: RateLimiter;
  /** Sends what the mail outbox holds (once the transaction that queued a mail has committed). */
  sendQueued?: () => Promise<unknown>;
}

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en');
const cancelHash = (pepper: string, token: string) => keyedHash(pepper, 'account-deletion-cancel', token);

/**
 * "Delete my account": asked with the password (or a mailed code for an account without one), the
 * account is frozen at once (every session ended, no new one opens, its agents paused and nothing
 * queued goes out) for DELETION_GRACE_DAYS, in which the mailed link cancels. The work outside the
 * database and the erasure are claimed steps on the `account_deletions` row (store/claims.ts),
 * carried on by the runner's chore after a crash: Paystack told first (looking at it each time),
 * then, once the grace is over, every row of the user erased (`purge.ts`), then the closing mail.
 */
export class AccountDeletions {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: DeletionDeps) {}

  /** Mails the account a code that confirms its deletion (for an account without a password). */
  mailCode(user: UserRow, ctx: RequestContext): Promise<void> {
    return this.deps.accounts.mailCode(user, 'delete_account', ctx);
  }

  /** Freezes the account and schedules its erasure; the person proves it is theirs first. */
  async request(user: UserRow, proof: OwnerProof, ctx: RequestContext): Promise<{ purgeAfter: Date }> {
    const { store, clock, pepper, publicUrl, t } = this.deps;
    await this.deps.accounts.confirmOwner(user, proof, 'delete_account', ctx);
    const now = clock.now();
    const cancelToken = newToken();
    const claimToken = newClaimToken();
    const purgeAfter = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY);
    const language = languageOf(user.language);
    const row = await store.tx(async (tx) => {
      const { accountDeletions } = tablesOf(tx);
      const pending = await first(tx.select().from(accountDeletions).where(eq(accountDeletions.userId, user.id)));
      if (pending) return { ...pending, fresh: false };
      const pausedAgentIds = await freezeAgents(tx, user.id, now);
      const [inserted] = await tx
        .insert(accountDeletions)
        .values({
          id: crypto.randomUUID(),
          userId: user.id,
          email: user.email,
          language,
          cancelTokenHash: cancelHash(pepper, cancelToken),
          pausedAgentIds,
          requestedAt: now,
          purgeAfter,
          attempts: 1,
          ...deletionClaims.opened(claimToken, now),
        })
        .returning();
      await revokeAllSessions(tx, clock, user.id);
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: user.timeZone ?? 'UTC' }).format(
        purgeAfter,
      );
      await queueMail(
        tx,
        rightsMail(t, {
          kind: 'deletionScheduled',
          to: user.email,
          language,
          vars: { date, days: String(DELETION_GRACE_DAYS) },
          link: `${publicUrl}/account/keep?${new URLSearchParams({ token: cancelToken })}`,
          operator: this.deps.operator,
        }),
        `deletion:${inserted!.id}:scheduled`,
        now,
      );
      return { ...inserted!, fresh: true };
    });
    this.deps.log.info('account deletion requested', { userId: user.id, purgeAfter });
    // The mail goes out and Paystack is told now, by this process, once the freeze has committed; the
    // outbox's chore and this module's finish either after a crash.
    if (row.fresh) this.track(Promise.all([this.sendQueued(), this.advance(row, claimToken)]));
    return { purgeAfter: row.purgeAfter };
  }

  /** The mailed link: the deletion is called off and the account thawed, unless its erasure has begun. */
  async cancel(token: string, ctx: RequestContext): Promise<void> {
    const { store, clock, pepper, t, limiter } = this.deps;
    await limiter.hit([{ key: `deletion-cancel:ip:${ctx.ip}`, rule: authRules.verifyPerIp }]);
    const now = clock.now();
    await store.tx(async (tx) => {
      const { accountDeletions } = tablesOf(tx);
      const row = await first(
        tx
          .select()
          .from(accountDeletions)
          .where(eq(accountDeletions.cancelTokenHash, cancelHash(pepper, token))),
      );
      if (!row || row.purgedAt)
        throw notFound('This link has expired or was already used. An account that was deleted cannot be brought back.');
      const erasing = row.purgeAfter.getTime() <= now.getTime() && row.claimUntil !== null && row.claimUntil.getTime() > now.getTime();
      if (erasing) throw new AppError(ErrorCode.conflict, 'The account is being deleted right now: it is too late to keep it.');
      await tx.delete(accountDeletions).where(eq(accountDeletions.id, row.id));
      await thawAgents(tx, row.userId, row.pausedAgentIds, now);
      await queueMail(
        tx,
        rightsMail(t, {
          kind: 'deletionCancelled',
          to: row.email,
          language: languageOf(row.language),
          link: `${this.deps.publicUrl}/login`,
          operator: this.deps.operator,
        }),
        `deletion:${row.id}:cancelled`,
        now,
      );
      this.deps.log.info('account deletion cancelled', { userId: row.userId });
    });
    this.track(this.sendQueued());
  }

  /**
   * The chore: each deletion with work due (Paystack not yet told, or its grace over) is claimed in a
   * transaction of its own and carried one step further. Answers how many were erased.
   */
  async resume(limit = 10): Promise<number> {
    const { store, clock } = this.deps;
    const now = clock.now();
    let erased = 0;
    const due = await deletionClaims.claimEach(store, now, limit, (table) =>
      or(isNull(table.providerClosedAt), lte(table.purgeAfter, now))!,
    );
    for (const { token, row } of due) if ((await this.advance(row, token)) === 'erased') erased++;
    return erased;
  }

  /** Waits for the work this process started in the background (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * Carries deletion `row` as far as it can go while `token` holds it: Paystack, then (grace over)
   * the erasure, then the closing mail and the row itself. A failure lets the claim go until a later
   * try, backing off.
   */
  private async advance(row: AccountDeletionRow, token: string): Promise<'waiting' | 'erased' | 'lost' | 'failed'> {
    const { store, clock, log } = this.deps;
    try {
      let current = row;
      if (!current.purgedAt) {
        // Paystack is looked at now, and again right before the erasure: nothing may charge the person after.
        const dueNow = current.purgeAfter.getTime() <= clock.now().getTime();
        if (!current.providerClosedAt || dueNow) {
          await this.deps.closeAtProvider(current.userId);
          const at = clock.now();
          if (!(await store.tx((tx) => deletionClaims.renew(tx, token, deletionClaims.until(at))))) return 'lost';
          if (!current.providerClosedAt) {
            await store.tx(async (tx) => {
              const { accountDeletions } = tablesOf(tx);
              await tx
                .update(accountDeletions)
                .set({ providerClosedAt: at })
                .where(and(eq(accountDeletions.id, current.id), deletionClaims.heldBy(tx, token)));
            });
            current = { ...current, providerClosedAt: at };
          }
        }
        if (!dueNow) {
          await store.tx((tx) => deletionClaims.release(tx, token, { lastError: null }));
          return 'waiting';
        }
        const erased = await store.tx(async (tx) => {
          const { accountDeletions } = tablesOf(tx);
          const held = await first(
            tx
              .select({ id: accountDeletions.id })
              .from(accountDeletions)
              .where(and(eq(accountDeletions.id, current.id), deletionClaims.heldBy(tx, token))),
          );
          if (!held) return 'lost' as const;
          // Paystack work of the user's under way (a claim of billing's) is finished first, by billing's chore.
          if (await billingWorkOpen(tx, current.userId)) return 'busy' as const;
          const at = clock.now();
          await purgeUser(tx, current.userId, current.email, at);
          await tx.update(accountDeletions).set({ purgedAt: at }).where(eq(accountDeletions.id, current.id));
          return 'erased' as const;
        });
        if (erased === 'lost') return 'lost';
        if (erased === 'busy') {
          await store.tx((tx) => deletionClaims.release(tx, token, { claimUntil: new Date(clock.now().getTime() + 60_000) }));
          return 'waiting';
        }
        current = { ...current, purgedAt: clock.now() };
        log.info('account erased', { deletionId: current.id });
      }
      await this.closingMail(current);
      await store.tx(async (tx) => {
        const { accountDeletions } = tablesOf(tx);
        await tx.delete(accountDeletions).where(and(eq(accountDeletions.id, current.id), deletionClaims.heldBy(tx, token)));
      });
      // The engine's files let go of what was erased (SQLite: the write-ahead log is emptied).
      await store.forget?.();
      return 'erased';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn('account deletion step failed', { deletionId: row.id, reason });
      const retryAt = new Date(clock.now().getTime() + 60_000 * 2 ** Math.min(row.attempts, 6));
      await store
        .tx((tx) => deletionClaims.release(tx, token, { lastError: reason.slice(0, 500), claimUntil: retryAt }))
        .catch(() => undefined);
      return 'failed';
    }
  }

  /** "Your account is deleted", straight to the address the row still holds (same Message-ID on a retry); given up after a few tries. */
  private async closingMail(row: AccountDeletionRow): Promise<void> {
    try {
      await this.deps.mailer.send({
        ...rightsMail(this.deps.t, {
          kind: 'deletionDone',
          to: row.email,
          language: languageOf(row.language),
          operator: this.deps.operator,
        }),
        messageId: `<deletion-${row.id}@bidpilot>`,
      });
    } catch (error) {
      if (row.attempts < MAIL_ATTEMPTS) throw error;
      this.deps.log.warn('closing mail given up', { deletionId: row.id });
    }
  }

  private sendQueued(): Promise<unknown> {
    return this.deps.sendQueued?.().catch(() => undefined) ?? Promise.resolve();
  }

  private track(work: Promise<unknown>): void {
    const running = work.catch(() => undefined);
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }
}
