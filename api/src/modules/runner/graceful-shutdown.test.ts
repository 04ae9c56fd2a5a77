import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crashEnv, ProductProcess, seeded, setUpUser, startSlowWorld, type SlowWorld } from '../../testing/crash-harness';
import { testProductDatabase, type ProductDatabase } from '../../testing/product-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let world: SlowWorld | undefined;
let product: ProductProcess | undefined;
let dataDir: string | undefined;
let database: ProductDatabase | undefined;
afterEach(async () => {
  await product?.kill();
  await database?.close();
  await world?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The product's leases and claims, read from its database beside the running process. */
async function held(database: ProductDatabase) {
  const [leases] = await database.query<{ n: number }>('SELECT CAST(count(*) AS integer) AS n FROM agents WHERE lease_owner IS NOT NULL');
  return {
    agentLeases: leases!.n,
    writing: await database.query<{ claimUntil: number }>(`SELECT claim_until AS "claimUntil" FROM job_items WHERE stage = 'writing'`),
  };
}

describe('SIGTERM', () => {
  it('answers not ready at once, lets the run under way have its grace, then gives back its lease and claim and exits', async () => {
    // A writer that takes far longer than the grace: the run is still under way when the grace ends.
    world = await startSlowWorld(seeded(17), { bidMs: [200, 300], searchMs: [20, 50], writerMs: [60_000, 60_001] });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-sigterm-'));
    database = await testProductDatabase(dataDir);
    const { freePort } = await import('../../../../bench/support');
    product = new ProductProcess(await freePort(), { ...crashEnv(dataDir, database, world, 600), SHUTDOWN_GRACE_SECONDS: '2' });
    await product.start();
    expect((await product.call('GET', '/api/ready')).status).toBe(200);
    await setUpUser(product, { review: 3, auto: 3 });

    // The runner (ticking every second) claims an agent and reserves a job whose letter is being written.
    const deadline = Date.now() + 30_000;
    while ((await held(database)).writing.length === 0 && Date.now() < deadline) await sleep(100);
    const before = await held(database);
    expect(before.agentLeases).toBeGreaterThan(0);
    expect(before.writing.length).toBeGreaterThan(0);
    expect(before.writing.every((claim) => claim.claimUntil > Date.now() + 60_000)).toBe(true);

    const child = product.child!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const answers: number[] = [];
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      try {
        answers.push((await fetch(`${product.url}/api/ready`)).status);
      } catch {
        // no longer listening
      }
      await sleep(50);
    }
    expect(await exited).toBe(0);
    // A request already being answered when the signal arrives may still say ready (the signal is
    // handled between two turns of the event loop); from then on, every answer says not ready.
    const firstNotReady = answers.indexOf(503);
    expect(firstNotReady, `answers: ${answers.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(firstNotReady, `answers: ${answers.join(' ')}`).toBeLessThanOrEqual(1);
    expect(
      answers.slice(firstNotReady).every((status) => status === 503),
      `answers: ${answers.join(' ')}`,
    ).toBe(true);

    // Given back: no agent lease left, and every reservation's claim already over (any runner recovers it now).
    const after = await held(database);
    expect(after.agentLeases).toBe(0);
    // None dropped: more may have been reserved between the first look and the signal (a slow machine).
    expect(after.writing.length).toBeGreaterThanOrEqual(before.writing.length);
    expect(after.writing.every((claim) => claim.claimUntil < Date.now())).toBe(true);
  }, 90_000);
});
