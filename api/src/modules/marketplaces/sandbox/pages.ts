import type { SandboxProject } from './projects';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6fb;color:#111827;line-height:1.5}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin:0 0 12px}
.badge{display:inline-block;font-size:.8rem;font-weight:600;background:#fef3c7;color:#78350f;border-radius:999px;padding:2px 10px;margin-bottom:12px}
label{display:block;font-weight:600;margin:16px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #6b7280;border-radius:6px;font:inherit}
.check{display:flex;gap:8px;align-items:flex-start;margin-top:16px;font-weight:400}
.check input{margin-top:4px;width:20px;height:20px}
.actions{display:flex;gap:12px;margin-top:24px;flex-wrap:wrap}
button{padding:10px 20px;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;min-height:44px}
button[value=allow]{background:#1d4ed8;color:#fff;border:0}
button[value=deny]{background:#fff;color:#111827;border:1px solid #6b7280}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
ul{padding-left:20px}
.error{color:#b91c1c;font-weight:600}
pre{white-space:pre-wrap;font:inherit}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body></html>`;
}

export interface ConsentPage {
  brand: string;
  clientName: string;
  action: string;
  hidden: Record<string, string>;
  username: string;
  permissions: string[];
  /** An optional extra permission the user may tick (Upwork proposals). */
  optIn?: { name: string; label: string; checked: boolean };
  error?: string;
}

/** The grant-or-deny page: a plain POST form, no script (the CSP allows none inline). */
export function consentPage(page: ConsentPage): string {
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const question = `Allow ${page.clientName} to use your ${page.brand} sandbox account?`;
  return layout(
    `${question} · ${page.brand} sandbox`,
    `<span class="badge">${escapeHtml(page.brand)} sandbox · simulated, no real account</span>
<h1 id="question">${escapeHtml(question)}</h1>
<p>${escapeHtml(page.clientName)} is asking to:</p>
<ul>${page.permissions.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>
${page.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="${escapeHtml(page.action)}" aria-labelledby="question">
${hidden}
<label for="username">Sandbox username</label>
<input type="text" id="username" name="username" value="${escapeHtml(page.username)}" autocomplete="username" required minlength="3" maxlength="32" pattern="[A-Za-z0-9_.\\-]{3,32}" aria-describedby="username-help${page.error ? ' form-error' : ''}">
<p id="username-help">Letters, digits, dot, dash or underscore. A sandbox account with this name is created on first use.</p>
${
  page.optIn
    ? `<label class="check"><input type="checkbox" name="${escapeHtml(page.optIn.name)}" value="1"${page.optIn.checked ? ' checked' : ''}><span>${escapeHtml(page.optIn.label)}</span></label>`
    : ''
}
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}

export function errorPage(brand: string, message: string): string {
  return layout(
    `${brand} sandbox · error`,
    `<span class="badge">${escapeHtml(brand)} sandbox</span>\n<h1>This request cannot be completed</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
}

const money = (amount: number, project: SandboxProject) =>
  `${project.currency.sign}${amount.toLocaleString('en-US')} ${project.currency.code}`;

/** What the job's link opens in sandbox mode. */
export function projectPage(project: SandboxProject, brand: string, active: boolean): string {
  const budget =
    project.budgetMax === null || project.budgetMax === project.budgetMin
      ? money(project.budgetMin, project)
      : `${money(project.budgetMin, project)} – ${money(project.budgetMax, project)}`;
  return layout(
    `${project.title} · ${brand} sandbox`,
    `<span class="badge">${escapeHtml(brand)} sandbox · simulated project</span>
<h1>${escapeHtml(project.title)}</h1>
<p><strong>${project.type === 'fixed' ? 'Fixed price' : 'Hourly'}:</strong> ${escapeHtml(budget)}${project.type === 'hourly' ? ' per hour' : ''} · ${active ? 'Open' : 'Closed'}</p>
<p><strong>Skills:</strong> ${escapeHtml(project.skills.map((s) => s.name).join(', '))}</p>
<p><strong>Client:</strong> ${escapeHtml(project.client.displayName)}, ${escapeHtml(project.client.city)}, ${escapeHtml(project.client.country.name)}${
      project.client.paymentVerified ? ' · payment verified' : ''
    }${project.client.reviews > 0 ? ` · rated ${project.client.rating} (${project.client.reviews} reviews)` : ''}</p>
<h2>Description</h2>
<pre>${escapeHtml(project.description)}</pre>`,
  );
}
