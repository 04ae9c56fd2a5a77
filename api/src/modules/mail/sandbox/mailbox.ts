import { desc, eq } from 'drizzle-orm';
import type { Clock } from '../../../kernel/clock';
import type { Tx } from '../../../store/sqlite/client';
import type { Store } from '../../../store/store';
import { sandboxTablesOf } from '../../../store/sandbox-schema/index';
import type { Mailer } from '../mailer';

/**
 * Keeps every mail in the sandbox store (store/sandbox-store.ts: never the product's database) so a
 * person running the product locally can read it at /sandbox/mail.
 */
export function createSandboxMailbox(store: Store, clock: Clock, from: string): Mailer {
  return {
    kind: 'sandbox',
    async send(message) {
      const { to, subject, text, html } = message;
      await store.tx((tx) => {
        const { sandboxMail } = sandboxTablesOf(tx);
        return tx.insert(sandboxMail).values({ to: to.toLowerCase(), from, subject, text, html, createdAt: clock.now() });
      });
    },
  };
}

/** The mails sent to an address (every mail without one), newest first: a query to await (on the sandbox store's database). */
export function sandboxMailQuery(db: Tx, to?: string, limit = 50) {
  const { sandboxMail } = sandboxTablesOf(db);
  const query = db.select().from(sandboxMail);
  const filtered = to ? query.where(eq(sandboxMail.to, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(sandboxMail.id)).limit(limit);
}

/** The mails sent to an address, newest first, as the sandbox store reads them. */
export async function listSandboxMail(store: Store, to?: string, limit = 50) {
  return sandboxMailQuery(store.db, to, limit);
}
