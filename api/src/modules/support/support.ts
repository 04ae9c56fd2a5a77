import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { isLanguage } from '@shared/languages';
import {
  supportMessages,
  ticketNumber,
  type CreateSupportRequestBody,
  type SupportContact,
  type SupportReferences,
  type SupportRequest,
} from '@shared/schemas/support';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../store/sqlite/client';
import type { PaymentRow } from '../../store/schema/tables/billing';
import { first, type Store } from '../../store/store';
import { tablesOf, type Tables } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import type { Translate } from '../../kernel/i18n';
import type { MailOperator } from '../mail/templates';
import { supportAckMail, supportStaffMail } from './support-mail';
import { queueMail } from '../mail/outbox';
import type { RateLimiter, RateRule } from '../../store/rate-limiter';

const HOUR = 60 * 60 * 1000;

/**
 * How many requests may be sent: per account (five an hour, twenty a day) and per client address
 * (twenty an hour, across accounts), counted in the database by every process alike.
 */
export const SUPPORT_LIMITS = {
  perAccountHour: { limit: 5, windowMs: HOUR },
  perAccountDay: { limit: 20, windowMs: 24 * HOUR },
  perAddressHour: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateRule>;

type Row = Tables['supportRequests']['$inferSelect'];

function toDto(row: Row): SupportRequest {
  return {
    ticket: ticketNumber(row.id),
    topic: row.topic,
    message: row.message,
    reference: row.referenceKind && row.referenceId ? { kind: row.referenceKind, id: row.referenceId } : null,
    referenceLabel: row.referenceLabel,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

/** A payment's status in words (staff and the request list read them). */
const PAYMENT_STATUS_WORDS: Record<PaymentRow['status'], string> = {
  pending: 'pending',
  success: 'paid',
  failed: 'failed',
  abandoned: 'abandoned',
  refunding: 'refund in progress',
  refunded: 'refunded',
  refund_failed: 'refund failed',
};

/** "Pro plan · 25.00 USD · paid": a payment as the request names it, in words rather than codes. */
export function paymentLabel(payment: Pick<PaymentRow, 'plan' | 'amount' | 'currency' | 'status'>): string {
  const plan = `${payment.plan.charAt(0).toUpperCase()}${payment.plan.slice(1)} plan`;
  return `${plan} · ${money(payment.amount, payment.currency)} · ${PAYMENT_STATUS_WORDS[payment.status]}`;
}

/**
 * The contact form: a request is stored with its ticket number, and in the same transaction the
 * mail to support (Reply-To the user) and the acknowledgement to the user are queued; the mail
 * outbox sends each once.
 */
export class SupportService {
  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      t: Translate;
      supportEmail: string;
      /** Counts each request against SUPPORT_LIMITS. */
      limiter: RateLimiter;
      afterCommit?: () => void;
      /** Who runs the deployment, named at the foot of the acknowledgement. */
      operator?: MailOperator;
    },
  ) {}

  async list(userId: string): Promise<SupportRequest[]> {
    const { supportRequests } = tablesOf(this.deps.store.db);
    const rows = await this.deps.store.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.userId, userId))
      .orderBy(desc(supportRequests.id))
      .limit(50);
    return rows.map(toDto);
  }

  /** Where a visitor who cannot sign in (locked out, no access to the account) writes instead. */
  contact(): SupportContact {
    return { email: this.deps.supportEmail };
  }

  /** The user's recent payments and proposals, to name one in a request. */
  async references(userId: string): Promise<SupportReferences> {
    const { jobItems, payments } = tablesOf(this.deps.store.db);
    const { db } = this.deps.store;
    const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(20);
    const proposals = await db
      .select({ id: jobItems.id, title: jobItems.title, createdAt: jobItems.createdAt })
      .from(jobItems)
      .where(eq(jobItems.userId, userId))
      .orderBy(desc(jobItems.createdAt))
      .limit(20);
    return {
      payments: paid.map((p) => ({
        id: p.reference,
        label: paymentLabel(p),
        at: p.createdAt.toISOString(),
        plan: p.plan,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
      })),
      proposals: proposals.map((j) => ({ id: j.id, label: j.title, at: j.createdAt.toISOString() })),
    };
  }

  /**
   * Stores and mails a request from a user whose address is verified (the acknowledgement goes to
   * an address its owner proved), within SUPPORT_LIMITS for the account and the client address
   * (`clientIp`); 403 for an unverified address, 429 over a limit, and nothing is stored or mailed.
   */
  async create(userId: string, body: CreateSupportRequestBody, clientIp: string): Promise<SupportRequest> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const { users } = tablesOf(store.db);
    const sender = await first(store.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1));
    if (!sender) throw notFound('User not found');
    if (!sender.verifiedAt) throw new AppError(ErrorCode.emailNotVerified, supportMessages.verifyFirst);
    await this.deps.limiter.hit([
      { key: `account-hour:${userId}`, rule: SUPPORT_LIMITS.perAccountHour },
      { key: `account-day:${userId}`, rule: SUPPORT_LIMITS.perAccountDay },
      { key: `address:${clientIp}`, rule: SUPPORT_LIMITS.perAddressHour },
    ]);
    return store.tx(async (tx) => {
      const { supportRequests, users } = tablesOf(tx);
      const user = await first(
        tx.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).limit(1),
      );
      if (!user) throw notFound('User not found');
      const label = body.reference ? await this.label(tx, userId, body.reference) : null;
      const [row] = await tx
        .insert(supportRequests)
        .values({
          userId,
          topic: body.topic,
          message: body.message,
          referenceKind: body.reference?.kind ?? null,
          referenceId: body.reference?.id ?? null,
          referenceLabel: label,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const request = toDto(row!);
      const language = isLanguage(user.language) ? user.language : 'en';
      await queueMail(tx, supportStaffMail({ to: this.deps.supportEmail, request, user }), `support:${row!.id}:staff`, now);
      await queueMail(
        tx,
        supportAckMail(this.deps.t, { to: user.email, language, request, operator: this.deps.operator }),
        `support:${row!.id}:ack`,
        now,
      );
      // The mail goes out once this transaction, or the one it joins, has committed.
      const { afterCommit } = this.deps;
      if (afterCommit) store.afterCommit(afterCommit);
      return request;
    });
  }

  /** What a reference names; another user's payment or proposal is refused like an unknown one. */
  private async label(tx: Tx, userId: string, reference: NonNullable<CreateSupportRequestBody['reference']>): Promise<string> {
    const { jobItems, payments } = tablesOf(tx);
    if (reference.kind === 'payment') {
      const payment = await first(
        tx
          .select()
          .from(payments)
          .where(and(eq(payments.reference, reference.id), eq(payments.userId, userId)))
          .limit(1),
      );
      if (payment) return paymentLabel(payment);
    } else {
      const item = await first(
        tx
          .select({ title: jobItems.title })
          .from(jobItems)
          .where(and(eq(jobItems.id, reference.id), eq(jobItems.userId, userId)))
          .limit(1),
      );
      if (item) return item.title;
    }
    throw new AppError(ErrorCode.validation, supportMessages.unknownReference, {
      issues: [{ path: 'reference.id', message: supportMessages.unknownReference }],
    });
  }
}
