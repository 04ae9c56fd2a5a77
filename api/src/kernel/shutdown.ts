import type { Server } from 'node:http';

/**
 * Stops taking connections, lets in-flight requests finish (up to `timeoutMs`), then runs `close`
 * (the database). Idle keep-alive sockets are closed at once so they do not hold the process.
 */
export function gracefulShutdown(server: Server, close: () => void, timeoutMs = 10_000): Promise<'drained' | 'timeout'> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (how: 'drained' | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(idleSweep);
      close();
      resolve(how);
    };
    const timer = setTimeout(() => {
      server.closeAllConnections();
      finish('timeout');
    }, timeoutMs);
    // Keep-alive sockets that become idle after their last response are closed too.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => finish('drained'));
    server.closeIdleConnections();
  });
}

/**
 * One grace for all the steps of a shutdown, taken in turn (the runner, the requests, the deliveries):
 * each step may wait only what the steps before it left, so the whole stop stays within the grace.
 */
export function sharedGrace(graceMs: number, now: () => number = () => performance.now()) {
  const end = now() + graceMs;
  const left = () => Math.max(0, end - now());
  return {
    left,
    /** What `work` answers, or `'timeout'` once the grace is spent. */
    within<T>(work: Promise<T>): Promise<T | 'timeout'> {
      let timer: NodeJS.Timeout | undefined;
      const spent = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left())));
      return Promise.race([work, spent]).finally(() => clearTimeout(timer));
    },
  };
}
