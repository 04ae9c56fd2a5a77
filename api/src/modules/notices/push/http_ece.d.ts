/** `http_ece` (a dependency of web-push) has no types; the tests decrypt with it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
    key?: string | Buffer;
    keyid?: string;
    salt?: string | Buffer;
    rs?: number;
  }
  export function decrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: string) => ECDH): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: string) => ECDH): Buffer;
}
