import { formatMoney } from '@shared/currency';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6fb;color:#111827}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 8px}.amount{font-size:2rem;font-weight:700;margin:8px 0}
.note{background:#fef3c7;color:#78350f;border-radius:8px;padding:8px 12px;font-size:.9rem}
fieldset{border:1px solid #d1d5db;border-radius:8px;margin:16px 0;padding:12px}
legend{font-weight:600;padding:0 4px}label{display:flex;gap:8px;align-items:center;padding:6px 0}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button{flex:1;min-height:44px;padding:10px 16px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.pay{background:#0f766e;color:#fff}.fail{background:#e5e7eb;color:#991b1b}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}dt{color:#4b5563}dd{margin:0;word-break:break-all}`;

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Paystack sandbox</title>${head}
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutPage(input: {
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  reference: string;
  channels: string[];
}): string {
  const price = formatMoney(input.amount / 100, input.currency);
  const choices = (['card', 'bank'] as const).filter((c) => input.channels.length === 0 || input.channels.includes(c));
  const options = (choices.length ? choices : (['card'] as const))
    .map(
      (channel, i) =>
        `<label><input type="radio" name="channel" value="${channel}"${i === 0 ? ' checked' : ''}> ${
          channel === 'card' ? 'Card (test Visa ending 4081)' : 'Bank account (Test Bank)'
        }</label>`,
    )
    .join('\n');
  return layout(
    'Checkout',
    `<h1>Pay ${escapeHtml(price)}</h1>
<p class="note" role="note">Sandbox checkout: no money moves. Choose how the payment ends.</p>
<dl><dt>Email</dt><dd>${escapeHtml(input.email)}</dd><dt>Reference</dt><dd>${escapeHtml(input.reference)}</dd></dl>
<p class="amount" aria-label="Amount">${escapeHtml(price)}</p>
<form method="post" action="/sandbox/paystack/checkout/${encodeURIComponent(input.accessCode)}">
<fieldset><legend>Pay with</legend>
${options}
</fieldset>
<div class="actions"><button class="pay" type="submit" name="outcome" value="pay">Pay ${escapeHtml(price)}</button>
<button class="fail" type="submit" name="outcome" value="fail">Fail the payment</button></div>
</form>`,
  );
}

export function messagePage(title: string, text: string, link?: { href: string; label: string; refresh?: boolean }): string {
  const head = link?.refresh ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(link.href)}">` : '';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
    head,
  );
}
