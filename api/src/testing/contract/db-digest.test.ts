import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { makeTestApp, type TestApp } from '../harness';
import { appDigest, changedTables, databaseDigest, userDigest } from './db-digest';

/*
 * The fingerprints the fuzzer and the authorization matrix rely on ('a refused request changes
 * nothing') must see a change, on each engine: a digest that read no table would let every check pass.
 */

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

describe('database fingerprints', () => {
  it('see a changed column, a new row and a deleted one, in the table they happened in', async () => {
    const { agents, users } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const before = await databaseDigest(t.store);
    expect(before.get('users')).toBeDefined();
    expect(changedTables(before, await databaseDigest(t.store))).toEqual([]);

    await t.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, ada.user.id));
    const renamed = await databaseDigest(t.store);
    expect(changedTables(before, renamed)).toEqual(['users']);

    const created = await t.call('POST', '/api/automations', { title: 'Logo design', platform: 'freelancer' }, t.auth(ada.token));
    expect(created.status).toBe(201);
    const withAgent = await databaseDigest(t.store);
    expect(changedTables(renamed, withAgent)).toEqual(expect.arrayContaining(['agents', 'change_log']));

    await t.db.delete(agents).where(eq(agents.id, created.json.id as string));
    expect(changedTables(withAgent, await databaseDigest(t.store))).toEqual(['agents']);
  });

  it('leave out an excluded column or table', async () => {
    const { users } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const exclusions = [
      { table: 'users', column: 'first_name', reason: 'this test' },
      { table: 'change_log', reason: 'this test' },
    ];
    const before = await databaseDigest(t.store, exclusions);
    expect(before.has('change_log')).toBe(false);
    await t.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, ada.user.id));
    expect(changedTables(before, await databaseDigest(t.store, exclusions))).toEqual([]);
    await t.db.update(users).set({ lastName: 'Lovelace' }).where(eq(users.id, ada.user.id));
    expect(changedTables(before, await databaseDigest(t.store, exclusions))).toEqual(['users']);
  });

  it("for one user, change with that user's rows only", async () => {
    const { users } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const bob = await t.signup('bob@gmail.com');
    const adaBefore = await userDigest(t.store, ada.user.id);
    const bobBefore = await userDigest(t.store, bob.user.id);

    await t.db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, bob.user.id));
    expect(await t.call('POST', '/api/automations', { title: 'Bob only', platform: 'upwork' }, t.auth(bob.token))).toMatchObject({
      status: 201,
    });

    expect(changedTables(adaBefore, await userDigest(t.store, ada.user.id))).toEqual([]);
    expect(changedTables(bobBefore, await userDigest(t.store, bob.user.id))).toEqual(expect.arrayContaining(['users', 'agents']));
  });

  it("of a test app, see the sandbox store's tables too, apart from the product's: a sign-up's mailed code changes the sandbox's mailbox", async () => {
    const before = await appDigest(t);
    expect(before.has('sandbox:sandbox_mail')).toBe(true);
    expect(before.has('sandbox_mail')).toBe(false);
    await t.signup('ada@gmail.com');
    expect(changedTables(before, await appDigest(t))).toEqual(expect.arrayContaining(['users', 'sandbox:sandbox_mail']));
  });
});
