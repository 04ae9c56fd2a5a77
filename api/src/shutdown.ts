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
