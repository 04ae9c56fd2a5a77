import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteStore } from '../../../store/sqlite/sqlite-store';
import { isPostgresStore, type Store } from '../../../store/store';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import { listSandboxMail } from './mailbox';

let t: TestApp;
afterEach(() => t.close());

/** The tables of a store's own database: its SQLite file, or on PostgreSQL the schema its sessions name first. */
async function tablesOf(store: Store): Promise<string[]> {
  const rows = isPostgresStore(store)
    ? await store.pg.$client<
        Array<{ name: string }>
      >`select table_name as name from information_schema.tables where table_schema = current_schema()`
    : ((store as SqliteStore).writer.$client.prepare("select name from sqlite_master where type = 'table'").all() as Array<{
        name: string;
      }>);
  return rows.map((row) => row.name);
}

describe('the sandbox mailbox', () => {
  it("keeps a sandbox-mode app's sign-up code in the sandbox store, never in the product's database", async () => {
    t = makeTestApp();
    const { user } = await t.signup('ada@gmail.com');
    const code = await t.lastCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const mails = await listSandboxMail(t.sandboxStore, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(code);
    expect(await tablesOf(t.sandboxStore)).toContain('sandbox_mail');
    // The product's database has no mailbox at all, nor any other table of the sandbox's.
    expect((await tablesOf(t.store)).filter((name) => name.startsWith('sandbox_'))).toEqual([]);
    expect(await tablesOf(t.store)).toContain('users');
  });

  it('is read at /sandbox/mail from the sandbox store', async () => {
    t = makeTestApp();
    await t.signup('ada@gmail.com');
    const res = await t.call('GET', '/sandbox/mail?to=ada@gmail.com', undefined, { accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(
      (await listSandboxMail(t.sandboxStore, 'ada@gmail.com')).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    );
    expect(res.json.data).toHaveLength(1);
  });
});
