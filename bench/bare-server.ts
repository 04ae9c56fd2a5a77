import http from 'node:http';
import Database from 'better-sqlite3';

/**
 * The baseline: plain node:http answering the same JSON as the API's health and sign-in calls, with
 * no framework, validation, database or hashing. The ratio to it is the cost of everything else.
 * With DB_FILE, it also reads the product's SQLite file with bare better-sqlite3 (statements
 * prepared once, no session check): the agent list and sync pull pages, over HTTP like the API.
 */
const health = JSON.stringify({ status: 'ok', sandbox: true, version: '0.1.0' });
const port = Number(process.env.PORT ?? 0);
const sqlite = process.env.DB_FILE ? new Database(process.env.DB_FILE, { readonly: true }) : undefined;
sqlite?.pragma('busy_timeout = 5000');
const agentsOf = sqlite?.prepare('select * from agents where user_id = ? order by created_at desc');
const pullPage = sqlite?.prepare(
  `select c.seq, c.entity, c.entity_id, c.deleted, j.* from change_log c left join job_items j on j.id = c.entity_id and c.entity = 'jobItem'
   where c.user_id = ? and c.seq > ? order by c.seq limit ?`,
);

/** A minimal, well-formed page: what Lighthouse scores on this machine with nothing to load. */
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: the reference for the product's pages."><title>Bare page</title></head>
<body><main><h1>Job agents for freelancers</h1><p>Find projects, write proposals and send them on your schedule.</p></main></body></html>`;

const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  if (req.method === 'GET' && url.pathname === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(health);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    return;
  }
  if (req.method === 'POST' && url.pathname === '/api/auth/signin') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const { email } = JSON.parse(body) as { email: string };
      const answer = { data: { token: 'x'.repeat(43), user: { id: '00000000-0000-0000-0000-000000000000', email } } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    return;
  }
  const agents = url.pathname.match(/^\/api\/automations\/([\w-]+)$/);
  if (req.method === 'GET' && agents && agentsOf) {
    const rows = agentsOf.all(agents[1]) as Array<Record<string, unknown> & { fields: string; field_versions: string }>;
    json(res, { data: rows.map(({ fields, field_versions, ...row }) => ({ ...row, ...(JSON.parse(fields) as object), fieldVersions: JSON.parse(field_versions) as unknown })) });
    return;
  }
  if (req.method === 'GET' && url.pathname === '/api/sync/pull' && pullPage) {
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const rows = pullPage.all(url.searchParams.get('user'), Number(url.searchParams.get('since') ?? 0), limit + 1) as Array<{ seq: number }>;
    const page = rows.slice(0, limit);
    json(res, { changes: page, nextCursor: String(page.at(-1)?.seq ?? url.searchParams.get('since')), hasMore: rows.length > limit });
    return;
  }
  res.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT=${typeof address === 'object' && address ? address.port : port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
