import crypto from 'node:crypto';

/** Paystack's webhook signature: lower-case hex HMAC-SHA512 of the raw body, keyed with the secret key. */
export function signPaystackBody(secretKey: string, rawBody: string | Uint8Array): string {
  return crypto.createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Checks `x-paystack-signature` against the raw bytes received, in constant time. */
export function verifyPaystackSignature(secretKey: string, rawBody: string | Uint8Array, signature: string | undefined | null): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signPaystackBody(secretKey, rawBody), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
