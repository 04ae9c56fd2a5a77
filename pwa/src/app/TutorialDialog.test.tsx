import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

const en = JSON.parse(readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** The sidebar's Tutorial entry as built with VITE_TUTORIAL_VIDEO_URL set to `url` (the module reads it once). */
async function entry(url: string | undefined): Promise<string> {
  vi.resetModules();
  vi.stubEnv('VITE_TUTORIAL_VIDEO_URL', url);
  const { TutorialEntry } = await import('./TutorialDialog');
  const i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TutorialEntry className="item" labelClassName="label" icon={<svg aria-hidden="true" />} />
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the sidebar’s Tutorial entry', () => {
  it('is not there at all until a real video is configured (nor with an address that is not a video)', async () => {
    expect(await entry(undefined)).toBe('');
    expect(await entry('')).toBe('');
    expect(await entry('https://example.com/tutorial.mp4')).toBe('');
  });

  it('shows the Tutorial button once a video is configured', async () => {
    const html = await entry('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(html).toMatch(/^<button type="button" class="item">/);
    expect(html).toContain('<span class="label">Tutorial</span>');
  });
});
