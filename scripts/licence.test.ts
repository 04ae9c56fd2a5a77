import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GEOLITE_ATTRIBUTION, productionPackages, thirdPartyLicenses } from './lib/third-party.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('licence', () => {
  it('is the GNU AGPL, version 3 only, in LICENSE, package.json and the README', () => {
    const licence = read('LICENSE');
    expect(licence.split('\n')[0]!.trim()).toBe('GNU AFFERO GENERAL PUBLIC LICENSE');
    expect(licence).toContain('Version 3, 19 November 2007');
    // The network clause is what makes it the AGPL; the text is complete to its last section.
    expect(licence).toContain('13. Remote Network Interaction; Use with the GNU General Public License.');
    expect(licence).toContain('17. Interpretation of Sections 15 and 16.');
    expect(licence).toContain('END OF TERMS AND CONDITIONS');
    expect(JSON.parse(read('package.json')).license).toBe('AGPL-3.0-only');
    expect(read('README.md')).toMatch(/GNU Affero General Public License[^.]*version 3 only/);
  });

  it('credits MaxMind for the GeoLite2 data and keeps every NOTICE a production package ships', () => {
    const notices = read('THIRD-PARTY-NOTICES.md');
    expect(notices).toContain(GEOLITE_ATTRIBUTION);
    const withNotice = productionPackages(ROOT).filter((pkg) => pkg.files.some((file) => /^notice/i.test(file)));
    expect(withNotice.map((pkg) => pkg.name)).toContain('dexie');
    for (const pkg of withNotice)
      expect(notices, `${pkg.name} ships a NOTICE`).toMatch(new RegExp(pkg.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
  });

  it('the built product carries every production package’s licence text, and no development tool’s', () => {
    const text = thirdPartyLicenses(ROOT);
    expect(text).toContain(GEOLITE_ATTRIBUTION);
    const names = productionPackages(ROOT).map((pkg) => pkg.name);
    for (const name of ['react', 'hono', 'better-sqlite3', 'geoip-country', 'web-push']) expect(names).toContain(name);
    expect(names).not.toContain('vitest');
    expect(names).not.toContain('eslint');
    expect(text).toMatch(/react \S+ {2}\(MIT\)\n-+\nLICENSE:\n\nMIT License/);
  });
});
