import { isFlaggedReason } from '@shared/scoring';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureServerBuild } from '../../../../scripts/server-build.mjs';
import { testDialect } from '../../testing/test-dialect';
import {
  busyUser,
  crashEnv,
  ProductProcess,
  productRecords,
  seeded,
  setUpUser,
  startSlowWorld,
  type SlowWorld,
} from '../../testing/crash-harness';
import { testProductDatabase, type ProductDatabase } from '../../testing/product-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let world: SlowWorld | undefined;
let procs: ProductProcess[] = [];
let dataDir: string | undefined;
let database: ProductDatabase | undefined;
afterEach(async () => {
  for (const proc of procs) await proc.kill();
  procs = [];
  await database?.close();
  await world?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Change {
  entity: string;
  id: string;
  seq: number;
  deleted: boolean;
  data: unknown;
}

/** A client's sync store: pulls from whichever API process it is given, keeps the latest of each record. */
function syncClient(token: string) {
  let cursor = '0';
  const records = new Map<string, unknown>();
  const seqs: number[] = [];
  return {
    records,
    seqs,
    async pull(via: ProductProcess): Promise<void> {
      for (;;) {
        const page = await via.call('GET', `/api/sync/pull?since=${cursor}&limit=50`, token);
        if (page.status !== 200) throw new Error(`pull answered ${page.status}`);
        for (const change of page.json.changes as Change[]) {
          seqs.push(change.seq);
          const key = `${change.entity}:${change.id}`;
          if (change.deleted) records.delete(key);
          else records.set(key, change.data);
        }
        cursor = page.json.nextCursor as string;
        if (!page.json.hasMore) return;
      }
    },
  };
}

describe(`two API processes and two runner processes on one database (${testDialect() === 'postgres' ? 'PostgreSQL' : 'a SQLite file'})`, () => {
  it('a client syncing through both API processes misses and doubles nothing; no letter and no bid happens twice', async () => {
    const seed = Number(process.env.MULTI_SEED ?? 4242);
    world = await startSlowWorld(seeded(seed), { bidMs: [100, 400], searchMs: [20, 120], writerMs: [50, 250] });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-multi-'));
    database = await testProductDatabase(dataDir);
    const { freePort } = await import('../../../../bench/support');
    // The built server: four processes loading the sources through tsx at once take most of a minute here.
    const bundle = await ensureServerBuild('serve-api', () => undefined);
    // The runners' schedule would tick next year: every run and send below is started by Run now,
    // or by a wake-up from an API process reaching a runner process through the database.
    const env = { ...crashEnv(dataDir, database, world, 30), RUNNER_SCHEDULE: '0 0 0 1 1 *' };
    const apis = [
      new ProductProcess(await freePort(), { ...env, ROLE: 'api' }, bundle),
      new ProductProcess(await freePort(), { ...env, ROLE: 'api' }, bundle),
    ];
    const runners = [
      new ProductProcess(await freePort(), { ...env, ROLE: 'runner' }, bundle),
      new ProductProcess(await freePort(), { ...env, ROLE: 'runner' }, bundle),
    ];
    procs = [...apis, ...runners];
    // All four at once on a fresh database: they race to migrate it.
    await Promise.all(procs.map((proc) => proc.start()));
    for (const runner of runners) expect((await runner.call('GET', '/api/ready')).json).toMatchObject({ status: 'ready', role: 'runner' });
    expect((await runners[0]!.call('GET', '/api/automations/x/jobs')).status).toBe(404);

    const user = await setUpUser(apis[0]!, { review: 10, auto: 6 });
    const client = syncClient(user.token);

    // The user works through both API processes in turn while the runners run and send.
    const until = Date.now() + 12_000;
    for (let round = 0; Date.now() < until; round++) {
      const api = apis[round % 2]!;
      await Promise.all([busyUser(api, user), client.pull(apis[(round + 1) % 2]!)]);
      await sleep(200);
    }
    // Until nothing is under way (approved drafts sent, letters written, no run started); pulling all the while.
    const deadline = Date.now() + 20_000;
    let quietRounds = 0;
    for (let round = 0; ; round++) {
      await client.pull(apis[round % 2]!);
      const busy = (await productRecords(database)).items.some((i) => i.stage === 'writing' || i.stage === 'sending');
      const drafts = (await apis[0]!.call('GET', `/api/automations/${user.reviewAgent}/jobs`, user.token)).json.data as Array<{
        stage: string | null;
        approvedAt: string | null;
      }>;
      const approvedWaiting = drafts.some((i) => i.stage === 'queued' && i.approvedAt !== null);
      // A Run now pressed last may start after the rest is quiet: its start and end are changes too, so
      // quiet means no run under way, three rounds in a row.
      const running = [...client.records].some(
        ([key, record]) => key.startsWith('agent:') && (record as { run?: { running?: unknown } | null }).run?.running,
      );
      quietRounds = !busy && !approvedWaiting && !running ? quietRounds + 1 : 0;
      if (quietRounds >= 3 || Date.now() > deadline) break;
      await sleep(300);
    }
    await client.pull(apis[1]!);
    // Every approved draft went out, from a runner process that a wake-up reached (no tick came).
    const reviewed = (await apis[1]!.call('GET', `/api/automations/${user.reviewAgent}/jobs`, user.token)).json.data as Array<{
      status: string;
      approvedAt: string | null;
    }>;
    expect(reviewed.filter((i) => i.approvedAt !== null && i.status !== 'completed')).toEqual([]);
    expect(reviewed.filter((i) => i.status === 'completed').length).toBeGreaterThan(0);

    // Nothing doubled: every change seen once; nothing missed: the client holds what a full sync holds.
    expect(new Set(client.seqs).size).toBe(client.seqs.length);
    const fresh = syncClient(user.token);
    await fresh.pull(apis[0]!);
    expect(client.records.size).toBeGreaterThan(2);
    expect(Object.fromEntries(client.records)).toEqual(Object.fromEntries(fresh.records));

    // No bid twice, every bid a sent proposal and back, one letter asked per letter kept.
    const records = await productRecords(database);
    const completed = records.items.filter((i) => i.status === 'completed').map((i) => i.externalId);
    const bids = (await world.bids()).map((b) => b.projectId);
    const context = `seed ${seed}: ${JSON.stringify({ posts: [...world.posts], completed, bids })}`;
    expect(world.duplicatePosts(), context).toBe(0);
    expect(completed.length, context).toBeGreaterThan(0);
    expect([...bids].sort(), context).toEqual([...completed].sort());
    expect(
      records.items.filter((i) => i.stage === 'writing' || i.stage === 'sending'),
      context,
    ).toEqual([]);
    const letters = records.items.filter((i) => i.letter !== null && i.status !== 'skipped');
    expect(world.completions(), context).toBe(letters.length);
    // A flagged job's letter is written outside the day's quota (it waits for the user's choice), and
    // so is a good job's drafted while its agent's share of the day was spent (bounded apart, caps.ts).
    expect(records.lettersToday, context).toBe(letters.filter((i) => !isFlaggedReason(i.reason) && !i.waitingShare).length);
  }, 120_000);
});
