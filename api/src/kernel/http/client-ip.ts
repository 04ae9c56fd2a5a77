import net from 'node:net';
import { requestHeader, type AppContext } from './context';

/** The address of the machine at the other end of the connection (in-process test requests: this machine). */
export function socketAddress(c: AppContext): string {
  // Requests made in-process (tests' app.request) have no socket: they come from this machine.
  return c.env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

/**
 * The client's address. With no proxy in front (`proxyCount` 0) it is the socket's. Behind
 * `proxyCount` proxies that each append the address they saw to `X-Forwarded-For`, it is the
 * right-most hop none of our proxies wrote: the proxy nearest to us is the socket, the hop it
 * appended is the one before it, and so on. Anything further left was written by the client and is
 * not believed. A chain shorter than expected, or a hop that is not an address, gives the socket.
 */
export function clientAddress(socket: string, forwardedFor: string | undefined, proxyCount: number): string {
  if (proxyCount <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const hop = hops[hops.length - proxyCount];
  if (!hop) return socket;
  // "[::1]:1234" and "1.2.3.4:5678" forms some proxies write.
  const bare = hop.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  return net.isIP(bare) ? bare : socket;
}

export function resolveClientIp(c: AppContext, proxyCount: number): string {
  return clientAddress(socketAddress(c), requestHeader(c, 'x-forwarded-for'), proxyCount);
}

export function isLoopbackAddress(ip: string): boolean {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return plain === '::1' || plain.startsWith('127.');
}

/**
 * Whether a request really comes from this machine: its socket is loopback (never a forwarded
 * address, which the client can write) and no proxy forwarded it (a proxy on this machine relays
 * requests from anywhere).
 */
export function fromThisMachine(c: AppContext): boolean {
  return isLoopbackAddress(socketAddress(c)) && !requestHeader(c, 'x-forwarded-for') && !requestHeader(c, 'forwarded');
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted); undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  if (net.isIPv6(ip) === false) return undefined;
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The key a client address is counted under by rate limits and guess counters: an IPv4 address as
 * it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address by its /64, the network one
 * subscriber is usually given whole (counting each of its 2^64 addresses apart would count nothing).
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
