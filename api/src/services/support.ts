import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { isLanguage } from '@shared/languages';
import { supportMessages, ticketNumber, type CreateSupportRequestBody, type SupportReferences, type SupportRequest } from '@shared/schemas/support';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { jobItems, payments, supportRequests, users } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { Translate } from '../i18n';
import { supportAckMail, supportStaffMail } from '../mail/support-mail';
import { queueMail } from './mail-outbox';

type Row = typeof supportRequests.$inferSelect;

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

/**
 * The contact form: a request is stored with its ticket number, and in the same transaction the
 * mail to support (Reply-To the user) and the acknowledgement to the user are queued; the mail
 * outbox sends each once.
 */
export class SupportService {
  constructor(private readonly deps: { db: Db; clock: Clock; t: Translate; supportEmail: string; afterCommit?: () => void }) {}

  list(userId: string): SupportRequest[] {
    return this.deps.db.select().from(supportRequests).where(eq(supportRequests.userId, userId)).orderBy(desc(supportRequests.id)).limit(50).all().map(toDto);
  }

  /** The user's recent payments and proposals, to name one in a request. */
  references(userId: string): SupportReferences {
    const { db } = this.deps;
    return {
      payments: db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(20)
        .all()
        .map((p) => ({ id: p.reference, label: `${p.plan} · ${money(p.amount, p.currency)} · ${p.status}`, at: p.createdAt.toISOString() })),
      proposals: db
        .select({ id: jobItems.id, title: jobItems.title, createdAt: jobItems.createdAt })
        .from(jobItems)
        .where(eq(jobItems.userId, userId))
        .orderBy(desc(jobItems.createdAt))
        .limit(20)
        .all()
        .map((j) => ({ id: j.id, label: j.title, at: j.createdAt.toISOString() })),
    };
  }

  create(userId: string, body: CreateSupportRequestBody): SupportRequest {
    const { db, clock } = this.deps;
    const now = clock.now();
    const created = db.transaction((tx) => {
      const user = tx.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).get();
      if (!user) throw notFound('User not found');
      const label = body.reference ? this.label(tx, userId, body.reference) : null;
      const row = tx
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
        .returning()
        .get();
      const request = toDto(row);
      const language = isLanguage(user.language) ? user.language : 'en';
      queueMail(tx, supportStaffMail({ to: this.deps.supportEmail, request, user }), `support:${row.id}:staff`, now);
      queueMail(tx, supportAckMail(this.deps.t, { to: user.email, language, request }), `support:${row.id}:ack`, now);
      return request;
    });
    this.deps.afterCommit?.();
    return created;
  }

  /** What a reference names; another user's payment or proposal is refused like an unknown one. */
  private label(tx: Tx, userId: string, reference: NonNullable<CreateSupportRequestBody['reference']>): string {
    if (reference.kind === 'payment') {
      const payment = tx.select().from(payments).where(and(eq(payments.reference, reference.id), eq(payments.userId, userId))).get();
      if (payment) return `${payment.plan} · ${money(payment.amount, payment.currency)} · ${payment.status}`;
    } else {
      const item = tx.select({ title: jobItems.title }).from(jobItems).where(and(eq(jobItems.id, reference.id), eq(jobItems.userId, userId))).get();
      if (item) return item.title;
    }
    throw new AppError(ErrorCode.validation, supportMessages.unknownReference, { issues: [{ path: 'reference.id', message: supportMessages.unknownReference }] });
  }
}
