import crypto from 'node:crypto';

/**
 * Authenticated encryption for secrets at rest (marketplace credentials and OAuth tokens):
 * AES-256-GCM, a random 96-bit IV per message, the owner's ids as additional data so a ciphertext
 * cannot be moved to another record, and the key id stored beside the ciphertext so keys can rotate.
 * Format: `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts).
 */
export class CryptoBox {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKeyHex: string, previousKeysHex: readonly string[] = []) {
    const current = Buffer.from(currentKeyHex, 'hex');
    if (current.length !== 32) throw new Error('The encryption key must be 32 bytes (64 hex characters)');
    this.keyId = CryptoBox.idOf(current);
    for (const key of [current, ...previousKeysHex.map((hex) => Buffer.from(hex, 'hex'))]) this.keys.set(CryptoBox.idOf(key), key);
  }

  static idOf(key: Buffer): string {
    return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  seal(plaintext: string, aad: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return ['v1', this.keyId, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, aad: string): string {
    const [version, keyId, ivText, bodyText] = sealed.split('.');
    const key = keyId ? this.keys.get(keyId) : undefined;
    if (version !== 'v1' || !key || !ivText || !bodyText) throw new Error('Unreadable secret (unknown format or key)');
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  }

  sealJson(value: unknown, aad: string): string {
    return this.seal(JSON.stringify(value), aad);
  }

  openJson<T>(sealed: string, aad: string): T {
    return JSON.parse(this.open(sealed, aad)) as T;
  }
}
