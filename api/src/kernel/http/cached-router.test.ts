import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { CachedRouter } from './cached-router';

/** An app with routes the RegExpRouter refuses together (as the product's agents routes are). */
function app(router: CachedRouter<never> | TrieRouter<never>) {
  const hono = new Hono({ router: router as never });
  hono.use('*', async (c, next) => {
    await next();
    c.header('x-seen', 'yes');
  });
  hono.get('/api/health', (c) => c.json({ status: 'ok' }));
  hono.get('/api/automations/:userId', (c) => c.json({ list: c.req.param('userId') }));
  hono.get('/api/automations/detail/:id', (c) => c.json({ detail: c.req.param('id') }));
  hono.get('*', (c) => c.text(`page ${c.req.path}`));
  return hono;
}

describe('CachedRouter', () => {
  it("answers as Hono's own router does, a path's parameters read afresh on every request", async () => {
    const cached = app(new CachedRouter());
    const plain = app(new TrieRouter());
    for (const path of [
      '/api/health',
      '/api/automations/u1',
      '/api/automations/u2',
      '/api/automations/detail/a1',
      '/pricing',
      '/api/health',
    ]) {
      const [a, b] = await Promise.all([cached.request(path), plain.request(path)]);
      expect(a.status, path).toBe(b.status);
      expect(a.headers.get('x-seen'), path).toBe('yes');
      expect(await a.text(), path).toBe(await b.text());
    }
  });

  it('remembers only answers without parameters, and starts again when full', () => {
    const inner = new TrieRouter<string>();
    let asked = 0;
    const counting = { name: 'counting', add: inner.add.bind(inner), match: (m: string, p: string) => (asked++, inner.match(m, p)) };
    const router = new CachedRouter<string>(counting, 2);
    router.add('GET', '/a', 'a');
    router.add('GET', '/b', 'b');
    router.add('GET', '/item/:id', 'item');
    router.match('GET', '/a');
    router.match('GET', '/a');
    expect(asked).toBe(1);
    expect(router.match('GET', '/item/1')[0]).toEqual([['item', { id: '1' }]]);
    expect(router.match('GET', '/item/2')[0]).toEqual([['item', { id: '2' }]]);
    expect(asked).toBe(3);
    router.match('GET', '/b'); // the second remembered
    router.match('GET', '/c'); // full: forgets both, remembers this one
    router.match('GET', '/a');
    expect(asked).toBe(6);
  });
});
