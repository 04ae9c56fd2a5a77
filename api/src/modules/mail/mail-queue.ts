import type { Logger } from '../../kernel/logger';

/**
 * Work that runs after the answer: the request that asks for it returns at once. A reset or resend
 * request therefore takes the same time whether or not the address has an account (the lookup runs
 * in the job). The mail a job causes is queued in the durable outbox (modules/mail/outbox.ts) in the
 * job's transaction, then tried: a mail server that is down only delays it. Jobs run one at a time,
 * in order; a failure is logged and the next job runs. `idle()` resolves once everything queued so
 * far is done (shutdown waits for it; tests look at the mailbox after it).
 */
export class MailQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly log: Logger) {}

  enqueue(name: string, job: () => Promise<unknown>): void {
    this.tail = this.tail
      // After the current request's answer has been handed over.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .then(() => undefined)
      .catch((error: unknown) => this.log.error('work after the answer failed', { job: name, error }));
  }

  idle(): Promise<void> {
    return this.tail;
  }
}
