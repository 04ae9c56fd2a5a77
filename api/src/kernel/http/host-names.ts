/*
 * Which Host headers name this server, apart from the guard (host-guard.ts) so that the liveness
 * check's early answer (early-liveness.ts) can ask it without loading the framework.
 */

/** The host name of a Host header value: lower case, without the port or IPv6 brackets. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  const colon = value.indexOf(':');
  return colon >= 0 ? value.slice(0, colon) : value;
}

/** Names that always mean this machine (RFC 6761 `.localhost` included). */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Whether a Host header names this server: PUBLIC_URL's host or ALLOWED_HOSTS (`allowed`), or a loopback name. */
export function hostAllowed(allowed: readonly string[]): (host: string) => boolean {
  const names = new Set(allowed.map(hostName));
  return (host) => {
    const name = hostName(host);
    return names.has(name) || isLoopbackName(name);
  };
}
