import { eq } from 'drizzle-orm';
import { formatMoney } from '@shared/currency';
import { isLanguage, type Language } from '@shared/languages';
import type { PlanId } from '@shared/plans';
import type { Translate } from '../../kernel/i18n';
import type { Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { queueMail } from '../mail/outbox';
import { noticeMail } from '../mail/templates';

/**
 * The billing mails, each in the user's language and queued in the mail outbox in the caller's
 * transaction (sent once, after it commits): the receipt of every payment, and the confirmations of
 * a cancellation, a scheduled downgrade, a downgrade undone and a resumed plan.
 */

export type BillingMail =
  | {
      kind: 'receipt';
      reference: string;
      plan: PlanId;
      amount: number;
      currency: string;
      paidAt: Date;
      card: string | null;
      /** The plan in force changed with this payment (an upgrade, a new plan). */
      planChanged: boolean;
      periodEnd: Date | null;
    }
  | { kind: 'cancelled'; plan: PlanId; endsAt: Date | null }
  | { kind: 'downgrade'; plan: PlanId; next: PlanId; at: Date; amount: number; currency: string }
  | { kind: 'kept'; plan: PlanId; dropped: PlanId; at: Date; amount: number; currency: string }
  | { kind: 'resumed'; plan: PlanId; next: PlanId; at: Date; amount: number; currency: string };

export interface BillingMailDeps {
  store: Store;
  t: Translate;
  publicUrl: string;
  /** Sends the outbox once the transaction that queued the mail has committed. */
  dispatchSoon?: () => void;
}

/** The mail's subject, heading and lines in `language`. */
export function billingMailText(
  t: Translate,
  language: Language,
  timeZone: string | null,
  mail: BillingMail,
): { subject: string; heading: string; lines: string[] } {
  const k = (key: string, vars: Record<string, string | number> = {}) => t(language, `mail.billing.${mail.kind}.${key}`, vars);
  const plan = (id: PlanId) => t(language, `plans.${id}.name`);
  const date = (at: Date | null) => {
    if (!at) return '';
    try {
      return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(at);
    } catch {
      return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    }
  };
  const money = (amount: number, currency: string) => formatMoney(amount / 100, currency, language);
  switch (mail.kind) {
    case 'receipt': {
      const vars = { plan: plan(mail.plan), amount: money(mail.amount, mail.currency), date: date(mail.paidAt), reference: mail.reference };
      return {
        subject: k('subject', vars),
        heading: k('heading', vars),
        lines: [
          k('body', vars),
          ...(mail.planChanged ? [k('planChanged', vars)] : []),
          k('reference', vars),
          ...(mail.card ? [k('card', { card: mail.card })] : []),
          ...(mail.periodEnd ? [k('until', { date: date(mail.periodEnd) })] : []),
        ],
      };
    }
    case 'cancelled': {
      const vars = { plan: plan(mail.plan), date: date(mail.endsAt) };
      return { subject: k('subject', vars), heading: k('heading', vars), lines: [k('body', vars), k('resume', vars)] };
    }
    case 'downgrade':
    case 'resumed': {
      const vars = { plan: plan(mail.plan), next: plan(mail.next), date: date(mail.at), amount: money(mail.amount, mail.currency) };
      return { subject: k('subject', vars), heading: k('heading', vars), lines: [k('body', vars)] };
    }
    case 'kept': {
      const vars = { plan: plan(mail.plan), dropped: plan(mail.dropped), date: date(mail.at), amount: money(mail.amount, mail.currency) };
      return { subject: k('subject', vars), heading: k('heading', vars), lines: [k('body', vars)] };
    }
  }
}

/**
 * Queues a billing mail to the user in `tx`, under `key` (a replayed change queues nothing new).
 * Without a translator (a billing service made without the mail module) it sends nothing.
 */
export async function queueBillingMail(
  tx: Tx,
  deps: Partial<BillingMailDeps> & { store: Store },
  userId: string,
  mail: BillingMail,
  key: string,
  now: Date,
): Promise<void> {
  if (!deps.t) return;
  const { users } = tablesOf(tx);
  const user = await first(
    tx.select({ email: users.email, language: users.language, timeZone: users.timeZone }).from(users).where(eq(users.id, userId)),
  );
  if (!user) return;
  const language: Language = isLanguage(user.language) ? user.language : 'en';
  const text = billingMailText(deps.t, language, user.timeZone, mail);
  await queueMail(
    tx,
    noticeMail({
      to: user.email,
      language,
      ...text,
      link: deps.publicUrl ? { text: deps.t(language, 'mail.billing.link'), url: `${deps.publicUrl}/billing` } : undefined,
      signature: deps.t(language, 'mail.signature'),
    }),
    key,
    now,
  );
  if (deps.dispatchSoon) deps.store.afterCommit(deps.dispatchSoon);
}
