import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './fake-push-service';

describe('the fake push service’s certificate', () => {
  it('is always one TLS accepts (a serial with a leading zero byte was refused once in 128 draws)', () => {
    for (let i = 0; i < 300; i++) {
      const tls = selfSignedCertificate();
      expect(() => https.createServer(tls).close()).not.toThrow();
    }
  });
});
