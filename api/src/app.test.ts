import crypto from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('system routes', () => {
  it('GET /api/health answers status, sandbox and version', async () => {
    t = makeTestApp();
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', sandbox: true, version: '0.0.0-test' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    t = makeTestApp();
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    for (const route of ['/auth/signup', '/auth/signin', '/auth/verify-email', '/auth/reset-password', '/users/{id}', '/health']) {
      expect(res.json.paths).toHaveProperty([route]);
    }
    const signup = res.json.paths['/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['email', 'password', 'platformType']));
    expect(res.json.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    t = makeTestApp();
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'not_found' });
  });

  it('sets security headers, and a content security policy on pages', async () => {
    t = makeTestApp();
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const page = await t.app.request('/sandbox/mail', { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only when the product is served over HTTPS', async () => {
    t = makeTestApp();
    expect((await t.call('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
    // Over plain http, a proxy's word counts only when TRUST_PROXY says there is one.
    expect(
      (await t.call('GET', '/api/health', undefined, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toBeNull();
    t.close();
    t = makeTestApp({ TRUST_PROXY: '1' });
    expect((await t.call('GET', '/api/health', undefined, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(
      'max-age=15552000; includeSubDomains',
    );
    t.close();
    t = makeTestApp({ PUBLIC_URL: 'https://localhost:8443' });
    expect((await t.call('GET', '/api/health')).headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
  });

  it('declares in the OpenAPI document the errors the platform answers on its own', async () => {
    t = makeTestApp();
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    for (const [route, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(operations)) {
        const statuses = Object.keys(op.responses);
        const name = `${method.toUpperCase()} ${route}`;
        const content = Object.keys(op.requestBody?.content ?? {});
        if (content.length > 0) expect(statuses, name).toEqual(expect.arrayContaining(['400', '413']));
        if ((op.parameters ?? []).length > 0) expect(statuses, name).toContain('400');
        if ((op.parameters ?? []).some((p: { name: string }) => p.name === 'idempotency-key')) expect(statuses, name).toContain('422');
        if (
          op.security?.some((s: Record<string, unknown>) => 'bearerAuth' in s) &&
          !op.security.some((s: Record<string, unknown>) => Object.keys(s).length === 0)
        ) {
          expect(statuses, name).toContain('401');
        }
      }
    }
    expect(Object.keys(doc.paths['/users/{id}/resume'].post.responses)).toEqual(expect.arrayContaining(['400', '413', '422', '429']));
  });

  it('allows cross-origin calls only from configured origins', async () => {
    t = makeTestApp({ CORS_ORIGINS: 'https://partner.example' });
    const allowed = await t.call('GET', '/api/health', undefined, { origin: 'https://partner.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const refused = await t.call('GET', '/api/health', undefined, { origin: 'https://evil.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a CORS preflight itself, and keeps an allowed origin's headers on an answer the request's own checks refused", async () => {
    t = makeTestApp({ CORS_ORIGINS: 'https://partner.example', BODY_LIMIT_BYTES: '2048' });
    const origin = 'https://partner.example';
    const preflight = await t.app.request('/api/auth/signin', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');

    // Over the size limit, and nested too deep: refused before any handler, still readable by the partner.
    const big = JSON.stringify({ email: 'ada@gmail.com', password: 'x'.repeat(4096) });
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    for (const [body, status] of [
      [big, 413],
      [deep, 400],
    ] as const) {
      const refused = await t.app.request('/api/auth/signin', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        body,
      });
      expect(refused.status).toBe(status);
      expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
      expect(refused.headers.get('vary')).toContain('Origin');
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await refused.json()) as { code: string }).code).toBeTruthy();
    }
  });
});

describe('sandbox', () => {
  const fromOutside = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };

  it('answers the mailbox as JSON to this machine', async () => {
    t = makeTestApp();
    await t.signup('ada@gmail.com');
    const res = await t.call('GET', '/sandbox/mail?to=ADA@gmail.com');
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({ to: 'ada@gmail.com' });
  });

  it('shows the mailbox as a page to a browser', async () => {
    t = makeTestApp();
    await t.signup('ada@gmail.com');
    const res = await t.app.request('/sandbox/mail', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Sandbox mailbox');
    expect(html).toContain('ada@gmail.com');
  });

  it('refuses clients on other machines unless SANDBOX_PUBLIC=true', async () => {
    t = makeTestApp();
    const refused = await t.app.request('/sandbox/mail?to=ada@gmail.com', {}, fromOutside);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'sandbox_only' });
    t.close();
    t = makeTestApp({ SANDBOX_PUBLIC: 'true' });
    expect((await t.app.request('/sandbox/mail?to=ada@gmail.com', {}, fromOutside)).status).toBe(200);
  });

  it('has no mailbox when real mail is configured', async () => {
    t = makeTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await t.call('GET', '/sandbox/mail?to=ada@gmail.com')).status).toBe(404);
    // The marketplaces are still the sandbox, so the product as a whole still is.
    expect((await t.call('GET', '/api/health')).json.sandbox).toBe(true);
  });
});

describe('the built PWA', () => {
  const BOOT = 'document.head.append(document.createElement("script"))';
  const build = () => {
    const dir = path.join(t!.dataDir, 'pwa');
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'prerendered/en'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'prerendered/fr'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>shell</title><body><script data-entry="/assets/app-abc123.js">${BOOT}</script></body>`,
    );
    const script = 'console.log("a hashed asset");'.repeat(40);
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Bidpilot"}');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dir, 'prerendered/en/pricing.html'), '<!doctype html><html lang="en"><h1>Pricing</h1></html>');
    fs.writeFileSync(path.join(dir, 'prerendered/fr/pricing.html'), '<!doctype html><html lang="fr"><h1>Tarifs</h1></html>');
    return dir;
  };

  it('serves files, long-caches hashed assets and falls back to index.html for client routes', async () => {
    t = makeTestApp();
    t.close();
    t = makeTestApp({ PWA_DIR: build() });

    const route = await t.app.request('/dashboard/automations/42', { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>shell</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    // The shell's inline boot script runs under the policy, by its hash (and no other inline script does).
    const bootHash = crypto.createHash('sha256').update(BOOT).digest('base64');
    expect(route.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${bootHash}' https://telegram.org;`);

    const asset = await t.app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await t.app.request('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.app.request('/assets/missing.js')).status).toBe(404);
    // Paths that look like files are never answered with the app shell (a probe for secrets or
    // repositories must see 404, not a page that looks like it found something).
    for (const probe of ['/.env', '/.git/config', '/.well-known/security.txt', '/dashboard/.htaccess', '/backup.sql', '/wp-login.php']) {
      const res = await t.app.request(probe, { headers: { accept: 'text/html' } });
      expect(res.status, probe).toBe(404);
      expect(await res.text(), probe).not.toContain('<title>shell</title>');
    }
    expect((await t.app.request('/api/unknown')).status).toBe(404);
  });

  it('answers a path no screen has with 404 and the shell (which shows the not-found screen)', async () => {
    t = makeTestApp();
    t.close();
    t = makeTestApp({ PWA_DIR: build() });
    for (const missing of ['/no-such-page', '/dashboard/automations/42/more', '/pricing-old']) {
      const res = await t.app.request(missing, { headers: { accept: 'text/html' } });
      expect(res.status, missing).toBe(404);
      expect(await res.text()).toContain('<title>shell</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    for (const known of ['/settings', '/dashboard/automations/42', '/support/']) {
      expect((await t.app.request(known, { headers: { accept: 'text/html' } })).status, known).toBe(200);
    }
  });

  it('sends a hashed asset brotli- or gzip-compressed as the client accepts, varying on Accept-Encoding', async () => {
    t = makeTestApp();
    t.close();
    t = makeTestApp({ PWA_DIR: build() });
    const script = 'console.log("a hashed asset");'.repeat(40);

    const br = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const packed = Buffer.from(await br.arrayBuffer());
    expect(packed.length).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(packed).toString()).toBe(script);

    const gz = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await t.app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    // A revalidation of the same coding answers 304 without a body.
    const again = await t.app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('answers a public page with its prerendered HTML in the visitor’s language', async () => {
    t = makeTestApp();
    t.close();
    t = makeTestApp({ PWA_DIR: build() });

    const french = await t.app.request('/pricing', { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' } });
    expect(await french.text()).toContain('<h1>Tarifs</h1>');
    expect(french.headers.get('vary')).toContain('Accept-Language');
    expect(french.headers.get('cache-control')).toBe('no-cache');
    const chosen = await t.app.request('/pricing', { headers: { 'accept-language': 'fr', cookie: 'i18next=en' } });
    expect(await chosen.text()).toContain('<h1>Pricing</h1>');
    // No prerendered file for this language: the shell, which renders it on the client.
    expect(await (await t.app.request('/pricing?lng=ru')).text()).toContain('<title>shell</title>');
    // Not a public page: the shell.
    expect(await (await t.app.request('/dashboard')).text()).toContain('<title>shell</title>');
  });
});

describe('JSON answers', () => {
  it('are compressed above a small size when the client accepts it, and left alone below it', async () => {
    t = makeTestApp();
    const big = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')).toContain('Accept-Encoding');
    const packed = Buffer.from(await big.arrayBuffer());
    const doc = JSON.parse(zlib.brotliDecompressSync(packed).toString()) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');

    const gzip = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');

    const small = await t.app.request('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ status: 'ok' });
  });
});
