/**
 * Where a signed-out user meant to go (`/subscribe?plan=premium`), carried through sign-in
 * (`/login?next=`), sign-up and email verification. Only a path on this site is ever followed: an
 * open redirect would let a link on another site send users anywhere in our name.
 */
const KEY = 'bidpilot_destination';
const MAX_LENGTH = 2048;
const DEFAULT_DESTINATION = '/dashboard';
/** The account screens themselves: going "back" to one after signing in would loop. */
const ACCOUNT_SCREENS = new Set(['/login', '/register', '/verify-email', '/forgot-password', '/verify-reset-code', '/reset-password']);
const PROBE_ORIGIN = 'https://destination.invalid';

/** The path when it is a same-site path (not `//host`, no scheme, no backslash or control character), else null. */
export function safeDestination(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash (`/\evil.com` is `//evil.com`) and drop tabs and newlines.
  if (value.includes('\\') || /\s/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (ACCOUNT_SCREENS.has(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return value;
}

/** The `next` of a query string, when safe. */
export function destinationFrom(search: string): string | null {
  return safeDestination(new URLSearchParams(search).get('next'));
}

/** An account screen's path carrying the destination (none when it is the default or unsafe). */
export function authPagePath(screen: '/login' | '/register' | '/verify-email', destination: string | null): string {
  const safe = safeDestination(destination);
  return safe && safe !== DEFAULT_DESTINATION ? `${screen}?${new URLSearchParams({ next: safe })}` : screen;
}

/** Where to go once signed in: the destination, else the dashboard. */
export function destinationOrDefault(destination: string | null): string {
  return safeDestination(destination) ?? DEFAULT_DESTINATION;
}

/** Kept in this tab while sign-up, onboarding (which may leave for a marketplace) and verification run. */
export function saveDestination(destination: string | null): void {
  const safe = safeDestination(destination);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the destination still travels in the address
  }
}

export function readDestination(): string | null {
  try {
    return safeDestination(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function clearDestination(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
