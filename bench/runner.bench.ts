import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { AGENT_DEFAULTS } from '@shared/schemas/agent';
import { createProposalWriter } from '../api/src/adapters/ai';
import { createMarketplaces } from '../api/src/adapters/marketplace';
import { manualClock } from '../api/src/clock';
import { loadConfig } from '../api/src/config';
import { closeDatabase, openDatabase } from '../api/src/db/client';
import { agents, jobItems, users } from '../api/src/db/schema';
import { createLogger } from '../api/src/logger';
import { silentNotifier } from '../api/src/runner/ports';
import { Runner } from '../api/src/runner/runner';
import { sandboxMarketplaceRoutes } from '../api/src/sandbox/marketplaces';
import { sandboxOpenAiRoutes } from '../api/src/sandbox/openai';
import { coverLetterQuotaService } from '../api/src/services/cover-letter-quota';

/**
 * `npm run bench -- runner`: one runner tick over N due agents (100, 1,000, 10,000), each searching
 * the sandbox Freelancer.com over HTTP and writing one proposal with the sandbox's offline writer
 * (review mode: drafts, so no bids). Prints the tick time and proposals processed per second.
 */
const SIZES = (process.env.RUNNER_BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const clock = manualClock(new Date('2026-11-18T10:00:00Z'));
const log = createLogger('silent');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-bench-'));
  const sandboxDb = openDatabase(path.join(dataDir, 'sandbox.sqlite'));
  const sandbox = new Hono();
  sandbox.route('/sandbox', sandboxMarketplaceRoutes({ db: sandboxDb, clock, rateLimitPerMinute: 1_000_000 }));
  sandbox.route('/sandbox', sandboxOpenAiRoutes({ clock }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const marketplaces = createMarketplaces(config, () => base, { clock });
  const writer = createProposalWriter(config.ai, { sandboxBase: () => base, log, maxRetries: 0 });

  console.log(`Runner tick, N agents due at once (search over HTTP + offline writer), Node ${process.version}`);
  console.log('agents  tick s   proposals  proposals/s  ms per agent');
  try {
    for (const size of SIZES) {
      const db = openDatabase(path.join(dataDir, `product-${size}.sqlite`));
      const now = clock.now();
      db.transaction((tx) => {
        for (let i = 0; i < size; i++) {
          const userId = crypto.randomUUID();
          tx.insert(users)
            .values({ id: userId, email: `bench${i}@gmail.com`, passwordHash: 'x', platformType: 'freelancer', referralCode: `B${i}`, createdAt: now, updatedAt: now, skills: ['React', 'Node.js', 'SEO'] })
            .run();
          const fields = { ...AGENT_DEFAULTS, name: '', title: ['developer', 'design', 'writer', 'marketing'][i % 4]!, platform: 'freelancer' as const, sendMode: 'review' as const, emailsPerDay: 1, startTime: '00:00', endTime: '00:00' };
          tx.insert(agents)
            .values({ id: crypto.randomUUID(), userId, status: 'active', fields, fieldVersions: {}, createdAt: now, updatedAt: now })
            .run();
        }
      });
      const runner = new Runner(
        { db, clock, log, marketplaces, session: async () => null, writer, notifier: silentNotifier, quota: coverLetterQuotaService(db) },
        { batch: 100 },
      );
      const started = performance.now();
      const result = await runner.tick();
      const seconds = (performance.now() - started) / 1000;
      const proposals = db.select().from(jobItems).all().filter((item) => item.status === 'draft').length;
      console.log(
        `${String(size).padEnd(7)} ${seconds.toFixed(2).padEnd(8)} ${String(proposals).padEnd(10)} ${(proposals / seconds).toFixed(0).padEnd(12)} ${((seconds * 1000) / result.runs.length).toFixed(1)}`,
      );
      closeDatabase(db);
    }
  } finally {
    server.close();
    closeDatabase(sandboxDb);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
