import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from './postgres';
import { createLogger } from '../../kernel/logger';
import { postgresBinDir, startPostgres, type PostgresServer } from '../../testing/postgres-server';
import { notifyWakeups } from './notify-wakeups';
import type { WakeTopic } from '../wakeups';

const available = postgresBinDir() !== null || process.env.CI === 'true';
if (!available) console.warn('notify-wakeups.test.ts skipped: PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN)');

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe.skipIf(!available)('wake-ups between processes on PostgreSQL', () => {
  let server: PostgresServer;
  const pools: PgDb[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => closePostgres(pool)));
    await server?.stop();
  });

  it("reach another process's listeners through NOTIFY, and this process's own at once, each once", async () => {
    const url = await server.createDatabase('wakeups');
    // Two processes: two pools, two Wakeups, as server.ts builds them.
    const [apiDb, runnerDb] = await Promise.all([openPostgres(url, { max: 2 }), openPostgres(url, { max: 2 })]);
    pools.push(apiDb, runnerDb);
    const log = createLogger('silent');
    const api = notifyWakeups(apiDb, log);
    const runner = notifyWakeups(runnerDb, log);
    const heardByRunner: WakeTopic[] = [];
    const heardByApi: WakeTopic[] = [];
    const stopRunner = runner.listen((topic) => heardByRunner.push(topic));
    const stopApi = api.listen((topic) => heardByApi.push(topic));
    await Promise.all([runner.listening(), api.listening()]);

    api.signal('agents');
    api.signal('sends');
    await until(() => heardByRunner.length >= 2);
    expect(heardByRunner.sort()).toEqual(['agents', 'sends']);
    // The sender's own listeners hear it once (locally), not a second time through the database.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByApi.sort()).toEqual(['agents', 'sends']);

    // A process that stopped listening hears nothing more.
    stopRunner();
    await new Promise((resolve) => setTimeout(resolve, 100));
    api.signal('agents');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByRunner).toHaveLength(2);
    stopApi();
    api.close();
    runner.close();
  });
});
