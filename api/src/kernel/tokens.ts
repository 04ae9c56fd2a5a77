import crypto from 'node:crypto';

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The keyed hash under which a token or a code is stored; the pepper never leaves the server. */
export function keyedHash(pepper: string, ...parts: string[]): string {
  return crypto.createHmac('sha256', pepper).update(parts.join('\u0000')).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** A uniformly random six-digit code. */
export function newSixDigitCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short, unambiguous referral code (no 0/O or 1/I). */
export function newReferralCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += REFERRAL_ALPHABET[crypto.randomInt(0, REFERRAL_ALPHABET.length)];
  return out;
}
