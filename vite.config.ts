import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/lib/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifestDir = path.join(root, 'manifest');
const iconsDir = path.join(manifestDir, 'icons');
const outDir = path.join(root, 'dist/pwa');

/** The web app manifest is kept as a JSON file; the PWA plugin emits it as /manifest.webmanifest. */
const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

const API_TARGET = process.env.BIDPILOT_API_URL ?? 'http://127.0.0.1:8787';

/**
 * Serves `manifest/icons/*` under `/icons/` in dev and copies them into the build, so the icons stay
 * beside the manifest (and their generator) instead of in a separate public folder.
 */
function manifestIcons(): Plugin {
  const mime: Record<string, string> = { '.png': 'image/png', '.svg': 'image/svg+xml' };
  return {
    name: 'bidpilot:manifest-icons',
    configureServer(server) {
      server.middlewares.use('/icons', (req, res, next) => {
        const name = path.basename(decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        const type = mime[path.extname(name)];
        if (!name || !type) return next();
        try {
          const body = readFileSync(path.join(iconsDir, name));
          res.setHeader('Content-Type', type);
          res.end(body);
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const name of readdirSync(iconsDir)) {
        if (!(path.extname(name) in mime)) continue;
        this.emitFile({ type: 'asset', fileName: `icons/${name}`, source: readFileSync(path.join(iconsDir, name)) });
      }
    },
  };
}

/** Parts of locales/en.json that load with their screens (legal pages) or only matter to the server (mail). */
const LAZY_ENGLISH_KEYS = ['legal', 'mail'];
const SHELL_SUFFIX = '?shell';
const SHELL_PREFIX = '\0english-shell:';

/**
 * `import en from '…/en.json?shell'`: the English strings the entry chunk bundles, i.e. en.json
 * without LAZY_ENGLISH_KEYS, so the long legal texts do not weigh on every page's first load.
 */
function englishShell(): Plugin {
  return {
    name: 'bidpilot:english-shell',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SHELL_SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SHELL_SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${SHELL_PREFIX}${resolved.id}.js` : null; // not `.json`: Vite's JSON plugin must leave it alone
    },
    load(id) {
      if (!id.startsWith(SHELL_PREFIX)) return null;
      const file = id.slice(SHELL_PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const key of LAZY_ENGLISH_KEYS) delete strings[key];
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(strings))});`;
    },
  };
}

/** Brotli and gzip copies of every built text file, after everything else (the service worker included) is written. */
function precompress(): Plugin {
  return {
    name: 'bidpilot:precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}

export default defineConfig({
  root: path.join(root, 'pwa'),
  publicDir: false,
  resolve: {
    alias: { '@shared': path.join(root, 'shared/src') },
  },
  plugins: [
    englishShell(),
    react(),
    tailwindcss(),
    manifestIcons(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      injectManifest: {
        // The shell, the English bundle (inside the i18n chunk), CSS, icons and every route chunk.
        // The nine other languages are cached at runtime by the service worker when first used.
        globPatterns: ['**/*.{js,css,html,png,svg}'],
        globIgnores: ['assets/locales/**', 'sw.js'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Non-English locale chunks get their own folder, so the service worker can cache them
        // at runtime instead of precaching all ten languages.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /[\\/]locales[\\/][a-z]{2}\.json$/.test(chunk.facadeModuleId)
            ? 'assets/locales/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What every page needs, in one cacheable chunk.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements|zustand|use-sync-external-store)[\\/]/,
            },
            // Only the account screens (form validation) and the IndexedDB mirror load these.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
    },
  },
});
