const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f1f3f4;color:#202124}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 8px}.note{background:#fef3c7;color:#78350f;border-radius:8px;padding:8px 12px;font-size:.9rem}
label{display:block;font-weight:600;margin:14px 0 4px}input[type=email],input[type=text]{box-sizing:border-box;width:100%;min-height:44px;padding:8px 10px;border:1px solid #5f6368;border-radius:6px;font:inherit}
.check{display:flex;gap:8px;align-items:center;font-weight:400}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
button{flex:1;min-height:44px;padding:10px 16px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.go{background:#1a73e8;color:#fff}.cancel{background:#e8eaed;color:#202124}
button:focus-visible,input:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Google sandbox</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's sign-in page: the account to come back as (any address, a name, and
 * whether the provider vouches for the address), the authorization request carried in hidden fields.
 */
export function chooseAccountPage(input: { clientName: string; request: Record<string, string>; error?: string }): string {
  const hidden = Object.entries(input.request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return layout(
    'Sign in',
    `<h1>Sign in with Google</h1>
<p>to continue to ${escapeHtml(input.clientName)}</p>
<p class="note" role="note">Sandbox provider: no Google account is used. Type the account to sign in as.</p>
${input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/sandbox/google/authorize">
${hidden}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name">
<label class="check"><input type="checkbox" name="email_verified" value="true" checked> The provider has verified this address</label>
<div class="actions"><button class="go" type="submit" name="decision" value="allow">Continue</button>
<button class="cancel" type="submit" name="decision" value="deny" formnovalidate>Cancel</button></div>
</form>`,
  );
}

export function errorPage(text: string): string {
  return layout('Sign-in error', `<h1>Sign-in error</h1><p role="alert">${escapeHtml(text)}</p>`);
}
