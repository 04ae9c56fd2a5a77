import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleOfKey, CLIENT_BUNDLES, LOCALE_BUNDLES, SERVER_ONLY_KEYS, SHELL_BUNDLE, splitIntoBundles } from './locale-bundles';

const en = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales/en.json'), 'utf8'),
) as Record<string, unknown>;

describe('locale bundles', () => {
  it('name only top-level keys that exist, each in one bundle', () => {
    const listed = [...Object.values(LOCALE_BUNDLES).flat(), ...SERVER_ONLY_KEYS];
    expect(listed.filter((key) => !(key in en))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('cut a language into the client bundles without losing or repeating a key, server-only keys left out', () => {
    const bundles = splitIntoBundles(en);
    expect(Object.keys(bundles)).toEqual([...CLIENT_BUNDLES]);
    const keys = Object.values(bundles).flatMap((bundle) => Object.keys(bundle));
    expect(keys.sort()).toEqual(
      Object.keys(en)
        .filter((key) => !SERVER_ONLY_KEYS.includes(key))
        .sort(),
    );
    expect(bundles.legal).toEqual({ legal: en.legal });
    expect(bundles.app).toMatchObject({ agents: en.agents, dashboard: en.dashboard });
    expect(Object.keys(bundles.translation)).toContain('common');
  });

  it('put a key no bundle lists in the shell, so a new key always loads', () => {
    expect(bundleOfKey('somethingNew')).toBe(SHELL_BUNDLE);
    expect(bundleOfKey('settings')).toBe('settings');
    expect(bundleOfKey('mail')).toBeUndefined();
    expect(splitIntoBundles({ somethingNew: { a: 'b' }, mail: { x: 'y' } }).translation).toEqual({ somethingNew: { a: 'b' } });
  });
});
