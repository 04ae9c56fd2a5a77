/** How the product tells a user something happened (the runner's notices): the port the notice channels implement. */

export type NoticeKind = 'proposal_sent' | 'draft_waiting' | 'proposal_failed' | 'client_replied';

/**
 * Tells the user (web push, Telegram). The runner calls it inside the store transaction that writes
 * what the notice tells; in production it records the notice there and it is delivered once that
 * commits, exactly once unless a crash interrupts the delivery (`modules/notices/outbox.ts`). An
 * implementation never reaches outside the database from inside the transaction.
 */
export interface NotifierPort {
  notify(userId: string, kind: NoticeKind, payload: { title: string; body: string; url: string; jobItemId?: string }): Promise<unknown>;
}

export const silentNotifier: NotifierPort = { notify: async () => undefined };
