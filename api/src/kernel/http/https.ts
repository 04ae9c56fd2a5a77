import { requestHeader, type AppContext } from './context';

/**
 * Whether the browser reached us over HTTPS: PUBLIC_URL is https, the request itself is, or one of
 * our own proxies (TRUST_PROXY) says it terminated TLS (`X-Forwarded-Proto: https`, the header the
 * proxy nearest to us writes last).
 */
export function servedOverHttps(c: AppContext, config: { publicUrl: string; proxyCount: number }): boolean {
  if (config.publicUrl.startsWith('https:')) return true;
  if (c.req.url.startsWith('https:')) return true;
  if (config.proxyCount <= 0) return false;
  const proto = requestHeader(c, 'x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
  return proto === 'https';
}
