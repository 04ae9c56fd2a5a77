import http from 'node:http';

/**
 * The baseline: plain node:http answering the same JSON as the API's health and sign-in calls, with
 * no framework, validation, database or hashing. The ratio to it is the cost of everything else.
 */
const health = JSON.stringify({ status: 'ok', sandbox: true, version: '0.1.0' });
const port = Number(process.env.PORT ?? 0);

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(health);
    return;
  }
  if (req.method === 'POST' && req.url === '/api/auth/signin') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const { email } = JSON.parse(body) as { email: string };
      const answer = { data: { token: 'x'.repeat(43), user: { id: '00000000-0000-0000-0000-000000000000', email } } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    return;
  }
  res.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT=${typeof address === 'object' && address ? address.port : port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
