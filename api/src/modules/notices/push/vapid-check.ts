import crypto from 'node:crypto';

/** A VAPID key as web-push takes it: URL-safe base64 without padding. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a VAPID subject and key pair the way web-push would on the first notice, and that the
 * public key is the private key's (which web-push never checks: a mismatched pair signs tokens every
 * push service refuses). Native P-256 arithmetic, so a start-up pays well under a millisecond for it.
 */
export function checkVapidDetails(vapid: { subject: string; publicKey: string; privateKey: string }): void {
  let subject: URL;
  try {
    subject = new URL(vapid.subject);
  } catch {
    throw new Error(`The VAPID subject is not a URL: ${vapid.subject}`);
  }
  if (subject.protocol !== 'https:' && subject.protocol !== 'mailto:')
    throw new Error(`The VAPID subject must be an https: URL or a mailto: address: ${vapid.subject}`);
  if (!BASE64URL.test(vapid.publicKey) || Buffer.from(vapid.publicKey, 'base64url').length !== 65) {
    throw new Error('The VAPID public key must be 65 bytes in URL-safe base64 without padding');
  }
  if (!BASE64URL.test(vapid.privateKey) || Buffer.from(vapid.privateKey, 'base64url').length !== 32) {
    throw new Error('The VAPID private key must be 32 bytes in URL-safe base64 without padding');
  }
  const ecdh = crypto.createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(vapid.privateKey, 'base64url'));
  } catch {
    throw new Error('The VAPID private key is not a P-256 key');
  }
  if (!ecdh.getPublicKey().equals(Buffer.from(vapid.publicKey, 'base64url')))
    throw new Error('The VAPID public key is not the private key’s');
}
