/**
 * `npx tsx bench/idb.bench.ts`: how long a signed-in browser takes to pull 10,000 job items and
 * store them in IndexedDB. The real product runs on a free port; 10,000 job items of one user (one
 * agent) go straight into its SQLite file with their change_log rows (one per record, as
 * recordChange leaves them); Chromium opens /dashboard with the user's token and the clock runs
 * from the navigation until the `bidpilot` database's jobItems store holds them all. Printing only.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from '../scripts/pwa-build';

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 10_000);
const TIMEOUT_MS = 180_000;

const letter = `Hello, I read your post carefully and I have built three similar products in the past two years.
I would start with a short call to confirm the scope, then deliver a first working version within a week,
with tests and a clear hand-over. My recent work includes a React dashboard for a logistics start-up and
an API integration for an online shop. Which part of the project matters most to you?`;

function seed(file: string, userId: string, agentId: string, count: number): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const item = db.prepare(
    `INSERT INTO job_items (id, user_id, agent_id, platform, external_id, title, client_name, status, budget, applied_date,
       experience_level, duration, apply_url, last_error, proposal_requirements, created_at, updated_at, version)
     VALUES (?, ?, ?, 'upwork', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const change = db.prepare(`INSERT INTO change_log (user_id, entity, entity_id, deleted, changed_at) VALUES (?, 'jobItem', ?, 0, ?)`);
  const statuses = ['completed', 'processing', 'failed', 'draft'] as const;
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = crypto.randomUUID();
      const at = start + i * 60_000;
      const status = statuses[i % statuses.length]!;
      item.run(
        id,
        userId,
        agentId,
        `bench-${i}`,
        `React developer for project #${i}`,
        i % 5 === 0 ? null : `Client ${i % 97}`,
        status,
        i % 3 === 0 ? null : `$${100 + (i % 40) * 25} - $${300 + (i % 40) * 50}`,
        status === 'completed' ? at : null,
        'intermediate',
        'medium_term',
        `https://www.upwork.com/jobs/~bench${i}`,
        status === 'failed' ? 'The marketplace refused the proposal' : null,
        letter,
        at,
        at,
      );
      change.run(userId, id, at);
    }
  })();
  db.close();
}

async function main() {
  ensurePwaBuild((line) => console.log(line));
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    const signup = await fetch(`${product.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'idb.bench@gmail.com', password: 'Bench-Pass1', platformType: 'upwork' }),
    });
    if (signup.status !== 201) throw new Error(`could not create the bench account: ${signup.status}`);
    const { token, user } = ((await signup.json()) as { data: { token: string; user: { id: string } } }).data;
    const created = await fetch(`${product.url}/api/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Bench agent', platform: 'upwork' }),
    });
    if (created.status !== 201) throw new Error(`could not create the bench agent: ${created.status}`);
    const agentId = ((await created.json()) as { id: string }).id;

    const seedStart = performance.now();
    seed(path.join(product.dataDir, 'bidpilot.sqlite'), user.id, agentId, ITEMS);
    console.log(`Seeded ${ITEMS} job items and their change_log rows in SQLite in ${(performance.now() - seedStart).toFixed(0)} ms`);

    const context = await browser.newContext();
    await context.addInitScript((value) => {
      if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', value);
    }, token);
    const page = await context.newPage();

    // Counts the rows without creating the database (Dexie makes it) and without holding it open.
    const countRows = () =>
      page.evaluate(async () => {
        const names = await indexedDB.databases();
        if (!names.some((d) => d.name === 'bidpilot')) return 0;
        return new Promise<number>((resolve) => {
          const open = indexedDB.open('bidpilot');
          open.onerror = () => resolve(0);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('jobItems')) {
              db.close();
              resolve(0);
              return;
            }
            const request = db.transaction('jobItems', 'readonly').objectStore('jobItems').count();
            request.onsuccess = () => {
              db.close();
              resolve(request.result);
            };
            request.onerror = () => {
              db.close();
              resolve(0);
            };
          };
        });
      });

    const started = performance.now();
    await page.goto(`${product.url}/dashboard`);
    let rows = 0;
    let firstRowAt: number | null = null;
    while (rows < ITEMS) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`only ${rows} of ${ITEMS} rows after ${TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await countRows();
      if (rows > 0 && firstRowAt === null) firstRowAt = performance.now() - started;
    }
    const elapsed = performance.now() - started;
    console.log(`\nIndexedDB pull of ${ITEMS} job items in Chromium (navigation to /dashboard until the jobItems store holds them all)`);
    console.log(`  first rows stored after   ${(firstRowAt ?? elapsed).toFixed(0).padStart(7)} ms`);
    console.log(`  all rows stored after     ${elapsed.toFixed(0).padStart(7)} ms`);
    console.log(`  throughput                ${((ITEMS / elapsed) * 1000).toFixed(0).padStart(7)} rows/s (page load, sign-in and pull included)`);
    await context.close();
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
