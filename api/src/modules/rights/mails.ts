import { textDirection, type Language } from '@shared/languages';
import type { Translate } from '../../kernel/i18n';
import type { MailMessage } from '../mail/mailer';
import { operatorLine, type MailOperator } from '../mail/templates';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export type RightsMailKind = 'exportReady' | 'deletionScheduled' | 'deletionCancelled' | 'deletionDone';

/**
 * The mails of the data rights (`mail.rights.<kind>` in the locales), in the user's language: a
 * heading, the body, an optional link (its label `linkText`), the signature and the operator's line.
 */
export function rightsMail(
  t: Translate,
  input: { kind: RightsMailKind; to: string; language: Language; vars?: Record<string, string>; link?: string; operator?: MailOperator },
): MailMessage {
  const { kind, language, link } = input;
  const vars = input.vars ?? {};
  const k = (key: string) => t(language, `mail.rights.${kind}.${key}`, vars);
  const heading = k('heading');
  const body = k('body');
  const linkText = link ? k('linkText') : undefined;
  const signature = t(language, 'mail.signature');
  const foot = operatorLine(t, language, input.operator);
  const text = [heading, '', body, '', ...(link ? [`${linkText}: ${link}`, ''] : []), signature, ...(foot ? ['', foot] : [])].join('\n');
  const html = `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${escapeHtml(body)}</p>
    ${link ? `<p style="font-size:15px;margin:0 0 24px"><a href="${escapeHtml(link)}" style="color:#4f46e5">${escapeHtml(linkText!)}</a></p>` : ''}
    <p style="font-size:13px;color:#6b7280;margin:0">${escapeHtml(signature)}</p>
    ${foot ? `<p style="font-size:12px;color:#6b7280;margin:16px 0 0">${escapeHtml(foot)}</p>` : ''}
  </div>
</body>
</html>`;
  return { to: input.to, subject: k('subject'), text, html };
}
