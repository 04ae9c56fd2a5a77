import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { LANGUAGES, DEFAULT_LANGUAGE } from './shared/src/languages';
import { bootAfterFirstPaint } from './scripts/lib/boot-plugin';
import { inlineFavicon } from './scripts/lib/inline-favicon';
import { localeBundles, localeChunkName, LOCALE_CHUNK_DIR } from './scripts/lib/locale-bundles-plugin';
import { precompressDir } from './scripts/lib/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifestDir = path.join(root, 'manifest');
const iconsDir = path.join(manifestDir, 'icons');
const outDir = path.join(root, 'dist/pwa');

/** The web app manifest is kept as a JSON file; the PWA plugin emits it as /manifest.webmanifest. */
const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

/** The libraries every page runs: React, the router, i18next and its React binding, zustand. */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/;
/**
 * Parts of those libraries only some screens use, left out of the vendor chunk so that they load
 * with those screens: react-i18next's `<Trans>` (a string with markup in it), and the HTML parser
 * it reads that markup with (html-parse-stringify, void-elements, not in VENDOR). No screen uses it
 * today: the register page's links come from ui/TaggedText.tsx, 4 KB lighter.
 */
const SCREEN_ONLY_VENDOR = /node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext)\.js$/;

const API_TARGET = process.env.BIDPILOT_API_URL ?? 'http://127.0.0.1:8787';

/**
 * Serves `manifest/icons/*` under `/icons/` in dev and copies them into the build, so the icons stay
 * beside the manifest (and their generator) instead of in a separate public folder. The built pages
 * carry the SVG tab icon inline.
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
    // The tab icon written into the page as a data URL: a request fewer before the first paint.
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.server ? html : inlineFavicon(html, (name) => readFileSync(path.join(iconsDir, name), 'utf8'))),
    },
    generateBundle() {
      for (const name of readdirSync(iconsDir)) {
        if (!(path.extname(name) in mime)) continue;
        this.emitFile({ type: 'asset', fileName: `icons/${name}`, source: readFileSync(path.join(iconsDir, name)) });
      }
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
    localeBundles(path.join(root, 'locales')),
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
        // The shell (its boot script inline), CSS, icons, every route chunk and the English strings. The
        // nine other languages are cached at runtime by the service worker when first used.
        globPatterns: ['**/*.{js,css,html,png,svg}'],
        globIgnores: [
          ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => `${LOCALE_CHUNK_DIR}/${language}-*`),
          'sw.js',
        ],
      },
      devOptions: { enabled: false },
    }),
    bootAfterFirstPaint(path.join(root, 'pwa/src/boot/boot.ts')),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // String bundles get their own folder (`<language>-<bundle>-<hash>.js`), so the service
        // worker can precache English and cache the other languages at runtime.
        chunkFileNames: (chunk) => {
          const locale = localeChunkName(chunk.facadeModuleId);
          return locale ? `${LOCALE_CHUNK_DIR}/${locale}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // What every page needs, in one cacheable chunk.
            { name: 'vendor', test: (id) => VENDOR.test(id) && !SCREEN_ONLY_VENDOR.test(id) },
            // The public pages (home, features, pricing: features/marketing) and the plans they show
            // (features/plans), with what only they share: one request
            // instead of eight small ones, each with its headers and its own compression.
            {
              name: 'public',
              test: /pwa[\\/]src[\\/]features[\\/](marketing|plans)[\\/]|shared[\\/]src[\\/]plan-table\./,
              // Only these: what they import from the entry stays in the entry.
              includeDependenciesRecursively: false,
            },
            // The frame of every public page (its footer) apart: the legal, support and not-found
            // pages load it without the code of the home, features and pricing pages.
            {
              name: 'public-frame',
              test: /pwa[\\/]src[\\/]ui[\\/](PublicPage|Footer)\./,
              includeDependenciesRecursively: false,
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
