import crypto from 'node:crypto';
import type { PgDb } from './postgres';
import type { Logger } from '../../kernel/logger';
import { localWakeups, type WakeTopic, type Wakeups } from '../wakeups';

/** The channel every process on the database listens on. */
const CHANNEL = 'bidpilot_wakeups';
const TOPICS: readonly WakeTopic[] = ['agents', 'sends'];

/**
 * Wake-ups across processes on PostgreSQL: a signal is a NOTIFY on one channel (delivered to every
 * listening session once the sender's statement commits; it runs outside any transaction here,
 * since signals are given after commit), and this process's own listeners are told at once. A
 * process with listeners LISTENs on a connection of its own; postgres.js reconnects it and listens
 * again after a network failure. A lost notice costs a tick's delay, never work: listeners look at
 * the database for what is due.
 */
export function notifyWakeups(pg: PgDb, log: Logger): Wakeups & { listening(): Promise<void> } {
  const source = crypto.randomUUID();
  const local = localWakeups();
  let listening = 0;
  let subscription: Promise<{ unlisten(): Promise<void> } | undefined> | undefined;

  const onNotice = (payload: string) => {
    const [from, topic] = payload.split(':');
    if (from === source || !TOPICS.includes(topic as WakeTopic)) return;
    local.signal(topic as WakeTopic);
  };
  const stopListening = () => {
    const stopping = subscription;
    subscription = undefined;
    void stopping?.then((s) => s?.unlisten()).catch((error: unknown) => log.warn('could not stop listening for wake-ups', { error }));
  };

  return {
    signal(topic) {
      pg.$client.notify(CHANNEL, `${source}:${topic}`).catch((error: unknown) => {
        // The change itself is committed; the other processes find it at their next tick.
        log.warn('could not send a wake-up', { topic, error });
      });
      local.signal(topic);
    },
    listen(listener) {
      const stop = local.listen(listener);
      listening++;
      subscription ??= pg.$client.listen(CHANNEL, onNotice).catch((error: unknown) => {
        log.warn('could not listen for wake-ups; the runner keeps its schedule', { error });
        return undefined;
      });
      return () => {
        stop();
        if (--listening === 0) stopListening();
      };
    },
    /** Resolves once LISTEN is in place (at once when nothing listens). */
    async listening() {
      await subscription;
    },
    close() {
      stopListening();
      local.close();
    },
  };
}
