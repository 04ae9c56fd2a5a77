import { requestHeader, type AppContext } from './context';

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function resolveClientIp(c: AppContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  // Requests made in-process (tests' app.request) have no socket: they come from this machine.
  return c.env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

export function isLoopbackAddress(ip: string): boolean {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return plain === '::1' || plain.startsWith('127.');
}
