import { isIP } from 'node:net';

/**
 * Whether an IP address is loopback, private, shared (carrier-grade NAT), link-local, unique-local,
 * unspecified or IPv4-mapped: never a real push service. Anything that is not an IP address counts
 * as local (refused, not guessed at).
 */
export function isLocalAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^\[|\]$/g, '');
  const version = isIP(ip);
  if (version === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) return ip === '::1' || ip === '::' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || ip.startsWith('::ffff:');
  return true;
}
