import { textDirection, type Language } from '@shared/languages';
import type { Translate } from '../../kernel/i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Who runs the deployment (config.operator): every mail names them at its foot. */
export interface MailOperator {
  name?: string | undefined;
  email?: string | undefined;
  address?: string | undefined;
}

/** The foot of a mail: who sent it, where they are and how to reach them (the parts configured). */
export function operatorLine(t: Translate, language: Language, operator: MailOperator | undefined): string | undefined {
  if (!operator) return undefined;
  const parts = [operator.name ?? t(language, 'mail.operatorDefault'), operator.address, operator.email].filter(Boolean);
  return t(language, 'mail.operator', { operator: parts.join(' · ') });
}

export interface CodeMailInput {
  purpose: 'verify' | 'reset' | 'link' | 'delete' | 'signin';
  to: string;
  code: string;
  minutes: number;
  language: Language;
  /** A link that opens the right screen with the address (and code) filled in. */
  link?: string;
  operator?: MailOperator;
}

/** The verification, reset or sign-in code mail, in the user's language, as text and HTML. */
export function codeMail(t: Translate, input: CodeMailInput): MailMessage {
  const { language, purpose, code, minutes, link } = input;
  const k = (key: string) => t(language, `mail.${purpose}.${key}`, { code, minutes });
  const subject = k('subject');
  const heading = k('heading');
  const body = k('body');
  const ignore = t(language, 'mail.ignore');
  const signature = t(language, 'mail.signature');
  const linkText = purpose === 'reset' ? k('linkText') : undefined;
  const foot = operatorLine(t, language, input.operator);

  const text = [
    heading,
    '',
    body,
    '',
    code,
    '',
    ...(link && linkText ? [linkText, link, ''] : []),
    ignore,
    '',
    signature,
    ...(foot ? ['', foot] : []),
  ].join('\n');
  const dir = textDirection(language);
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${escapeHtml(body)}</p>
    <p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:0 0 24px" dir="ltr">${escapeHtml(code)}</p>
    ${
      link && linkText
        ? `<p style="font-size:14px;margin:0 0 24px"><a href="${escapeHtml(link)}" style="color:#4f46e5">${escapeHtml(linkText)}</a></p>`
        : ''
    }
    <p style="font-size:13px;color:#6b7280;margin:0 0 8px">${escapeHtml(ignore)}</p>
    <p style="font-size:13px;color:#6b7280;margin:0">${escapeHtml(signature)}</p>
    ${foot ? `<p style="font-size:12px;color:#6b7280;margin:16px 0 0">${escapeHtml(foot)}</p>` : ''}
  </div>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}

/**
 * Tells an account's owner that its guessing budget is spent: how many wrong passwords were tried,
 * that signing in now needs a mailed code with the password, and what to do if it was not them.
 */
export function guessingMail(
  t: Translate,
  input: { to: string; language: Language; failures: number; operator?: MailOperator },
): MailMessage {
  const { language, failures } = input;
  const k = (key: string) => t(language, `mail.guessing.${key}`, { failures });
  const heading = k('heading');
  const foot = operatorLine(t, language, input.operator);
  const lines = [k('body'), k('advice'), t(language, 'mail.signature'), ...(foot ? [foot] : [])];
  const dir = textDirection(language);
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    ${lines.map((line) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(line)}</p>`).join('\n    ')}
  </div>
</body>
</html>`;
  return { to: input.to, subject: k('subject'), text: [heading, '', ...lines].join('\n\n'), html };
}

/** A plain notice mail (a receipt, a confirmation): a heading, its lines, an optional link, the signature. */
export function noticeMail(input: {
  to: string;
  language: Language;
  subject: string;
  heading: string;
  lines: readonly string[];
  link?: { text: string; url: string };
  signature: string;
}): MailMessage {
  const { language, heading, lines, link, signature } = input;
  const text = [heading, '', ...lines, '', ...(link ? [link.text, link.url, ''] : []), signature].join('\n');
  const html = `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    ${lines.map((line) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n    ')}
    ${link ? `<p style="font-size:14px;margin:12px 0 24px"><a href="${escapeHtml(link.url)}" style="color:#4f46e5">${escapeHtml(link.text)}</a></p>` : ''}
    <p style="font-size:13px;color:#6b7280;margin:0">${escapeHtml(signature)}</p>
  </div>
</body>
</html>`;
  return { to: input.to, subject: input.subject, text, html };
}
