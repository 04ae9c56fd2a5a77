import crypto from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { keyedHash, safeEqual } from '../tokens';
import type { AppContext } from './context';

/**
 * Binds a round trip (a marketplace's OAuth consent, a Telegram login) to the browser that started
 * it: at the start the server sets a random nonce in an HttpOnly cookie and keeps only its keyed
 * hash with the flow's state; at the end the cookie must be there and match. A state minted in one
 * browser and opened in another (a link an attacker sends) finds no matching cookie and is refused.
 * The cookie is scoped to the path of the request that ends the flow and lives as long as the state.
 */
export interface BrowserBinding {
  /** Sets a fresh nonce cookie on the answer; answers the hash to keep with the state. */
  bind(c: AppContext): string;
  /** Whether the request's cookie is the one whose hash is `expected`. */
  matches(c: AppContext, expected: string | null | undefined): boolean;
  /** Removes the cookie (the flow ended). */
  clear(c: AppContext): void;
}

export interface BrowserBindingOptions {
  /** The cookie's name. */
  name: string;
  /** The only path the browser sends it to: the end of the flow. */
  path: string;
  /**
   * `Lax` when the flow ends with a top-level navigation from another site (an OAuth redirect),
   * `Strict` when it ends with a same-site request.
   */
  sameSite: 'Lax' | 'Strict';
  maxAgeSeconds: number;
  /** The server's secret pepper: only the nonce's keyed hash is stored. */
  pepper: string;
  /** Whether the request was served over HTTPS (the cookie is then `Secure`). */
  secure: (c: AppContext) => boolean;
}

export function browserBinding(options: BrowserBindingOptions): BrowserBinding {
  const cookie = (c: AppContext) => ({
    path: options.path,
    httpOnly: true,
    sameSite: options.sameSite,
    secure: options.secure(c),
  });
  const hash = (nonce: string) => keyedHash(options.pepper, 'browser-binding', options.name, nonce);
  return {
    bind(c) {
      const nonce = crypto.randomBytes(24).toString('base64url');
      setCookie(c, options.name, nonce, { ...cookie(c), maxAge: options.maxAgeSeconds });
      return hash(nonce);
    },
    matches(c, expected) {
      const nonce = getCookie(c, options.name);
      if (!nonce || !expected || nonce.length > 100) return false;
      return safeEqual(hash(nonce), expected);
    },
    clear(c) {
      deleteCookie(c, options.name, cookie(c));
    },
  };
}
