import type { Clock } from '../../kernel/clock';
import { Claims, newClaimToken } from '../../store/claims';
import { count, eq, inArray } from 'drizzle-orm';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import type { Logger } from '../../kernel/logger';
import type { NoticeKind, NotifierPort } from './ports';

type NoticePayload = Parameters<NotifierPort['notify']>[2];

/** How long a claimed notice is its claimant's, unless told: a crash's notices go out again after it. */
export const NOTICE_CLAIM_MS = 2 * 60_000;
/**
 * The shortest claim: longer than one delivery can take (its push and its Telegram message go out
 * side by side; the slower, Telegram, takes at most 10 s, a 5 s wait for its rate limit and 10 s
 * again), so a slow delivery is never taken over and sent again while it is under way.
 */
export const NOTICE_CLAIM_FLOOR_MS = 30_000;

/**
 * A notice's claim for a runner whose leases last `leaseMs`: a crashed process's notices go out again
 * once its runner work would be recovered, or after two minutes if that is sooner, and never sooner
 * than NOTICE_CLAIM_FLOOR_MS.
 */
export function noticeClaimMs(leaseMs: number): number {
  return Math.max(NOTICE_CLAIM_FLOOR_MS, Math.min(leaseMs, NOTICE_CLAIM_MS));
}
/** Claims on recorded notices: a delivered one is deleted by its claimant. */
const noticeClaims = (leaseMs: number) => new Claims('noticeOutbox', { leaseMs });

/** Claims at which a notice is given up (it made its claimants fail, or a channel refuse it for a while, this often). */
const MAX_ATTEMPTS = 5;

/**
 * How long a notice waits to be tried again on a channel that failed in a way that may pass (a
 * network failure, a 5xx, a rate limit), after its `attempts`-th claim: 10 s, 30 s, 90 s, 270 s,
 * 810 s; then it is given up, about 20 minutes after it was recorded.
 */
export function noticeRetryMs(attempts: number): number {
  return Math.min(10_000 * 3 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/**
 * A channel's answer to one notice. `retry` when it failed in a way that may pass, so the notice is
 * owed to it still; anything else (sent, turned off, not linked, refused for good) is its last word.
 */
export interface ChannelOutcome {
  retry?: boolean;
  /** The channel asked not to be tried again sooner (Telegram's `retry_after`). */
  retryAfterMs?: number;
  /**
   * With `retry`, the parts of the channel the notice is owed to (a user's push devices whose service
   * failed this way): the others took it and are not sent it again. Absent: the whole channel.
   */
  retryOnly?: string[];
}

/**
 * What is still owed after a try: the channels to try again (`push`, or one part of it,
 * `push:<device>`), and the longest wait one of them asked for.
 */
interface Owed {
  channels: string[];
  afterMs: number;
}

/**
 * The channels a notice goes to, by name (`push`, `telegram`): each never throws, and says when to
 * try again. `only`, when given, names the parts of the channel a notice tried again is owed to.
 */
export type NoticeChannels = Record<
  string,
  { notify: (...args: [...Parameters<NotifierPort['notify']>, only?: string[]]) => Promise<ChannelOutcome | unknown> }
>;

/** The parts of `name` a notice is owed to among `owed` (null: all of it; none: nothing owed). */
function partsOwed(name: string, owed: string[] | null): string[] | null | undefined {
  if (owed === null || owed.includes(name)) return null;
  const parts = owed.filter((entry) => entry.startsWith(`${name}:`)).map((entry) => entry.slice(name.length + 1));
  return parts.length > 0 ? parts : undefined;
}

const asOutcome = (outcome: unknown): ChannelOutcome =>
  typeof outcome === 'object' && outcome !== null ? (outcome as ChannelOutcome) : {};
const BATCH = 50;
/** How long delivered notices wait to be deleted together. */
const FLUSH_MS = 200;

/** A notice recorded with its first claim, handed to delivery once its transaction committed. */
export interface ClaimedNotice {
  userId: string;
  kind: NoticeKind;
  payload: NoticePayload;
  token: string;
}

/**
 * The runner's notifier in production: `notify` records the notice in the store transaction under
 * way (call it inside the transaction that writes what the notice tells), claimed by this process,
 * and hands it to `delivery` once that commits. A transaction that rolls back, or runs again,
 * leaves no notice of its own; a process that stops before delivering leaves the claim to lapse.
 */
export function outboxNotifier(deps: { store: Store; clock: Clock; delivery: Pick<NoticeDelivery, 'deliver' | 'claimMs'> }): NotifierPort {
  return {
    async notify(userId: string, kind: NoticeKind, payload: NoticePayload) {
      const now = deps.clock.now();
      const token = newClaimToken();
      await deps.store.tx((tx) => {
        const { noticeOutbox } = tablesOf(tx);
        return tx
          .insert(noticeOutbox)
          .values({ userId, kind, payload, createdAt: now, ...noticeClaims(deps.delivery.claimMs).opened(token, now), attempts: 1 });
      });
      deps.store.afterCommit(() => deps.delivery.deliver({ userId, kind, payload, token }));
    },
  };
}

export interface NoticeDeliveryDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  /** Push and Telegram: the channels each notice goes to, by name. */
  channels: NoticeChannels;
  /** How long a claim is its claimant's (NOTICE_CLAIM_MS by default). */
  claimMs?: number;
}

/**
 * Delivers the recorded notices. A notice is claimed when it is recorded (token and expiry), so the
 * process that recorded it delivers it as soon as its transaction commits, outside any, and deletes
 * it by its token; the deletions of notices delivered close together share one statement
 * (FLUSH_MS). A process that stops in between leaves the claim to lapse, and `deliverDue` (a chore
 * of every runner tick) claims the lapsed ones, a batch per transaction (on PostgreSQL other
 * processes' claims are skipped, not waited for), and delivers them again: the channels cannot be
 * asked what arrived, and a push copy replaces the first on the device (same Topic and tag). A
 * channel that fails in a way that may pass keeps the notice, owed to it alone, released until its
 * next try (`noticeRetryMs`); the chore claims it then. A notice that keeps its claimants from
 * finishing, or a channel from taking it, is dropped after MAX_ATTEMPTS claims.
 */
export class NoticeDelivery {
  private readonly underWay = new Set<Promise<unknown>>();
  /** Claim tokens of delivered notices, to delete. */
  private delivered: string[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  readonly claimMs: number;
  private readonly claims: Claims<'noticeOutbox'>;

  constructor(private readonly deps: NoticeDeliveryDeps) {
    this.claimMs = deps.claimMs ?? NOTICE_CLAIM_MS;
    this.claims = noticeClaims(this.claimMs);
  }

  /** Delivers a notice this process recorded and claimed (its transaction has committed). */
  deliver(notice: ClaimedNotice): void {
    const work = this.send(notice.userId, notice.kind, notice.payload, null).then((owed) =>
      owed.channels.length === 0 ? this.done([notice.token]) : this.retryLater(notice.token, owed, 1),
    );
    this.underWay.add(work);
    void work.catch((error: unknown) => this.deps.log.error('notice delivery failed', { error })).finally(() => this.underWay.delete(work));
  }

  /** Resolves once the deliveries under way have ended and their notices are deleted (shutdown). */
  async idle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.allSettled([...this.underWay]);
    await this.flush();
  }

  /**
   * Claims and delivers notices whose claim lapsed (or never was, or whose wait to be tried again
   * ended), batch by batch; answers how many went out, were given up, and wait to be tried again.
   */
  async deliverDue(batch = BATCH): Promise<{ delivered: number; dropped: number; retrying: number }> {
    const result = { delivered: 0, dropped: 0, retrying: 0 };
    for (;;) {
      const { token, rows: claimed } = await this.claims.claimBatch(this.deps.store, this.deps.clock.now(), batch);
      if (claimed.length === 0) return result;
      const worn = claimed.filter((notice) => notice.attempts > MAX_ATTEMPTS);
      for (const notice of worn)
        this.deps.log.error('notice given up after repeated claims', {
          noticeId: notice.id,
          userId: notice.userId,
          kind: notice.kind,
          ...(notice.channels ? { channels: notice.channels } : {}),
        });
      const due = claimed.filter((notice) => notice.attempts <= MAX_ATTEMPTS);
      const owed = await Promise.all(
        due.map((notice) => this.send(notice.userId, notice.kind as NoticeKind, notice.payload as NoticePayload, notice.channels)),
      );
      const finished = [
        ...worn.map((notice) => notice.id),
        ...due.filter((_, i) => owed[i]!.channels.length === 0).map((notice) => notice.id),
      ];
      const again = due.flatMap((notice, i) => (owed[i]!.channels.length > 0 ? [{ notice, owed: owed[i]! }] : []));
      const now = this.deps.clock.now();
      await this.deps.store.tx(async (tx) => {
        if (finished.length > 0) await this.claims.remove(tx, [token], (table) => inArray(table.id, finished));
        for (const { notice, owed: left } of again)
          await this.claims.release(tx, token, this.retryColumns(now, left, notice.attempts), (table) => eq(table.id, notice.id));
      });
      result.delivered += due.length - again.length;
      result.dropped += worn.length;
      result.retrying += again.length;
      if (claimed.length < batch) return result;
    }
  }

  /**
   * Sends a notice on the named channels (every one when null), side by side: answers those that
   * failed in a way that may pass (a channel that throws is one of them), and the longest wait one
   * of them asked for.
   */
  private async send(userId: string, kind: NoticeKind, payload: NoticePayload, only: string[] | null): Promise<Owed> {
    const targets = Object.keys(this.deps.channels).flatMap((name) => {
      const parts = partsOwed(name, only);
      return parts === undefined ? [] : [{ name, parts }];
    });
    const outcomes = await Promise.allSettled(
      targets.map(async ({ name, parts }) =>
        parts === null
          ? this.deps.channels[name]!.notify(userId, kind, payload)
          : this.deps.channels[name]!.notify(userId, kind, payload, parts),
      ),
    );
    const owed: Owed = { channels: [], afterMs: 0 };
    targets.forEach(({ name, parts }, i) => {
      const outcome = outcomes[i]!;
      // Still owed to the parts that failed, or to those it was owed to (a part never grows into the whole channel).
      const owedTo = (failed: string[] | null) => (failed === null ? [name] : failed.map((part) => `${name}:${part}`));
      if (outcome.status === 'rejected') {
        this.deps.log.error('notice channel failed', { channel: name, userId, kind, error: outcome.reason });
        owed.channels.push(...owedTo(parts));
        return;
      }
      const { retry, retryAfterMs, retryOnly } = asOutcome(outcome.value);
      if (retry !== true) return;
      owed.channels.push(...owedTo(retryOnly && retryOnly.length > 0 ? retryOnly : parts));
      owed.afterMs = Math.max(owed.afterMs, retryAfterMs ?? 0);
    });
    return owed;
  }

  /** The columns of a notice kept for its next try: after its wait, or the channel's own if longer (at most an hour). */
  private retryColumns(now: Date, owed: Owed, attempts: number) {
    const waitMs = Math.max(noticeRetryMs(attempts), Math.min(owed.afterMs, 60 * 60_000));
    return { channels: owed.channels, claimUntil: new Date(now.getTime() + waitMs) };
  }

  /** Keeps a notice this process recorded, owed to some channels alone, until its next try. */
  private async retryLater(token: string, owed: Owed, attempts: number): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.store.tx((tx) => this.claims.release(tx, token, this.retryColumns(now, owed, attempts)));
  }

  private done(tokens: string[]): void {
    this.delivered.push(...tokens);
    this.flushTimer ??= setTimeout(
      () => void this.flush().catch((error: unknown) => this.deps.log.error('delivered notices not deleted', { error })),
      FLUSH_MS,
    );
    this.flushTimer.unref?.();
  }

  /** Deletes the delivered notices noted so far, one statement at a time. */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing.then(async () => {
      const tokens = this.delivered;
      this.delivered = [];
      if (tokens.length > 0) await this.remove(tokens);
    });
    return this.flushing;
  }

  /** Deletes the notices still claimed by these tokens (a lapsed claim taken over is another's to delete). */
  private async remove(tokens: string[]): Promise<void> {
    await this.deps.store.tx((tx) => this.claims.remove(tx, tokens));
  }
}

/** Notices waiting to be delivered (a delivered one is deleted): the outbox's depth. */
export async function noticesWaiting(store: Store): Promise<number> {
  const { noticeOutbox } = tablesOf(store.db);
  const row = await first(store.db.select({ n: count() }).from(noticeOutbox));
  return row?.n ?? 0;
}
