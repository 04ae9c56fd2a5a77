// Plain JavaScript on purpose: `npm start` runs this with node alone, before anything is built.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildFresh, writeBuildStamp } from './lib/build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(ROOT, 'dist/server');
const STAMP = path.join(SERVER_DIR, '.build-stamp');
/** Everything the server bundle is made of (the locale files and migrations are read at run time). */
const INPUTS = ['api/src', 'shared/src', 'scripts', 'package-lock.json', 'tsconfig.json'];
/** The scripts bundled ahead, each its own entry: `npm start`, the API alone (`npm run dev`), migrations. */
export const ENTRIES = { start: 'scripts/start.ts', 'serve-api': 'scripts/serve-api.ts', migrate: 'scripts/migrate.ts' };

/**
 * esbuild plugin: `import.meta.url` in a bundled source still names that source's own file
 * (relative to the bundle, so a moved checkout keeps working), for the code that finds the
 * migrations, the locale files, package.json or its node_modules from where it sits.
 */
const sourceUrls = {
  name: 'bidpilot:source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(SERVER_DIR, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/** Packages with native code: loaded from node_modules as they are. */
const NATIVE_PACKAGES = ['better-sqlite3', '@node-rs/argon2'];

/** Bundles the server's entries into dist/server (with the packages they import, native ones aside). */
export async function buildServer() {
  const esbuild = await import('esbuild');
  // Built aside, then moved in place: a process starting meanwhile never sees half a bundle.
  const staging = `${SERVER_DIR}.${process.pid}`;
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Code loaded with import() only when first needed (the sandbox's GraphQL, the SMTP client) is
    // its own chunk, not parsed at start; the entries share one chunk of everything else.
    splitting: true,
    // Packages are bundled too (Node resolving and compiling hundreds of files was most of the
    // start-up); native ones stay outside, as do those loaded by path at run time (resume parsers,
    // the offline country table: createRequire + require.resolve from their own sources).
    external: NATIVE_PACKAGES,
    banner: {
      js: "import { createRequire as __bidpilotCreateRequire } from 'node:module'; const require = __bidpilotCreateRequire(import.meta.url);",
    },
    alias: { '@shared': './shared/src' },
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  fs.rmSync(SERVER_DIR, { recursive: true, force: true });
  fs.renameSync(staging, SERVER_DIR);
}

/** Builds the server bundle unless one of the same sources is in dist/server; answers an entry's file URL. */
export async function ensureServerBuild(entry = 'start', log = (line) => console.log(line)) {
  const fresh = fs.existsSync(path.join(SERVER_DIR, `${entry}.mjs`)) && isBuildFresh(STAMP, ROOT, INPUTS);
  if (!fresh) {
    log('Building the server (first start, or its sources changed)…');
    await buildServer();
    writeBuildStamp(STAMP, ROOT, INPUTS);
  }
  return pathToFileURL(path.join(SERVER_DIR, `${entry}.mjs`)).href;
}
