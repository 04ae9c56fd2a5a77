import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import { first, type Store } from '../../store/store';
import { tablesOf, type Tables } from '../../store/schema/index';
import { queueMail } from './outbox';

export type OperatorAlert = Tables['operatorAlerts']['$inferSelect'];

export interface OperatorAlertDeps {
  store: Store;
  clock: Clock;
  /** Where alerts are mailed; unset: they are only listed (`npm run ops -- alerts`). */
  operatorEmail: string | undefined;
  publicUrl: string;
  /** Sends what the mail outbox holds, after the alert's mail is queued. */
  dispatchSoon: () => void;
  /** The plain logger, for the alerts' own failures (an alerting one would loop). */
  log: Logger;
}

/** Fields of an alert that say what it is about: one open alert per message and subject. */
const SUBJECT_FIELDS = ['subject', 'reference', 'paymentId', 'claim', 'id', 'service'] as const;

function subjectOf(fields: Record<string, unknown>): string | null {
  for (const name of SUBJECT_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') return `${name}:${value}`;
  }
  return null;
}

/**
 * What a person must act on, kept for the operator: `raise` (the alerting logger's handler,
 * kernel/logger.ts `alert`) records it, once per message and subject while it is open (seen again,
 * its count and last time move), and mails a new one to OPERATOR_EMAIL through the mail outbox.
 * `list` and `resolve` serve the operator's CLI (`npm run ops -- alerts`).
 */
export class OperatorAlerts {
  private underWay: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: OperatorAlertDeps) {}

  /** Records an alert (after the current work, never failing it); `idle()` waits for the records. */
  raise = (message: string, fields: Record<string, unknown>): void => {
    const { role: _role, pid: _pid, ...details } = fields;
    this.underWay = this.underWay
      .then(() => this.record(message, details))
      .catch((error: unknown) => this.deps.log.error('operator alert not recorded', { message, error }));
  };

  idle(): Promise<unknown> {
    return this.underWay;
  }

  /** Records one alert: a new row (mailed to the operator), or one more sighting of an open one. */
  async record(message: string, details: Record<string, unknown>, now = this.deps.clock.now()): Promise<OperatorAlert> {
    const { store, operatorEmail } = this.deps;
    const subject = subjectOf(details);
    const key = subject ? `${message} | ${subject}` : message;
    const alert = await store.tx(async (tx) => {
      const { operatorAlerts } = tablesOf(tx);
      const open = and(eq(operatorAlerts.key, key), isNull(operatorAlerts.resolvedAt));
      const [seen] = await tx
        .update(operatorAlerts)
        .set({ count: sql`${operatorAlerts.count} + 1`, lastAt: now, details })
        .where(open)
        .returning();
      if (seen) return seen;
      const [added] = await tx
        .insert(operatorAlerts)
        .values({ key, message, subject, details, firstAt: now, lastAt: now, mailedAt: operatorEmail ? now : null })
        .returning();
      if (operatorEmail) await queueMail(tx, alertMail(operatorEmail, added!, this.deps.publicUrl), `operator-alert:${added!.id}`, now);
      return added!;
    });
    if (alert.count === 1 && operatorEmail) this.deps.dispatchSoon();
    return alert;
  }

  /** Open alerts (all of them with `all`), newest first. */
  async list(options: { all?: boolean; limit?: number } = {}): Promise<OperatorAlert[]> {
    const { operatorAlerts } = tablesOf(this.deps.store.db);
    const query = this.deps.store.db.select().from(operatorAlerts);
    return (options.all ? query : query.where(isNull(operatorAlerts.resolvedAt)))
      .orderBy(desc(operatorAlerts.lastAt))
      .limit(options.limit ?? 100);
  }

  /** Marks an alert dealt with: the next sighting opens (and mails) a new one. False when it is not open. */
  async resolve(id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    return this.deps.store.tx(async (tx) => {
      const { operatorAlerts } = tablesOf(tx);
      const done = await tx
        .update(operatorAlerts)
        .set({ resolvedAt: now })
        .where(and(eq(operatorAlerts.id, id), isNull(operatorAlerts.resolvedAt)))
        .returning({ id: operatorAlerts.id });
      return done.length > 0;
    });
  }

  /** Alerts still open (a metric). */
  async openCount(): Promise<number> {
    const { operatorAlerts } = tablesOf(this.deps.store.db);
    const row = await first(this.deps.store.db.select({ n: count() }).from(operatorAlerts).where(isNull(operatorAlerts.resolvedAt)));
    return row?.n ?? 0;
  }
}

/** The operator's mail for a new alert: what happened, its details, and how to list and resolve it. */
function alertMail(to: string, alert: OperatorAlert, publicUrl: string) {
  const details = JSON.stringify(alert.details, null, 2);
  const text = [
    `Bidpilot (${publicUrl}) needs a person:`,
    '',
    alert.message,
    '',
    details,
    '',
    `Raised ${alert.firstAt.toISOString()}. List the open alerts with \`npm run ops -- alerts\`; once dealt with, \`npm run ops -- resolve ${alert.id}\`.`,
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch] ?? ch);
  return {
    to,
    subject: `[Bidpilot alert ${alert.id}] ${alert.message.slice(0, 120)}`,
    text,
    html: `<pre style="font-family:ui-monospace,monospace;white-space:pre-wrap">${escape(text)}</pre>`,
  };
}
