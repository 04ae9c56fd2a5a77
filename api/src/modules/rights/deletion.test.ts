import fs from 'node:fs';
import path from 'node:path';
import { eq, getTableName, type Table } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tablesFor, tablesOf } from '../../store/schema/index';
import { changedTables, everyRow, userDigest } from '../../testing/contract/db-digest';
import { twoUsers } from '../../testing/contract/two-users';
import { googleCallback, googleRoundTrip } from '../../testing/google';
import { mailTo, sandboxSubscription } from '../../testing/rights';
import { testDialect } from '../../testing/test-dialect';
import type { TestApp } from '../../testing/harness';
import { USER_DATA } from './user-data';

const users = await twoUsers();
afterAll(() => users.close());

const DAY = 24 * 60 * 60 * 1000;

async function subscriptionCode(t: TestApp, userId: string): Promise<string> {
  const { subscriptions } = tablesOf(t.db);
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(sub?.providerSubscriptionCode).toBeTruthy();
  return sub!.providerSubscriptionCode!;
}

/** The token of the "keep my account" link in the mail the deletion sent. */
async function keepToken(t: TestApp, email: string): Promise<string> {
  const mail = await mailTo(t, email, /will be deleted/);
  const token = mail?.text.match(/\/account\/keep\?token=([A-Za-z0-9_-]{43})/)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('Delete my account', () => {
  it('is refused without the password, and a refusal changes nothing of the account', async () => {
    const t = users.open();
    const { a } = users;
    try {
      const before = await userDigest(t.store, a.userId);
      const noProof = await t.call('POST', '/api/account/deletion', {}, t.auth(a.token));
      expect(noProof.status).toBe(400);
      const wrong = await t.call('POST', '/api/account/deletion', { password: 'Not-Her-Pass1' }, t.auth(a.token));
      expect(wrong.status).toBe(400);
      expect(wrong.json.code).toBe('wrong_password');
      const anonymous = await t.call('POST', '/api/account/deletion', { password: a.password });
      expect(anonymous.status).toBe(401);
      expect(changedTables(before, await userDigest(t.store, a.userId))).toEqual([]);
      expect((await t.call('GET', '/api/auth/user', undefined, t.auth(a.token))).status).toBe(200);
    } finally {
      t.close();
    }
  });

  it('signs out and freezes at once, cancels the Paystack subscription, and the mailed link keeps the account', async () => {
    const t = users.open();
    const { a } = users;
    try {
      const code = await subscriptionCode(t, a.userId);
      expect((await sandboxSubscription(t, code))?.status).toBe('active');
      const asked = await t.call('POST', '/api/account/deletion', { password: a.password }, t.auth(a.token));
      expect(asked.status).toBe(202);
      expect(new Date(asked.json.data.purgeAfter).getTime() - t.clock.now().getTime()).toBe(7 * DAY);
      expect(asked.headers.get('set-cookie')).toMatch(/auth_token=;/);
      await t.app.rights.deletions.idle();

      expect((await t.call('GET', '/api/auth/user', undefined, t.auth(a.token))).status).toBe(401);
      const signin = await t.call('POST', '/api/auth/signin', { email: a.email, password: a.password });
      expect(signin.status).toBe(403);
      expect(signin.json.code).toBe('account_deleting');
      const { agents } = tablesOf(t.db);
      expect((await t.db.select().from(agents).where(eq(agents.userId, a.userId))).map((row) => row.status)).toEqual(['paused']);
      expect((await sandboxSubscription(t, code))?.status).not.toBe('active');

      const token = await keepToken(t, a.email);
      expect(
        (await t.call('POST', '/api/account/deletion/cancel', { token: token.replace(/.$/, token.endsWith('A') ? 'B' : 'A') })).status,
      ).toBe(404);
      const kept = await t.call('POST', '/api/account/deletion/cancel', { token });
      expect(kept.status).toBe(200);
      expect((await t.call('POST', '/api/auth/signin', { email: a.email, password: a.password })).status).toBe(200);
      expect((await t.db.select().from(agents).where(eq(agents.userId, a.userId))).map((row) => row.status)).toEqual(['active']);
      // Kept: the grace period passing erases nothing.
      t.clock.advance(8 * DAY);
      expect(await t.app.rights.deletions.resume()).toBe(0);
      expect((await t.call('POST', '/api/auth/signin', { email: a.email, password: a.password })).status).toBe(200);
      expect(await mailTo(t, a.email, /is kept/)).toBeDefined();
    } finally {
      t.close();
    }
  });

  it('after the grace period erases every row of the user in every table, and leaves the other users as they were', async () => {
    const t = users.open();
    const { a, b } = users;
    try {
      const { users: usersTable } = tablesOf(t.db);
      // Alice was referred by Bob (her payment counts for him), and referred Carol herself.
      await t.db.update(usersTable).set({ referredBy: b.userId }).where(eq(usersTable.id, a.userId));
      const carol = await t.signup('carol.friend@gmail.com', 'Sturdy-Pass1', { referralCode: a.referralCode });
      expect(
        (await t.call('POST', '/api/support/requests', { topic: 'account', message: 'Please delete everything.' }, t.auth(a.token))).status,
      ).toBe(201);
      await mailTo(t, a.email, /./);
      const bobReferrals = (await t.call('GET', '/api/user/referrals', undefined, t.auth(b.token))).json;
      expect(bobReferrals.paidCount).toBe(1);
      const bobBefore = await userDigest(t.store, b.userId);
      const carolBefore = await userDigest(t.store, carol.user.id);
      const code = await subscriptionCode(t, a.userId);

      expect((await t.call('POST', '/api/account/deletion', { password: a.password }, t.auth(a.token))).status).toBe(202);
      await t.app.rights.deletions.idle();
      // Not before the grace period is over.
      t.clock.advance(7 * DAY - 60_000);
      expect(await t.app.rights.deletions.resume()).toBe(0);
      expect(await t.db.select().from(usersTable).where(eq(usersTable.id, a.userId))).toHaveLength(1);
      t.clock.advance(2 * 60_000);
      expect(await t.app.rights.deletions.resume()).toBe(1);

      // Every table the database has (its catalog, so a table the code forgot counts too): no row names her.
      const rows = await everyRow(t.store);
      expect([...rows.keys()].sort()).toEqual(
        Object.values(tablesFor(t.store.dialect))
          .map((table) => getTableName(table as Table))
          .sort(),
      );
      const traces = [...rows].filter(([, list]) => {
        const text = JSON.stringify(list).toLowerCase();
        return text.includes(a.userId.toLowerCase()) || text.includes(a.email.toLowerCase());
      });
      expect(traces.map(([table]) => table)).toEqual([]);
      for (const marker of a.markers) expect(JSON.stringify([...rows.values()]), marker).not.toContain(marker);

      // Her payment is kept for the books, without her.
      const { anonymisedPayments } = tablesOf(t.db);
      expect(await t.db.select().from(anonymisedPayments)).toEqual([
        expect.objectContaining({ reference: a.reference, plan: 'pro', status: 'success' }),
      ]);
      // Paystack will not charge her again.
      expect((await sandboxSubscription(t, code))?.status).not.toBe('active');
      // Bob: every row as it was, and he keeps the count of the friend who left.
      expect(changedTables(bobBefore, await userDigest(t.store, b.userId))).toEqual([]);
      const after = (await t.call('GET', '/api/user/referrals', undefined, t.auth(b.token))).json;
      expect(after.paidCount).toBe(1);
      expect(after.referrals).toEqual([]);
      // Carol keeps everything but the link to the deleted referrer.
      const carolAfter = await userDigest(t.store, carol.user.id);
      expect(changedTables(carolBefore, carolAfter)).toEqual(['users']);
      const [carolRow] = await t.db.select().from(usersTable).where(eq(usersTable.id, carol.user.id));
      expect(carolRow).toMatchObject({ referredBy: null, email: 'carol.friend@gmail.com' });

      if (testDialect() === 'sqlite') {
        // From outside: the database files hold no trace of her address.
        await t.store.forget?.();
        for (const file of fs.readdirSync(t.dataDir).filter((name) => name.startsWith('test.sqlite'))) {
          expect(fs.readFileSync(path.join(t.dataDir, file)).includes(Buffer.from(a.email)), file).toBe(false);
        }
      }

      expect(await mailTo(t, a.email, /has been deleted/)).toBeDefined();
      expect((await t.call('POST', '/api/auth/signin', { email: a.email, password: a.password })).status).toBe(401);
    } finally {
      t.close();
    }
  });

  it('is finished by the chore when Paystack could not be told at first (a crash or an outage mid-deletion)', async () => {
    let paystackDown = true;
    const t = users.open({
      wrapPaystackFetch: (forward) => async (input, init) => {
        if (paystackDown && String(input).includes('/subscription/disable')) throw new TypeError('fetch failed');
        return forward(input, init);
      },
    });
    const { a } = users;
    try {
      const code = await subscriptionCode(t, a.userId);
      expect((await t.call('POST', '/api/account/deletion', { password: a.password }, t.auth(a.token))).status).toBe(202);
      await t.app.rights.deletions.idle();
      const { accountDeletions } = tablesOf(t.db);
      const [pending] = await t.db.select().from(accountDeletions);
      expect(pending).toMatchObject({ userId: a.userId, providerClosedAt: null });
      expect(pending!.lastError).toBeTruthy();
      expect((await sandboxSubscription(t, code))?.status).toBe('active');

      paystackDown = false;
      t.clock.advance(10 * 60_000);
      expect(await t.app.rights.deletions.resume()).toBe(0);
      const [told] = await t.db.select().from(accountDeletions);
      expect(told!.providerClosedAt).not.toBeNull();
      expect((await sandboxSubscription(t, code))?.status).not.toBe('active');
      // Still frozen, and still cancellable.
      expect((await t.call('POST', '/api/auth/signin', { email: a.email, password: a.password })).status).toBe(403);
    } finally {
      t.close();
    }
  });

  it('confirms with a mailed code for an account without a password (made through Google)', async () => {
    const t = users.open();
    try {
      const made = await googleCallback(t, await googleRoundTrip(t, { email: 'no.password@gmail.com', name: 'No Password' }));
      const token = made.json.data.token as string;
      expect((await t.call('POST', '/api/account/deletion', { password: 'Guess-Pass1' }, t.auth(token))).json.code).toBe('wrong_password');
      expect((await t.call('POST', '/api/account/deletion/code', undefined, t.auth(token))).status).toBe(200);
      const code = await t.lastCode('no.password@gmail.com');
      expect((await t.call('POST', '/api/account/deletion', { code }, t.auth(token))).status).toBe(202);
    } finally {
      t.close();
    }
  });

  it('knows what to do with every table of the schema', () => {
    const names = Object.keys(tablesFor('sqlite')).sort();
    expect(Object.keys(USER_DATA).sort()).toEqual(names);
  });
});
