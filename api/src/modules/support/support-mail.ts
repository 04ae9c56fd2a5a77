import { textDirection, type Language } from '@shared/languages';
import type { SupportRequest } from '@shared/schemas/support';
import type { Translate } from '../../kernel/i18n';
import type { MailMessage } from '../mail/mailer';
import { operatorLine, type MailOperator } from '../mail/templates';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const paragraphs = (lines: string[]) =>
  lines.map((line) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px;white-space:pre-wrap">${escapeHtml(line)}</p>`).join('\n');

function page(language: Language, heading: string, lines: string[]): string {
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    ${paragraphs(lines)}
  </div>
</body>
</html>`;
}

/** The request as staff read it (in English), answering goes to the user (Reply-To). */
export function supportStaffMail(input: {
  to: string;
  request: SupportRequest;
  user: { id: string; email: string; language: string };
}): MailMessage {
  const { request, user } = input;
  const summary = request.message.replace(/\s+/g, ' ').slice(0, 60);
  const lines = [
    `Ticket: ${request.ticket}`,
    `Topic: ${request.topic}`,
    `From: ${user.email} (user ${user.id}, language ${user.language})`,
    `About: ${request.reference ? `${request.reference.kind} ${request.reference.id}${request.referenceLabel ? ` (${request.referenceLabel})` : ''}` : 'nothing in particular'}`,
    '',
    request.message,
  ];
  return {
    to: input.to,
    replyTo: user.email,
    subject: `[${request.ticket}] ${request.topic}: ${summary}`,
    text: lines.join('\n'),
    html: page('en', `${request.ticket} · ${request.topic}`, lines),
  };
}

/**
 * The acknowledgement to the user, in their language, with the ticket number to quote. It never
 * repeats the message: a mail signed by Bidpilot must not carry text a sender chose (a link, a
 * lure) to an address.
 */
export function supportAckMail(
  t: Translate,
  input: { to: string; language: Language; request: SupportRequest; operator?: MailOperator | undefined },
): MailMessage {
  const { language, request } = input;
  const vars = { ticket: request.ticket };
  const heading = t(language, 'mail.support.heading', vars);
  const foot = operatorLine(t, language, input.operator);
  const lines = [t(language, 'mail.support.body', vars), t(language, 'mail.signature'), ...(foot ? [foot] : [])];
  return {
    to: input.to,
    subject: t(language, 'mail.support.subject', vars),
    text: [heading, '', ...lines].join('\n\n'),
    html: page(language, heading, lines),
  };
}
