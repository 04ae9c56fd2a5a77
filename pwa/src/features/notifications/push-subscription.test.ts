import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-subscription';

describe('base64UrlToBytes', () => {
  it('decodes unpadded base64url into the bytes of a VAPID key', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    bytes[0] = 4;
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).not.toContain('=');
    expect([...base64UrlToBytes(encoded)]).toEqual([...bytes]);
  });
});
