import { buildPwa } from './pwa-build';

/** `npm run build`: the PWA into dist/pwa, its public pages prerendered in every language, every file precompressed. */
await buildPwa();
