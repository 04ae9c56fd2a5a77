import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { clientKey } from './client-ip';

let t: TestApp | undefined;
afterEach(() => t?.close());

const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

describe('the client address', () => {
  it('behind one proxy takes the hop the proxy saw, so a client cannot pick its own address', async () => {
    t = makeTestApp({ TRUST_PROXY: '1' });
    // The client wrote a Nigerian address first; the proxy appended the one it really saw (Google's).
    const geo = await t.app.request('/api/geo', { headers: { 'x-forwarded-for': '41.58.0.1, 8.8.8.8' } }, from('10.0.0.2'));
    expect((await geo.json()).country_code).toBe('US');
    // TRUST_PROXY=true is one proxy.
    t.close();
    t = makeTestApp({ TRUST_PROXY: 'true' });
    const same = await t.app.request('/api/geo', { headers: { 'x-forwarded-for': '41.58.0.1, 8.8.8.8' } }, from('10.0.0.2'));
    expect((await same.json()).country_code).toBe('US');
  });

  it('with TRUST_PROXY=2 takes the second hop from the right, and without a proxy the socket', async () => {
    t = makeTestApp({ TRUST_PROXY: '2' });
    const geo = await t.app.request('/api/geo', { headers: { 'x-forwarded-for': '127.0.0.1, 41.58.0.1, 10.0.0.1' } }, from('10.0.0.2'));
    expect((await geo.json()).country_code).toBe('NG');
    t.close();
    t = makeTestApp();
    const ignored = await t.app.request('/api/geo', { headers: { 'x-forwarded-for': '41.58.0.1' } }, from('10.0.0.2'));
    expect((await ignored.json()).country_code).toBeNull();
  });

  it('the sandbox answers by the socket address only: a forwarded 127.0.0.1 does not open it', async () => {
    t = makeTestApp({ TRUST_PROXY: '1' });
    for (const xff of ['127.0.0.1', '127.0.0.1, 127.0.0.1', '::1']) {
      const res = await t.app.request('/sandbox/mail?to=ada@gmail.com', { headers: { 'x-forwarded-for': xff } }, from('203.0.113.9'));
      expect(res.status, xff).toBe(403);
    }
    // Through a proxy on this machine, a request that came from elsewhere is not this machine either.
    const proxied = await t.app.request(
      '/sandbox/mail?to=ada@gmail.com',
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      from('127.0.0.1'),
    );
    expect(proxied.status).toBe(403);
    const local = await t.app.request('/sandbox/mail?to=ada@gmail.com', {}, from('127.0.0.1'));
    expect(local.status).toBe(200);
  });
});

describe('the key a client is counted under', () => {
  it('is an IPv4 address as it is, and an IPv6 address by its /64, however it is written', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(clientKey('2001:0db8:85a3:0001:0:0:0:1')).toBe('2001:db8:85a3:1::/64');
    expect(clientKey('2001:db8:85a3:1::ffff')).toBe('2001:db8:85a3:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:85a3:2::1')).not.toBe(clientKey('2001:db8:85a3:1::1'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
