// Plain JavaScript: `npm run build` writes this file's output beside the builds it describes.
import fs from 'node:fs';
import path from 'node:path';

/** The attribution MaxMind's GeoLite2 licence (CC BY-SA 4.0, via geoip-country) asks of every product using the data. */
export const GEOLITE_ATTRIBUTION = 'This product includes GeoLite2 Data created by MaxMind, available from https://www.maxmind.com/.';

/** Files a package ships its licence or notices in (Apache-2.0 §4(d): a NOTICE file goes with every copy). */
const LEGAL_FILE = /^(licen[cs]e|notice|copying|eula)(\b|[._-]|$)/i;

/**
 * The packages a production install holds (`npm install --omit=dev`): every package of the lock not
 * marked dev-only, present in node_modules (an optional binary of another platform is not), sorted.
 */
export function productionPackages(root) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const out = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.startsWith('node_modules/') || entry.dev || entry.devOptional) continue;
    const dir = path.join(root, where);
    if (!fs.existsSync(path.join(dir, 'package.json'))) continue;
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const files = fs.readdirSync(dir).filter((name) => LEGAL_FILE.test(name) && fs.statSync(path.join(dir, name)).isFile());
    out.push({
      name: manifest.name ?? where.slice(where.lastIndexOf('node_modules/') + 13),
      version: manifest.version ?? entry.version ?? '',
      license: entry.license ?? manifest.license ?? 'UNKNOWN',
      dir,
      files: files.sort(),
    });
  }
  const seen = new Set();
  return out
    .filter((pkg) => {
      const key = `${pkg.name}@${pkg.version}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
}

/**
 * The text that goes with every copy of the built product (the server bundle and the PWA carry code
 * of these packages): the GeoLite2 attribution, then each production package's name, version,
 * licence, and the licence and notice files it ships, word for word.
 */
export function thirdPartyLicenses(root) {
  const packages = productionPackages(root);
  const rule = '-'.repeat(78);
  const parts = [
    'Bidpilot: third-party software and data',
    '',
    'Bidpilot is licensed under the GNU Affero General Public License, version 3 only (LICENSE).',
    'It contains and uses the following packages under their own licences, reproduced below.',
    '',
    GEOLITE_ATTRIBUTION,
    "The GeoLite2 data (in geoip-country) is licensed under CC BY-SA 4.0 and MaxMind's GeoLite2 End User",
    'License Agreement: it may not be used for FCRA purposes or to identify specific households or individuals.',
    '',
  ];
  for (const pkg of packages) {
    parts.push(rule, `${pkg.name} ${pkg.version}  (${pkg.license})`, rule);
    if (pkg.files.length === 0) parts.push(`(the package ships no licence file; its licence is ${pkg.license})`, '');
    for (const file of pkg.files) parts.push(`${file}:`, '', fs.readFileSync(path.join(pkg.dir, file), 'utf8').trimEnd(), '');
  }
  return parts.join('\n') + '\n';
}

/** Writes the third-party licences to `file`. */
export function writeThirdPartyLicenses(root, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, thirdPartyLicenses(root));
}
