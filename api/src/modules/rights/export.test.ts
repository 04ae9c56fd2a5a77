import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { twoUsers } from '../../testing/contract/two-users';
import { googleCallback, googleRoundTrip, linkCookieOf } from '../../testing/google';
import { exportedTableCounts, exportOf, mailTo } from '../../testing/rights';

const users = await twoUsers();
afterAll(() => users.close());

describe('Download my data', () => {
  it('holds every record of the user, in one JSON file per kind, and nothing of anyone else', async () => {
    const t = users.open();
    const { a, b } = users;
    try {
      // What the fixture lacks: a support ticket, a friend Alice referred, Google linked to her account.
      const support = await t.call(
        'POST',
        '/api/support/requests',
        { topic: 'account', message: 'Please tell me about my data.' },
        t.auth(a.token),
      );
      expect(support.status).toBe(201);
      const carol = await t.signup('carol.referred@gmail.com', 'Sturdy-Pass1', { referralCode: a.referralCode });
      const trip = await googleCallback(t, await googleRoundTrip(t, { email: a.email }));
      const linked = await t.call('POST', '/api/auth/google/link', { password: a.password }, { cookie: linkCookieOf(trip.headers)! });
      expect(linked.status).toBe(200);

      const { files, text } = await exportOf(t, a.token);

      // Every table the plan exports: its file holds exactly the user's rows.
      for (const { table, file, rows } of await exportedTableCounts(t, a.userId)) {
        if (table === 'users') {
          expect(JSON.parse(files.get(file)!.toString()), file).toMatchObject({ id: a.userId, email: a.email });
          continue;
        }
        if (rows === 0 && !files.has(file)) continue;
        expect(JSON.parse(files.get(file)!.toString()), `${file} (${table})`).toHaveLength(rows);
      }
      // The fixture gave Alice rows of these, so the files above were not empty checks.
      for (const file of [
        'proposals.json',
        'agents.json',
        'activity.json',
        'billing/payments.json',
        'billing/subscription.json',
        'marketplace-connections.json',
        'notices/push-devices.json',
        'notices/telegram.json',
        'notices/settings.json',
        'resume/resume.json',
        'support-requests.json',
        'google-sign-in.json',
        'sign-ins.json',
      ]) {
        const parsed = JSON.parse(files.get(file)!.toString()) as unknown;
        expect(Array.isArray(parsed) ? parsed.length : 1, file).toBeGreaterThan(0);
      }
      expect(files.get('resume/resume.txt')!.toString()).toContain(a.markers.find((m) => m.startsWith('Resume'))!);
      const friends = JSON.parse(files.get('referrals/friends.json')!.toString());
      expect(friends.friends).toHaveLength(1);
      expect(text).not.toContain(carol.user.id);
      expect(text).not.toContain('carol.referred');
      // Everything of Alice's the fixture made, and nothing of Bob's.
      for (const marker of a.markers) expect(text, marker).toContain(marker);
      for (const marker of [...b.markers, ...b.identities]) expect(text, marker).not.toContain(marker);
      expect(files.get('README.txt')!.toString()).toContain('Argon2id');
    } finally {
      t.close();
    }
  });

  it('never holds a secret: passwords, tokens, sealed credentials and push keys are named, not exported', async () => {
    const t = users.open();
    const { a } = users;
    try {
      const { files, text } = await exportOf(t, a.token);
      const { marketplaceAccounts, pushSubscriptions, sessions, subscriptions, users: usersTable } = tablesOf(t.db);
      const [me] = await t.db.select().from(usersTable).where(eq(usersTable.id, a.userId));
      const secrets = [
        me!.passwordHash,
        a.password,
        a.token,
        'Upwork-Pass1',
        ...(await t.db.select().from(marketplaceAccounts).where(eq(marketplaceAccounts.userId, a.userId))).map((row) => row.secret),
        ...(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.userId))).flatMap((row) => [
          row.endpoint,
          row.p256dh,
          row.auth,
        ]),
        ...(await t.db.select().from(sessions).where(eq(sessions.userId, a.userId))).map((row) => row.tokenHash),
        ...(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, a.userId))).flatMap((row) =>
          row.providerEmailToken ? [row.providerEmailToken] : [],
        ),
      ];
      expect(secrets.length).toBeGreaterThan(8);
      for (const secret of secrets) expect(text.includes(secret), `a secret of ${secret.length} characters`).toBe(false);
      const connections = JSON.parse(files.get('marketplace-connections.json')!.toString()) as Array<Record<string, unknown>>;
      expect(connections.map((row) => row.secret)).toEqual(connections.map(() => '(withheld: see README.txt)'));
    } finally {
      t.close();
    }
  });

  it('is mailed and shown while it lasts; another user cannot download it; it expires', async () => {
    const t = users.open();
    const { a, b } = users;
    try {
      const { id } = await exportOf(t, a.token);
      const mail = await mailTo(t, a.email, /ready to download/);
      expect(mail?.text).toContain('/settings#your-data');
      expect((await t.app.request(`/api/account/export/${id}/download`, { headers: t.auth(b.token) })).status).toBe(404);
      expect((await t.call('GET', '/api/account/export', undefined, t.auth(b.token))).json.data).toBeNull();

      t.clock.advance(8 * 24 * 60 * 60 * 1000);
      expect((await t.call('GET', '/api/account/export', undefined, t.auth(a.token))).json.data.status).toBe('expired');
      expect((await t.app.request(`/api/account/export/${id}/download`, { headers: t.auth(a.token) })).status).toBe(404);
      await t.app.rights.exports.resume();
      const { dataExports } = tablesOf(t.db);
      const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(row).toMatchObject({ status: 'expired', archive: null });
    } finally {
      t.close();
    }
  });

  it('is finished by the chore when the process building it stopped', async () => {
    const t = users.open();
    const { a } = users;
    try {
      const { dataExports } = tablesOf(t.db);
      const now = t.clock.now();
      // A build claimed by a process that died: its claim lapsed a minute ago.
      await t.db.insert(dataExports).values({
        id: '6f1f8d0e-6a43-4d55-9a3f-2a4a7c1d9e01',
        userId: a.userId,
        status: 'building',
        progress: 40,
        createdAt: now,
        claimToken: 'dead-process',
        claimUntil: new Date(now.getTime() - 60_000),
        attempts: 1,
      });
      expect(await t.app.rights.exports.resume()).toBe(1);
      const latest = await t.call('GET', '/api/account/export', undefined, t.auth(a.token));
      expect(latest.json.data).toMatchObject({ id: '6f1f8d0e-6a43-4d55-9a3f-2a4a7c1d9e01', status: 'ready', progress: 100 });
    } finally {
      t.close();
    }
  });
});
