export class GateBusy extends Error {
  override name = 'GateBusy';
}

/**
 * Runs async jobs one at a time, in the order they came, with at most `maxWaiting` waiting: a job
 * beyond that is refused at once (GateBusy) rather than piling up (each waiting job holds its input).
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly maxWaiting: number) {}

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting + 1) return Promise.reject(new GateBusy('busy: try again in a moment'));
    this.waiting++;
    const result = this.tail.then(job);
    this.tail = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return result;
  }
}
