import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://user:pass@host:port). nodemailer
 * is loaded with the first mail, not at start.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({ from, ...message });
    },
    close: () => void transport?.then((open) => open.close()),
  };
}
