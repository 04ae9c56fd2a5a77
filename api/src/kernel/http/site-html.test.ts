import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATOR_PLACEHOLDERS, parseSite } from '@shared/site';
import { loadConfig } from '../config';
import { loadTranslations } from '../i18n';
import type { AppEnv } from './context';
import { pwaSite, siteHtml, siteOf } from './site-html';
import { mountPwa } from './static';

const t = loadTranslations();
const SHELL =
  '<!doctype html><html><head><meta name="bidpilot-site" content="__BP_SITE__" /></head><body><div id="root"></div></body></html>';
const page = (text: string) => SHELL.replace('<div id="root"></div>', `<div id="root">${text}</div>`);
const LEGAL = page(
  `<dd>${OPERATOR_PLACEHOLDERS.name}</dd><dd>${OPERATOR_PLACEHOLDERS.address}</dd><a href="mailto:${OPERATOR_PLACEHOLDERS.email}">${OPERATOR_PLACEHOLDERS.email}</a><p>governed by the laws of ${OPERATOR_PLACEHOLDERS.jurisdiction}.</p>`,
);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A built PWA folder: the shell and a prerendered privacy page per language, with the build's compressed copies. */
function builtPwa(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-site-'));
  dirs.push(dir);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(Buffer.from(text)));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(Buffer.from(text)));
  };
  write('index.html', SHELL);
  write('prerendered/en/privacy.html', LEGAL);
  write('prerendered/fr/privacy.html', LEGAL);
  return dir;
}

const operatorEnv = {
  OPERATOR_NAME: 'Acme <Freelance> & Co',
  OPERATOR_EMAIL: 'privacy@acme.example',
  OPERATOR_JURISDICTION: 'Nigeria',
};

describe('the operator on the pages the server serves', () => {
  it('writes the settings into the meta tag and the prerendered text, escaped, with stand-ins for what is not set', () => {
    const rewrite = siteHtml(siteOf(loadConfig(operatorEnv)), t);
    const html = rewrite(LEGAL, 'en');
    expect(html).toContain('<dd>Acme &lt;Freelance&gt; &amp; Co</dd>');
    expect(html).toContain('href="mailto:privacy@acme.example"');
    expect(html).toContain('governed by the laws of Nigeria.');
    expect(html).toContain(`<dd>${t('en', 'legal.operator.noAddress')}</dd>`);
    expect(html).not.toContain('__BP_');
    const content = html.match(/<meta name="bidpilot-site" content="([^"]*)"/)![1]!;
    const site = parseSite(
      content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(site.operator).toEqual({ name: 'Acme <Freelance> & Co', email: 'privacy@acme.example', address: null, jurisdiction: 'Nigeria' });
    expect(site.google).toBe(true);
    // French page, French stand-in.
    expect(rewrite(LEGAL, 'fr')).toContain(`<dd>${t('fr', 'legal.operator.noAddress')}</dd>`);
  });

  it('serves every page rewritten, its compressed copies too, and sends /privacy and /service to the operator’s own pages', async () => {
    const dir = builtPwa();
    const app = new Hono<AppEnv>();
    mountPwa(app, dir, pwaSite(loadConfig(operatorEnv), t));
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.request('/privacy', { headers: { 'accept-encoding': encoding, 'accept-language': 'en' } });
      const bytes = Buffer.from(await res.arrayBuffer());
      const body = encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
      expect(body.toString(), encoding).toContain('Acme &lt;Freelance&gt; &amp; Co');
    }
    const shell = await (await app.request('/settings')).text();
    expect(shell).toContain('privacy@acme.example');

    const elsewhere = new Hono<AppEnv>();
    mountPwa(
      elsewhere,
      dir,
      pwaSite(loadConfig({ PRIVACY_URL: 'https://acme.example/privacy', TERMS_URL: 'https://acme.example/terms' }), t),
    );
    const privacy = await elsewhere.request('/privacy');
    expect(privacy.status).toBe(302);
    expect(privacy.headers.get('location')).toBe('https://acme.example/privacy');
    expect((await elsewhere.request('/service')).headers.get('location')).toBe('https://acme.example/terms');
  });
});
