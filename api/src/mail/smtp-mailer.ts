import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
