import type { AgentPlatform } from '@shared/schemas/agent';

/** Whether the user's Upwork account is connected, as far as the page knows. */
export type UpworkCheck = 'checking' | 'connected' | 'missing' | 'unknown';

/**
 * Session-storage keys of the OAuth round trip (part 1, section 4): before the browser leaves for
 * the marketplace the app keeps `{provider}_redirect_url` (the current path) and
 * `{provider}_automation_id`. The server names the provider `Upwork` or `Freelancer` on the way
 * back; the keys are lower case either way.
 */
export function oauthRedirectKey(provider: string): string {
  return `${provider.trim().toLowerCase()}_redirect_url`;
}

export function oauthAutomationKey(provider: string): string {
  return `${provider.trim().toLowerCase()}_automation_id`;
}

/** The OAuth start endpoint of a marketplace. */
export function oauthStartPath(platform: AgentPlatform): string {
  return platform === 'upwork' ? '/jobs/upwork-oauth' : '/jobs/freelancer-oauth';
}

export function connectionStatusPath(platform: AgentPlatform, userId: string): string {
  return `/jobs/${platform === 'upwork' ? 'upwork' : 'freelancer'}-status/${encodeURIComponent(userId)}`;
}

/** A saved return path, when it is a same-site path (never another site: `//host` or a URL). */
export function safeReturnPath(saved: string | null | undefined): string | undefined {
  if (!saved || !saved.startsWith('/') || saved.startsWith('//') || saved.startsWith('/\\')) return undefined;
  return saved;
}

/** Only http(s) addresses are followed when the server answers where to go. */
export function isNavigableUrl(url: unknown, base: string): url is string {
  if (typeof url !== 'string' || !url) return false;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
