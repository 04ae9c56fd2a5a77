import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyLicenses } from './lib/third-party.mjs';
import { buildPwa, ensurePwaBuild } from './pwa-build';
import { ensureServerBuild, rebuildServer } from './server-build.mjs';

/**
 * `npm run build`: everything the server needs to run without its sources or devDependencies: the
 * server bundle (dist/server), the PWA (dist/pwa: Vite, the public pages prerendered in every
 * language, every file precompressed) and the licences of the packages they contain
 * (dist/THIRD-PARTY-LICENSES.txt). `npm pack` then packs them (package.json `files`).
 * `--if-stale`: each build only when its sources changed since (as `npm start` does).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--if-stale')) {
  await ensureServerBuild('start');
  await ensurePwaBuild();
} else {
  console.log('Building the server bundle…');
  await rebuildServer();
  console.log('Building the PWA…');
  await buildPwa();
}
writeThirdPartyLicenses(root, path.join(root, 'dist/THIRD-PARTY-LICENSES.txt'));
console.log('Built dist/server, dist/pwa and dist/THIRD-PARTY-LICENSES.txt');
