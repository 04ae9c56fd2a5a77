import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const sha = (code: string) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('names each inline script by the SHA-256 of its exact text, once, and skips scripts loaded from a file', () => {
    const boot = 'start("é")';
    const html = `<html><head><script src="/a.js"></script><script defer src="/b.js">ignored</script></head>
      <body><script data-entry="/x.js">${boot}</script><script data-entry="/y.js">${boot}</script><script></script></body></html>`;
    expect(inlineScriptSources(html)).toEqual([sha(boot)]);
  });

  it('answers nothing for a page without inline scripts', () => {
    expect(inlineScriptSources('<html><body><div id="root"></div></body></html>')).toEqual([]);
  });
});
