import { ensurePwaBuild } from '../scripts/pwa-build';
import { ensureServerBuild } from '../scripts/server-build.mjs';

/** The browser tests run against the built PWA and server bundle, exactly as `npm start` serves them. */
export default async function setup() {
  await ensurePwaBuild((line) => console.log(`[e2e] ${line}`));
  await ensureServerBuild('start', (line) => console.log(`[e2e] ${line}`));
}
