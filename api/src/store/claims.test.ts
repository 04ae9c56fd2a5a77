import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type FreshStore } from '../testing/fresh-store';
import { Claims, newClaimToken, type ClaimableName } from './claims';
import { tablesOf } from './schema/index';
import type { Tx } from './sqlite/client';
import type { Store } from './store';

/**
 * The claims primitive, as each of its five users configures it: whoever holds a row's claim alone
 * completes it; a crashed claimant's claim lapses and is taken over with a new token, after which
 * the crashed one's late completion changes nothing; rows no longer to do are never claimed.
 */

const LEASE = 60_000;
const t0 = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

interface Case {
  name: string;
  claims: Claims<ClaimableName>;
  /** Inserts a row to do, unclaimed (or, where a row is born claimed, lapsed at once). */
  insert(tx: Tx, userId: string): Promise<unknown>;
  /** What completing it writes, and the condition of a row that is done (never claimed again). */
  done: Record<string, unknown>;
}

const cases: Case[] = [
  {
    name: 'mail outbox',
    claims: new Claims('mailOutbox', { leaseMs: LEASE, open: (mail) => isNull(mail.sentAt) }) as unknown as Claims<ClaimableName>,
    insert: (tx) => {
      const { mailOutbox } = tablesOf(tx);
      return tx.insert(mailOutbox).values({
        messageId: `<${crypto.randomUUID()}@test>`,
        to: 'a@example.com',
        subject: 's',
        text: 't',
        html: 'h',
        createdAt: t0,
        nextAttemptAt: t0,
      });
    },
    done: { sentAt: t0 },
  },
  {
    name: 'notice outbox',
    claims: new Claims('noticeOutbox', { leaseMs: LEASE }) as unknown as Claims<ClaimableName>,
    insert: (tx, userId) => {
      const { noticeOutbox } = tablesOf(tx);
      return tx.insert(noticeOutbox).values({ userId, kind: 'proposal_sent', payload: { title: 'x' }, createdAt: t0 });
    },
    done: {},
  },
  {
    name: 'billing claims',
    claims: new Claims('billingClaims', { leaseMs: LEASE, expiryRequired: true }) as unknown as Claims<ClaimableName>,
    insert: (tx, userId) => {
      const { billingClaims } = tablesOf(tx);
      return tx.insert(billingClaims).values({
        id: crypto.randomUUID(),
        userId,
        kind: 'follow_ups',
        payload: {},
        claimUntil: new Date(t0.getTime() - 1),
        createdAt: t0,
      });
    },
    done: { doneAt: t0 },
  },
  {
    name: 'payments to give back',
    claims: new Claims('payments', {
      leaseMs: LEASE,
      open: (payments) => eq(payments.status, 'refunding'),
    }) as unknown as Claims<ClaimableName>,
    insert: (tx, userId) => {
      const { payments } = tablesOf(tx);
      return tx.insert(payments).values({
        id: crypto.randomUUID(),
        userId,
        reference: crypto.randomUUID(),
        plan: 'basic',
        currency: 'NGN',
        amount: 100,
        status: 'refunding',
        kind: 'checkout',
        claimUntil: new Date(t0.getTime() - 1),
        createdAt: t0,
        updatedAt: t0,
      });
    },
    done: { status: 'refunded' },
  },
  {
    name: 'job items',
    claims: new Claims('jobItems', { leaseMs: LEASE }) as unknown as Claims<ClaimableName>,
    insert: (tx, userId) => {
      const { jobItems } = tablesOf(tx);
      return tx.insert(jobItems).values({
        id: crypto.randomUUID(),
        userId,
        platform: 'freelancer',
        externalId: crypto.randomUUID(),
        title: 'job',
        status: 'processing',
        createdAt: t0,
        updatedAt: t0,
      });
    },
    done: { status: 'completed' },
  },
];

let dir: string;
let opened: FreshStore[];
let store: Store;
let userId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-claims-'));
  opened = [freshStore(dir)];
  store = opened[0]!.store;
  userId = crypto.randomUUID();
  await store.tx((tx) => {
    const { users } = tablesOf(tx);
    return tx.insert(users).values({
      id: userId,
      email: `${userId}@example.com`,
      passwordHash: 'x',
      platformType: 'freelancer',
      referralCode: userId.slice(0, 8),
      createdAt: t0,
      updatedAt: t0,
    });
  });
});

afterEach(() => {
  for (const one of opened) one.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowsOf = (c: Case) => store.db.select().from(c.claims.tableOn(store.db)) as unknown as Promise<Array<Record<string, unknown>>>;

describe.each(cases)('claims on the $name', (c) => {
  it('gives a free row to one claimant; a second claim takes nothing while it is held', async () => {
    await store.tx((tx) => c.insert(tx, userId));
    const first = await c.claims.claimBatch(store, t0, 10);
    const second = await c.claims.claimBatch(store, later(LEASE - 1), 10);
    expect(first.rows).toHaveLength(1);
    expect(second.rows).toHaveLength(0);
    expect((await rowsOf(c))[0]).toMatchObject({ claimToken: first.token, claimUntil: later(LEASE) });
  });

  it('is completed by its holder only', async () => {
    await store.tx((tx) => c.insert(tx, userId));
    const { token } = await c.claims.claimBatch(store, t0, 10);
    expect(await store.tx((tx) => c.claims.complete(tx, newClaimToken(), c.done))).toBe(false);
    expect((await rowsOf(c))[0]).toMatchObject({ claimToken: token });
    expect(await store.tx((tx) => c.claims.complete(tx, token, c.done))).toBe(true);
    expect((await rowsOf(c))[0]).toMatchObject({ claimToken: null, ...c.done });
  });

  it("is taken over once it lapses, and the crashed claimant's late completion or renewal changes nothing", async () => {
    await store.tx((tx) => c.insert(tx, userId));
    const crashed = await c.claims.claimBatch(store, t0, 10);
    const recovered = await c.claims.claimEach(store, later(LEASE + 1), 10, () => c.claims.lapsed(store.db, later(LEASE + 1)));
    expect(recovered).toHaveLength(1);
    expect(recovered[0]!.token).not.toBe(crashed.token);
    expect(recovered[0]!.row).toMatchObject({ attempts: (crashed.rows[0] as { attempts: number }).attempts + 1 });
    expect(await store.tx((tx) => c.claims.renew(tx, crashed.token, later(10 * LEASE)))).toBe(false);
    expect(await store.tx((tx) => c.claims.complete(tx, crashed.token, c.done))).toBe(false);
    expect((await rowsOf(c))[0]).toMatchObject({ claimToken: recovered[0]!.token, claimUntil: later(2 * LEASE + 1) });
  });

  it('is renewed by its holder, and then does not lapse at the first expiry', async () => {
    await store.tx((tx) => c.insert(tx, userId));
    const { token } = await c.claims.claimBatch(store, t0, 10);
    expect(await store.tx((tx) => c.claims.renew(tx, token, later(3 * LEASE)))).toBe(true);
    expect(await c.claims.claimEach(store, later(2 * LEASE), 10, () => c.claims.lapsed(store.db, later(2 * LEASE)))).toHaveLength(0);
    expect(await c.claims.claimEach(store, later(3 * LEASE + 1), 10, () => c.claims.lapsed(store.db, later(3 * LEASE + 1)))).toHaveLength(
      1,
    );
  });

  it('never gives one row to two processes claiming at once', async () => {
    for (let i = 0; i < 20; i++) await store.tx((tx) => c.insert(tx, userId));
    // On PostgreSQL a second store is a second process on the same database; SQLite has one process, one writer.
    const other = store.dialect === 'postgres' ? freshStore(dir) : undefined;
    if (other) opened.push(other);
    const stores = [store, other?.store ?? store, store];
    const batches = await Promise.all(stores.map((s) => c.claims.claimBatch(s, t0, 7)));
    const ids = batches.flatMap((batch) => batch.rows.map((row) => (row as { id: unknown }).id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(20);
  });
});

describe('rows no longer to do', () => {
  it('a sent mail, a finished billing claim and a job item no longer in progress are never claimed', async () => {
    const sent = new Claims('mailOutbox', { leaseMs: LEASE, open: (mail) => eq(mail.id, -1) });
    await store.tx((tx) => cases[0]!.insert(tx, userId));
    expect((await sent.claimBatch(store, t0, 10)).rows).toHaveLength(0);

    const billing = new Claims('billingClaims', { leaseMs: LEASE, open: (claims) => eq(claims.kind, 'switch'), expiryRequired: true });
    await store.tx((tx) => cases[2]!.insert(tx, userId));
    expect(await billing.claimEach(store, later(LEASE), 10, () => billing.lapsed(store.db, later(LEASE)))).toHaveLength(0);

    const items = new Claims('jobItems', { leaseMs: LEASE, open: (items) => eq(items.status, 'processing') });
    await store.tx(async (tx) => {
      const { jobItems } = tablesOf(tx);
      await cases[4]!.insert(tx, userId);
      await tx.update(jobItems).set({ status: 'draft' });
    });
    expect((await items.claimBatch(store, t0, 10)).rows).toHaveLength(0);

    const refunds = new Claims('payments', { leaseMs: LEASE, open: (payments) => eq(payments.status, 'refunding') });
    await store.tx(async (tx) => {
      const { payments } = tablesOf(tx);
      await cases[3]!.insert(tx, userId);
      await tx.update(payments).set({ status: 'refunded' });
    });
    expect((await refunds.claimBatch(store, later(LEASE), 10)).rows).toHaveLength(0);
  });

  it('a billing claim let go keeps its expiry (the column is required) and is taken again from then', async () => {
    const claims = new Claims('billingClaims', { leaseMs: LEASE, expiryRequired: true });
    await store.tx((tx) => cases[2]!.insert(tx, userId));
    const [taken] = await claims.claimEach(store, t0, 10, () => claims.lapsed(store.db, t0));
    expect(await store.tx((tx) => claims.release(tx, taken!.token, { claimUntil: later(5 * LEASE) }))).toBe(true);
    expect(await claims.claimEach(store, later(4 * LEASE), 10, () => claims.lapsed(store.db, later(4 * LEASE)))).toHaveLength(0);
    expect(await claims.claimEach(store, later(5 * LEASE + 1), 10, () => claims.lapsed(store.db, later(5 * LEASE + 1)))).toHaveLength(1);
  });
});
