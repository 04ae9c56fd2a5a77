import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { readyResponseSchema } from '@shared/schemas/health';
import type { SqliteStore } from '../../store/sqlite/sqlite-store';
import { isPostgresStore, type Store } from '../../store/store';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
afterEach(() => t.close());

/**
 * Deletes the newest migration from the database's journal, as if older code had opened it and
 * nothing migrated it since. drizzle keeps the journal apart from the product's tables, and in a
 * schema of its own on PostgreSQL, so no drizzle table names it: plain SQL in each engine's form.
 */
async function forgetNewestMigration(app: TestApp) {
  if (isPostgresStore(app.store)) {
    await app.store.pg.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
  } else {
    app.db.run(sql`DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)`);
  }
}

/** The same in the sandbox store's own journal (its own file, or the `sandbox` schema on PostgreSQL). */
async function forgetNewestSandboxMigration(store: Store) {
  if (isPostgresStore(store)) {
    await store.pg.execute(
      sql`DELETE FROM sandbox.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM sandbox.__drizzle_migrations)`,
    );
  } else {
    (store as SqliteStore).writer.run(
      sql`DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)`,
    );
  }
}

describe('health and readiness', () => {
  it('is ready with its database migrated, and answers 503 from the moment shutdown begins', async () => {
    t = makeTestApp();
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(readyResponseSchema.parse(ready.json)).toEqual({ status: 'ready', role: 'all', database: 'ok', shuttingDown: false });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    t.app.lifecycle.beginShutdown();
    const stopping = await t.call('GET', '/api/ready');
    expect(stopping.status).toBe(503);
    expect(stopping.json).toEqual({ status: 'not_ready', role: 'all', database: 'ok', shuttingDown: true });
    // Liveness is not readiness: the process is alive while it drains.
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('is not ready when the database lacks a migration this code needs, or cannot be read', async () => {
    t = makeTestApp();
    await forgetNewestMigration(t);
    const behind = await t.call('GET', '/api/ready');
    expect(behind.status).toBe(503);
    expect(behind.json).toMatchObject({ status: 'not_ready', database: 'behind' });
    // Its connections gone, the store answers no read.
    await t.store.close();
    expect((await t.call('GET', '/api/ready')).json).toMatchObject({ status: 'not_ready', database: 'unreachable' });
  });

  it("is not ready when the sandbox's own database, which a sandbox-mode process needs, lacks a migration or cannot be read", async () => {
    t = makeTestApp();
    await forgetNewestSandboxMigration(t.sandboxStore);
    expect((await t.call('GET', '/api/ready')).json).toMatchObject({ status: 'not_ready', database: 'behind' });
    await t.sandboxStore.close();
    expect((await t.call('GET', '/api/ready')).json).toMatchObject({ status: 'not_ready', database: 'unreachable' });
  });

  it('ROLE=runner answers health, readiness and its sandbox, and no user-facing route', async () => {
    t = makeTestApp({ ROLE: 'runner' });
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect((await t.call('GET', '/api/ready')).json).toMatchObject({ status: 'ready', role: 'runner' });
    expect(
      (await t.call('POST', '/api/auth/signup', { email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/openapi.json')).json.paths).toHaveProperty('/ready');
    expect((await t.call('GET', '/sandbox/freelancer/api/projects/0.1/projects/active?query=react')).status).toBe(200);
  });
});
