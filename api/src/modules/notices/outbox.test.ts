import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../kernel/clock';
import type { Db } from '../../store/sqlite/client';
import { testDialect } from '../../testing/test-dialect';
import { tablesOf } from '../../store/schema/index';
import type { Store } from '../../store/store';
import { createLogger } from '../../kernel/logger';
import type { NoticeKind, NotifierPort } from '../runner/ports';
import { freshStore, type FreshStore } from '../../testing/fresh-store';
import { NOTICE_CLAIM_FLOOR_MS, NOTICE_CLAIM_MS, NoticeDelivery, noticeClaimMs, noticeRetryMs, outboxNotifier } from './outbox';

const log = createLogger('silent');
let clock: ReturnType<typeof manualClock>;
let dir: string;
let opened: FreshStore[];
let store: Store;
let db: Db;

/** Channels that note every notice they are given; `hold` keeps each delivery from ending. */
function channels(options: { hold?: boolean } = {}) {
  const delivered: Array<{ userId: string; kind: NoticeKind; title: string }> = [];
  const port: NotifierPort = {
    notify: (userId, kind, payload) => {
      delivered.push({ userId, kind, title: payload.title });
      return options.hold ? new Promise(() => undefined) : Promise.resolve();
    },
  };
  return { port, delivered };
}

const pending = async () => {
  const { noticeOutbox } = tablesOf(db);
  return (await db.select().from(noticeOutbox)).length;
};
const notice = (title: string) => ({ title, body: 'body', url: '/dashboard', jobItemId: title });

beforeEach(async () => {
  clock = manualClock(new Date('2026-11-23T10:00:00Z'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-notices-'));
  opened = [freshStore(dir)];
  ({ store, db } = opened[0]!);
  const { users } = tablesOf(db);
  await db.insert(users).values({
    id: 'ada',
    email: 'ada@gmail.com',
    passwordHash: 'x',
    platformType: 'upwork',
    referralCode: 'ada',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
});
afterEach(() => {
  for (const each of opened) each.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the notice outbox', () => {
  it('delivers a notice once its transaction commits, once, and never one whose transaction rolled back', async () => {
    const { port, delivered } = channels();
    const delivery = new NoticeDelivery({ store, clock, log, channels: { test: port } });
    const notifier = outboxNotifier({ store, clock, delivery });

    await expect(
      store.tx(async () => {
        await notifier.notify('ada', 'draft_waiting', notice('rolled back'));
        throw new Error('the draft was not saved');
      }),
    ).rejects.toThrow('the draft was not saved');
    await store.tx(async () => {
      await notifier.notify('ada', 'draft_waiting', notice('saved'));
      // Nothing goes out before the commit.
      expect(delivered).toEqual([]);
    });
    await delivery.idle();
    expect(delivered).toEqual([{ userId: 'ada', kind: 'draft_waiting', title: 'saved' }]);
    expect(await pending()).toBe(0);
    // A later pass (the runner's chore) finds nothing more to deliver.
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 0 });
    expect(delivered).toHaveLength(1);
  });

  it('gives each notice whose claim lapsed to one of two deliveries running at once', async () => {
    // On PostgreSQL a second process's store; SQLite's stores in one process would wait on each
    // other's file lock while holding the event loop, so there both run on the one store.
    const second = testDialect() === 'postgres' ? freshStore(dir) : opened[0]!;
    if (second !== opened[0]) opened.push(second);
    // Recorded by a process that stopped before delivering any.
    const notifier = outboxNotifier({ store, clock, delivery: { deliver: () => undefined, claimMs: NOTICE_CLAIM_MS } });
    for (let i = 0; i < 60; i += 1) await notifier.notify('ada', 'proposal_sent', notice(`job ${i}`));
    const a = channels();
    const b = channels();
    const early = await new NoticeDelivery({ store, clock, log, channels: { test: a.port } }).deliverDue(10);
    // Still the recording process's while its claim lasts.
    expect(early).toEqual({ delivered: 0, dropped: 0, retrying: 0 });
    clock.advance(2 * 60_000 + 1);
    const results = await Promise.all([
      new NoticeDelivery({ store, clock, log, channels: { test: a.port } }).deliverDue(10),
      new NoticeDelivery({ store: second.store, clock, log, channels: { test: b.port } }).deliverDue(10),
    ]);
    const titles = [...a.delivered, ...b.delivered].map((n) => n.title).sort();
    expect(titles).toEqual(Array.from({ length: 60 }, (_, i) => `job ${i}`).sort());
    expect(results[0]!.delivered + results[1]!.delivered).toBe(60);
    expect(await pending()).toBe(0);
  });

  it('delivers again, from another process, a notice whose claimant stopped before it finished; the stopped one deletes nothing after', async () => {
    const stuck = channels({ hold: true });
    const stuckDelivery = new NoticeDelivery({ store, clock, log, channels: { test: stuck.port } });
    const notifier = outboxNotifier({ store, clock, delivery: stuckDelivery });
    await store.tx(() => notifier.notify('ada', 'client_replied', notice('replied')));
    await expect.poll(() => stuck.delivered.length).toBe(1);

    const other = channels();
    const otherDelivery = new NoticeDelivery({ store, clock, log, channels: { test: other.port } });
    // Claimed: not delivered twice while the claim holds.
    expect(await otherDelivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 0 });
    clock.advance(2 * 60_000 + 1);
    expect(await otherDelivery.deliverDue()).toEqual({ delivered: 1, dropped: 0, retrying: 0 });
    expect(other.delivered.map((n) => n.title)).toEqual(['replied']);
    expect(await pending()).toBe(0);
  });

  it('drops a notice whose claimants kept stopping, after five claims', async () => {
    const stuck = channels({ hold: true });
    const notifier = outboxNotifier({ store, clock, delivery: new NoticeDelivery({ store, clock, log, channels: { test: stuck.port } }) });
    await notifier.notify('ada', 'proposal_failed', notice('poison'));
    await expect.poll(() => stuck.delivered.length).toBe(1);
    for (let claim = 2; claim <= 5; claim += 1) {
      clock.advance(2 * 60_000 + 1);
      void new NoticeDelivery({ store, clock, log, channels: { test: stuck.port } }).deliverDue();
      await expect.poll(() => stuck.delivered.length).toBe(claim);
    }
    clock.advance(2 * 60_000 + 1);
    const last = channels();
    expect(await new NoticeDelivery({ store, clock, log, channels: { test: last.port } }).deliverDue()).toEqual({
      delivered: 0,
      dropped: 1,
      retrying: 0,
    });
    expect(last.delivered).toEqual([]);
    expect(await pending()).toBe(0);
  });
});

/** A channel that fails the first `failures` tries in a way that may pass (or throws), then takes every notice. */
function flaky(failures: number, options: { throws?: boolean } = {}) {
  const tries: string[] = [];
  const taken: string[] = [];
  const port = {
    notify: async (_userId: string, _kind: NoticeKind, payload: { title: string }) => {
      tries.push(payload.title);
      if (tries.length <= failures) {
        if (options.throws) throw new Error('the channel broke');
        return { sent: false, retry: true };
      }
      taken.push(payload.title);
      return { sent: true };
    },
  };
  return { port, tries, taken };
}

describe('a channel that fails for a while', () => {
  it('gets the notice again, alone, after a wait; the channel that took it is not sent a copy', async () => {
    const push = channels();
    const telegram = flaky(1);
    const delivery = new NoticeDelivery({ store, clock, log, channels: { push: push.port, telegram: telegram.port } });
    const notifier = outboxNotifier({ store, clock, delivery });
    await store.tx(() => notifier.notify('ada', 'draft_waiting', notice('Logo for a bakery')));
    await delivery.idle();
    expect(push.delivered.map((n) => n.title)).toEqual(['Logo for a bakery']);
    expect(telegram.taken).toEqual([]);
    // Kept for Telegram, and not tried again before its wait ends.
    expect(await pending()).toBe(1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 0 });
    clock.advance(noticeRetryMs(1) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 1, dropped: 0, retrying: 0 });
    expect(telegram.taken).toEqual(['Logo for a bakery']);
    expect(push.delivered).toHaveLength(1);
    expect(await pending()).toBe(0);
  });

  it("waits as long as the channel asked (Telegram's retry_after), when that is longer", async () => {
    const tries: string[] = [];
    const telegram = {
      notify: async (_userId: string, _kind: NoticeKind, payload: { title: string }) => {
        tries.push(payload.title);
        return tries.length === 1 ? { sent: false, retry: true, retryAfterMs: 120_000 } : { sent: true };
      },
    };
    const delivery = new NoticeDelivery({ store, clock, log, channels: { telegram } });
    const notifier = outboxNotifier({ store, clock, delivery });
    await store.tx(() => notifier.notify('ada', 'client_replied', notice('Reply on the brochure')));
    await delivery.idle();
    clock.advance(noticeRetryMs(1) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 0 });
    clock.advance(120_000 - noticeRetryMs(1));
    expect(await delivery.deliverDue()).toEqual({ delivered: 1, dropped: 0, retrying: 0 });
    expect(tries).toHaveLength(2);
  });

  it('is owed only to the part of a channel that failed (one of two devices): the device that took it gets no copy', async () => {
    const tries: Array<string[] | undefined> = [];
    const push = {
      notify: async (_userId: string, _kind: NoticeKind, _payload: { title: string }, only?: string[]) => {
        tries.push(only);
        if (tries.length === 1) return { sent: 1, failed: 1, retry: true, retryOnly: ['tablet'] };
        // The push service could not be read: owed still to the tablet alone, not to every device.
        if (tries.length === 2) return { sent: 0, skipped: 'error', retry: true };
        return { sent: only?.length ?? 2 };
      },
    };
    const telegram = channels();
    const delivery = new NoticeDelivery({ store, clock, log, channels: { push, telegram: telegram.port } });
    const notifier = outboxNotifier({ store, clock, delivery });
    await store.tx(() => notifier.notify('ada', 'draft_waiting', notice('Menu redesign')));
    await delivery.idle();
    clock.advance(noticeRetryMs(1) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 1 });
    clock.advance(noticeRetryMs(2) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 1, dropped: 0, retrying: 0 });
    expect(tries).toEqual([undefined, ['tablet'], ['tablet']]);
    expect(telegram.delivered).toHaveLength(1);
    expect(await pending()).toBe(0);
  });

  it('is tried from the chore too, and a channel that throws neither stops the other nor loses the notice', async () => {
    // Recorded by a process that stopped before delivering it.
    const notifier = outboxNotifier({ store, clock, delivery: { deliver: () => undefined, claimMs: NOTICE_CLAIM_MS } });
    await notifier.notify('ada', 'proposal_sent', notice('Landing page'));
    clock.advance(NOTICE_CLAIM_MS + 1);
    const push = flaky(1, { throws: true });
    const telegram = channels();
    const delivery = new NoticeDelivery({ store, clock, log, channels: { push: push.port, telegram: telegram.port } });
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 1 });
    expect(telegram.delivered.map((n) => n.title)).toEqual(['Landing page']);
    // Its second claim: the wait after it is the second one.
    clock.advance(noticeRetryMs(2) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 1, dropped: 0, retrying: 0 });
    expect(push.taken).toEqual(['Landing page']);
    expect(telegram.delivered).toHaveLength(1);
    expect(await pending()).toBe(0);
  });

  it('gives the notice up after five tries, about twenty minutes after it was recorded', async () => {
    const telegram = flaky(Number.POSITIVE_INFINITY);
    const delivery = new NoticeDelivery({ store, clock, log, channels: { telegram: telegram.port } });
    const notifier = outboxNotifier({ store, clock, delivery });
    await store.tx(() => notifier.notify('ada', 'proposal_failed', notice('Bookkeeping')));
    await delivery.idle();
    let waited = 0;
    for (let attempt = 1; attempt < 5; attempt += 1) {
      waited += noticeRetryMs(attempt) + 1;
      clock.advance(noticeRetryMs(attempt) + 1);
      expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 0, retrying: 1 });
    }
    waited += noticeRetryMs(5) + 1;
    clock.advance(noticeRetryMs(5) + 1);
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, dropped: 1, retrying: 0 });
    expect(telegram.tries).toHaveLength(5);
    expect(waited).toBeGreaterThan(15 * 60_000);
    expect(waited).toBeLessThan(25 * 60_000);
    expect(await pending()).toBe(0);
  });
});

describe("a notice's claim", () => {
  it('follows a short runner lease, but never lapses under a delivery that may still be under way, nor lasts over two minutes', () => {
    expect(noticeClaimMs(5_000)).toBe(NOTICE_CLAIM_FLOOR_MS);
    expect(noticeClaimMs(45_000)).toBe(45_000);
    expect(noticeClaimMs(600_000)).toBe(NOTICE_CLAIM_MS);
    // The channels go out side by side; the slowest is Telegram timing out, waiting out a 429 of up
    // to 5 s and timing out again: 25 s, inside the floor.
    expect(NOTICE_CLAIM_FLOOR_MS).toBeGreaterThan(10_000 + 5_000 + 10_000);
  });
});
