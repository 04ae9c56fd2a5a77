/**
 * Where the session token is kept in the page: local storage `auth_token` and the cookie
 * `auth_token` (30 days, path /, SameSite=Lax, Secure on https). The IndexedDB mirror that the
 * service worker reads lives in `db/session.ts` and is loaded lazily.
 */
export const TOKEN_KEY = 'auth_token';
export const TOKEN_COOKIE_DAYS = 30;

/** A token worth using: not empty, not the text "undefined" or "null". */
export function isUsableToken(value: string | null | undefined): value is string {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed !== 'undefined' && trimmed !== 'null';
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The `document.cookie` assignment that saves (or, with `maxAgeSeconds` 0, deletes) the token. */
export function tokenCookie(value: string, options: { secure: boolean; maxAgeSeconds?: number }): string {
  const maxAge = options.maxAgeSeconds ?? TOKEN_COOKIE_DAYS * 24 * 60 * 60;
  const parts = [`${TOKEN_KEY}=${encodeURIComponent(value)}`, `Max-Age=${maxAge}`, 'Path=/', 'SameSite=Lax'];
  if (maxAge > 0) parts.splice(2, 0, `Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  else parts.splice(2, 0, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The page storage the token lives in; injected so the auth store can be tested without a DOM. */
export interface TokenStorage {
  /** The saved token from local storage, else the cookie; raw (may be unusable). */
  read(): string | null;
  save(token: string): void;
  clear(): void;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isSecurePage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

export const browserTokenStorage: TokenStorage = {
  read() {
    const fromStorage = safeLocalStorage()?.getItem(TOKEN_KEY) ?? null;
    if (isUsableToken(fromStorage)) return fromStorage;
    const fromCookie = typeof document === 'undefined' ? null : readCookie(document.cookie, TOKEN_KEY);
    return fromCookie ?? fromStorage;
  },
  save(token) {
    safeLocalStorage()?.setItem(TOKEN_KEY, token);
    if (typeof document !== 'undefined') document.cookie = tokenCookie(token, { secure: isSecurePage() });
  },
  clear() {
    safeLocalStorage()?.removeItem(TOKEN_KEY);
    if (typeof document !== 'undefined') document.cookie = tokenCookie('', { secure: isSecurePage(), maxAgeSeconds: 0 });
  },
};

/** The usable saved token, for the API client's bearer header. */
export function readSavedToken(): string | null {
  const token = browserTokenStorage.read();
  return isUsableToken(token) ? token : null;
}
