import { desc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sandboxMail } from '../db/schema';
import type { Mailer } from './mailer';

/** Keeps every mail in SQLite so a person running the product locally can read it at /sandbox/mail. */
export function createSandboxMailbox(db: Db, clock: Clock, from: string): Mailer {
  return {
    kind: 'sandbox',
    async send(message) {
      const { to, subject, text, html } = message;
      db.insert(sandboxMail).values({ to: to.toLowerCase(), from, subject, text, html, createdAt: clock.now() }).run();
    },
  };
}

export function listSandboxMail(db: Db, to?: string, limit = 50) {
  const query = db.select().from(sandboxMail);
  const filtered = to ? query.where(eq(sandboxMail.to, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(sandboxMail.id)).limit(limit).all();
}
