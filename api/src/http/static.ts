import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

const NOT_SPA = /^\/(api|sandbox)(\/|$)/;
/**
 * A path that names a file rather than a screen: an extension on its last segment, or any segment
 * starting with a dot (`/.env`, `/.git/config`). Such a path that is not a built file answers 404,
 * never the app shell: a probe for secrets must not see a page that looks like a hit.
 */
const FILE_LIKE = /(^|\/)\.[^/]*|\.[^/.]+$/;

/**
 * Serves the built PWA: hashed assets cached for a year, the shell and service worker always
 * revalidated, and index.html for every client route (history fallback).
 */
export function mountPwa(app: Hono<AppEnv>, pwaDir: string): boolean {
  const indexFile = path.join(pwaDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), pwaDir) || '.';

  app.use('*', async (c, next) => {
    if (NOT_SPA.test(c.req.path)) return next();
    await next();
    if (c.res.status !== 200) return;
    const immutable = c.req.path.startsWith('/assets/');
    c.res.headers.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: false,
    }),
  );
  app.get('*', async (c, next) => {
    if (NOT_SPA.test(c.req.path) || FILE_LIKE.test(c.req.path)) return next();
    const html = await fs.promises.readFile(indexFile, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
