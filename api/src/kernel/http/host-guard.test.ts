import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** A request as Node hands it over: the Host header the browser sent. */
const withHost = (host: string) => ({ incoming: { socket: { remoteAddress: '127.0.0.1' }, headers: { host } } });

describe('the Host header (DNS rebinding)', () => {
  it("refuses a name that is neither PUBLIC_URL's host nor a loopback name, before anything is read", async () => {
    t = makeTestApp({ PUBLIC_URL: 'http://localhost:8787' });
    await t.signup('ada@gmail.com');
    // A page on rebind.attacker.example, its name re-pointed at 127.0.0.1, reads the sandbox mailbox.
    for (const host of ['rebind.attacker.example', 'rebind.attacker.example:8787', '0x7f.1', 'localhost.attacker.example']) {
      const mail = await t.app.request('http://localhost/sandbox/mail?to=ada@gmail.com', { headers: { host } }, withHost(host));
      expect(mail.status, host).toBe(421);
      const text = await mail.text();
      expect(text, host).not.toContain('ada@gmail.com');
      expect((await t.app.request('http://localhost/api/health', { headers: { host } }, withHost(host))).status, host).toBe(421);
    }
  });

  it("accepts PUBLIC_URL's host, loopback names on any port, and ALLOWED_HOSTS", async () => {
    t = makeTestApp({ PUBLIC_URL: 'https://app.bidpilot.example', SANDBOX_PUBLIC: 'true', ALLOWED_HOSTS: 'bidpilot.internal' });
    for (const host of [
      'app.bidpilot.example',
      'APP.bidpilot.example:443',
      'localhost:5173',
      '127.0.0.1:8787',
      '[::1]:8787',
      'dev.localhost',
      'bidpilot.internal:8080',
    ]) {
      expect((await t.app.request('http://localhost/api/health', { headers: { host } }, withHost(host))).status, host).toBe(200);
    }
    expect((await t.app.request('http://localhost/api/health', {}, withHost('evil.example'))).status).toBe(421);
  });
});
