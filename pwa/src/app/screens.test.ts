import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleOfKey, SHELL_BUNDLE } from '@shared/locale-bundles';
import { moduleClosure, topLevelKeysUsed } from '../../../scripts/lib/locale-usage';
import { allScreens, screensForPath, signedInScreens } from './routes';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const en = JSON.parse(fs.readFileSync(path.join(src, '../../locales/en.json'), 'utf8')) as Record<string, unknown>;
const keys = new Set(Object.keys(en));

/** The string bundles the code of a file (and everything it imports) names keys of. */
function bundlesNamedBy(file: string): string[] {
  const used = topLevelKeysUsed(moduleClosure(path.join(src, file)), keys);
  return [...new Set([...used].map((key) => bundleOfKey(key) ?? `server-only:${key}`))].sort();
}

describe('screens and their strings', () => {
  it('the entry and what it always loads name only keys of the shell bundle', () => {
    expect(bundlesNamedBy('main.tsx')).toEqual([SHELL_BUNDLE]);
  });

  it.each(allScreens().map((screen) => [screen.id, screen] as const))('%s declares every bundle its code names keys of', (_id, screen) => {
    const missing = bundlesNamedBy(screen.id).filter((bundle) => bundle !== SHELL_BUNDLE && !screen.strings.includes(bundle as never));
    expect(missing).toEqual([]);
  });

  it('opens the dashboard and the agent screens with the app strings, without the settings screen’s', () => {
    const bundles = (pathname: string) => [...new Set(screensForPath(pathname).flatMap((screen) => screen.strings))].sort();
    for (const pathname of ['/dashboard', '/dashboard/automations', '/dashboard/automations/new', '/dashboard/automations/abc']) {
      expect(bundles(pathname), pathname).not.toContain('settings');
      expect(bundles(pathname), pathname).toContain('app');
    }
    expect(bundles('/dashboard')).toEqual(['app']);
    expect(bundles('/settings')).toContain('settings');
  });

  it('finds the screens of a path: the layout and the page', () => {
    const ids = (pathname: string) => screensForPath(pathname).map((screen) => screen.id);
    expect(ids('/')).toEqual(['features/marketing/HomePage.tsx']);
    expect(ids('/login')).toEqual(['features/auth/LoginPage.tsx']);
    expect(ids('/onboarding')).toEqual(['features/onboarding/OnboardingPage.tsx']);
    expect(ids('/dashboard/automations/abc')).toEqual(['app/DashboardLayout.tsx', 'features/agents/AgentDetailPage.tsx']);
    expect(ids('/no/such/page')).toEqual(['features/not-found/NotFoundPage.tsx']);
  });

  it('warms the signed-in layout and its screens after sign-in, not the public pages', () => {
    const ids = signedInScreens().map((screen) => screen.id);
    expect(ids).toEqual(
      expect.arrayContaining(['app/DashboardLayout.tsx', 'features/dashboard/DashboardPage.tsx', 'features/search/SearchPage.tsx']),
    );
    expect(ids).toEqual(expect.arrayContaining(['features/agents/AgentDetailPage.tsx', 'features/settings/SettingsPage.tsx']));
    expect(ids).not.toContain('features/marketing/HomePage.tsx');
    expect(ids).not.toContain('features/auth/LoginPage.tsx');
    expect(new Set(ids).size).toBe(ids.length);
  });
});
