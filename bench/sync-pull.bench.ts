import http from 'node:http';
import os from 'node:os';
import { benchUser, seedJobItems } from './seed-job-items';
import { apiAndBare, interleaved, printTable, ROUNDS } from './support';

/**
 * `npm run bench -- sync-pull`: what one page of GET /api/sync/pull costs as the user's item count
 * grows (1k, 10k, 50k job items): a full pull from cursor 0, page after page, timed over HTTP and
 * divided by the pages, next to a bare node:http + better-sqlite3 server reading the same pages
 * (change_log joined to job_items by primary key) from the same file. No Accept-Encoding: this is
 * the server's cost, not the wire's. Interleaved, median of ROUNDS. Prints figures only.
 */
const SIZES = (process.env.SYNC_BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const PAGE_SIZES = [500, 1000];

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        });
      })
      .on('error', reject);
  });
}

/** Milliseconds per page of a full pull. */
async function fullPull(base: string, limit: number, headers: Record<string, string>, extra = ''): Promise<number> {
  let since = '0';
  let pages = 0;
  const started = performance.now();
  for (;;) {
    const page = (await get(`${base}/api/sync/pull?since=${since}&limit=${limit}${extra}`, headers)) as {
      nextCursor: string;
      hasMore: boolean;
    };
    pages += 1;
    since = page.nextCursor;
    if (!page.hasMore) break;
  }
  return (performance.now() - started) / pages;
}

async function main() {
  console.log(
    `Sync pull page cost vs the user's item count, median of ${ROUNDS} interleaved full pulls, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const rows: string[][] = [];
  for (const size of SIZES) {
    const { dbFile, apiBase, bareBase, startBare, stop } = await apiAndBare('warn');
    try {
      // Another user's rows first, so this user's rows are not the whole table.
      const other = await benchUser(`${apiBase}/api`, `other.${size}@gmail.com`);
      seedJobItems(dbFile, other.userId, other.agentId, size);
      const user = await benchUser(`${apiBase}/api`, `sync.${size}@gmail.com`);
      seedJobItems(dbFile, user.userId, user.agentId, size);
      await startBare();
      for (const limit of PAGE_SIZES) {
        const auth = { authorization: `Bearer ${user.token}` };
        const figures = await interleaved(ROUNDS, {
          api: () => fullPull(apiBase, limit, auth),
          bare: () => fullPull(bareBase, limit, {}, `&user=${user.userId}`),
        });
        rows.push([String(size), String(limit), figures.api.toFixed(1), figures.bare.toFixed(1), (figures.api / figures.bare).toFixed(2)]);
      }
    } finally {
      await stop();
    }
  }
  printTable(['user items', 'page size', 'api ms/page', 'bare ms/page', 'api/bare'], rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
