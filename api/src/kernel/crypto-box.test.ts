import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoBox } from './crypto-box';

const key = () => crypto.randomBytes(32).toString('hex');

describe('CryptoBox', () => {
  it('round-trips, with a fresh IV each time and no plaintext in the output', () => {
    const box = new CryptoBox(key());
    const a = box.seal('hunter2-password', 'user-1:upwork');
    const b = box.seal('hunter2-password', 'user-1:upwork');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(a.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.open(a, 'user-1:upwork')).toBe('hunter2-password');
    expect(box.openJson(box.sealJson({ token: 't' }, 'x'), 'x')).toEqual({ token: 't' });
  });

  it('refuses a ciphertext moved to another record, or tampered with', () => {
    const box = new CryptoBox(key());
    const sealed = box.seal('secret', 'user-1:upwork');
    expect(() => box.open(sealed, 'user-2:upwork')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'user-1:upwork')).toThrow();
  });

  it('reads secrets sealed under a previous key after rotation', () => {
    const old = key();
    const sealed = new CryptoBox(old).seal('secret', 'aad');
    const rotated = new CryptoBox(key(), [old]);
    expect(rotated.open(sealed, 'aad')).toBe('secret');
    expect(() => new CryptoBox(key()).open(sealed, 'aad')).toThrow(/unknown format or key/);
  });
});
