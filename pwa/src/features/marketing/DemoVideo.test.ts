import { afterEach, describe, expect, it, vi } from 'vitest';

/** Whether the home page shows its demo section when built with VITE_DEMO_VIDEO_URL set to `url` (read once, at import). */
async function shown(url: string | undefined): Promise<boolean> {
  vi.resetModules();
  vi.stubEnv('VITE_DEMO_VIDEO_URL', url);
  return (await import('./DemoVideo')).HAS_DEMO_VIDEO;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the home page’s demo video', () => {
  it('is left out until a real video is configured, and shown once one is', async () => {
    expect(await shown(undefined)).toBe(false);
    expect(await shown('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(false);
    expect(await shown('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
  });
});
