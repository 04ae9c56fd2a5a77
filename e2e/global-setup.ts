import { ensurePwaBuild } from '../scripts/pwa-build';

/** The browser tests run against the built PWA, exactly as `npm start` serves it. */
export default function setup() {
  ensurePwaBuild((line) => console.log(`[e2e] ${line}`));
}
