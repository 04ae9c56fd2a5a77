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
// Not `readonly`: a read-only connection cannot share the WAL index, so SQLite rebuilds it from
// the whole WAL file on every read (the baseline came out five times slower than the API).
const sqlite = process.env.DB_FILE ? new Database(process.env.DB_FILE, { fileMustExist: true }) : undefined;
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

const json = (res: http.ServerResponse, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
};

interface AgentRow {
  id: string;
  user_id: string;
  status: string;
  fields: string;
  created_at: number;
  updated_at: number;
  last_run: number | null;
  next_run_at: number | null;
  emails_sent: number;
  jobs_found: number;
  version: number;
}
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/**
 * The API's agent as JSON: the stored fields with the record's own columns, set on the parsed object
 * in place. Spread into a new literal (`{ ...fields, id, … }`) with its sixty-odd fields, V8 made
 * each agent a dictionary object, slow to build, to stringify and to collect: the baseline ran 2–4×
 * slower than the API it is the floor of.
 */
const agentJson = (row: AgentRow) => {
  const agent = JSON.parse(row.fields) as Record<string, unknown>;
  agent.id = row.id;
  agent.userId = row.user_id;
  agent.status = row.status;
  agent.active = row.status === 'active';
  agent.createdAt = iso(row.created_at);
  agent.updatedAt = iso(row.updated_at);
  agent.lastRun = iso(row.last_run);
  agent.nextRunAt = iso(row.next_run_at);
  agent.emailsSent = row.emails_sent;
  agent.jobsFound = row.jobs_found;
  agent.version = row.version;
  return agent;
};

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
    json(res, { data: (agentsOf.all(agents[1]) as AgentRow[]).map(agentJson) });
    return;
  }
  if (req.method === 'GET' && url.pathname === '/api/sync/pull' && pullPage) {
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const rows = pullPage.all(url.searchParams.get('user'), Number(url.searchParams.get('since') ?? 0), limit + 1) as Array<{
      seq: number;
    }>;
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
