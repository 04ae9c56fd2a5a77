import { createRoute } from '@hono/zod-openapi';
import { sandboxMailListSchema, sandboxMailQuerySchema, type SandboxMail } from '@shared/schemas/sandbox';
import type { Store } from '../../../store/store';
import { listSandboxMail } from './mailbox';
import { createRouter, errorResponses } from '../../../kernel/http/router';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function mailboxPage(messages: SandboxMail[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(
    m.createdAt.replace('T', ' ').slice(0, 19),
  )} UTC</time></span></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox mailbox · Bidpilot</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6fb;color:#111827}
main{max-width:760px;margin:0 auto}
form{display:flex;gap:8px;flex-wrap:wrap;margin:16px 0}
input{flex:1;min-width:200px;padding:8px;border:1px solid #9ca3af;border-radius:6px;font:inherit}
button{padding:8px 16px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font:inherit;cursor:pointer}
article{background:#fff;border-radius:10px;padding:16px;margin:12px 0;box-shadow:0 1px 2px #0001}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
header span{color:#6b7280;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:12px 0 0}
</style></head>
<body><main>
<h1>Sandbox mailbox</h1>
<p>No mail server is configured, so every mail the product sends lands here. Only this machine can read this page.</p>
<form method="get" action="/sandbox/mail"><label for="to">Address</label><input id="to" name="to" type="email" value="${escapeHtml(
    to ?? '',
  )}" placeholder="you@gmail.com"><button type="submit">Show</button></form>
${items || '<p>No mail yet. Sign up or ask for a reset code, then reload this page.</p>'}
</main></body></html>`;
}

/** `GET /sandbox/mail?to=ADDRESS`: the mails sent to an address, newest first; a page for browsers. `store`: the sandbox store. */
export function sandboxMailRoutes(store: Store) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/mail',
      tags: ['sandbox'],
      summary: 'Mails held by the sandbox mailbox (JSON; an HTML page for browsers)',
      request: { query: sandboxMailQuerySchema },
      responses: {
        200: {
          content: { 'application/json': { schema: sandboxMailListSchema }, 'text/html': { schema: { type: 'string' } } },
          description: 'The messages, newest first',
        },
        ...errorResponses(400, 403),
      },
    }),
    async (c) => {
      const { to, limit } = c.req.valid('query');
      const data = (await listSandboxMail(store, to || undefined, limit)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      const wantsPage = (c.req.header('accept') ?? '').includes('text/html') || !to;
      if (wantsPage && !(c.req.header('accept') ?? '').includes('application/json')) {
        return c.html(mailboxPage(data, to));
      }
      return c.json({ data }, 200);
    },
  );
}
