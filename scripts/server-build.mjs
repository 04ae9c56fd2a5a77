// Plain JavaScript on purpose: `npm start` runs this with node alone, before anything is built.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildFresh, writeBuildStamp } from './lib/build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(ROOT, 'dist/server');
const STAMP = path.join(SERVER_DIR, '.build-stamp');
/**
 * Everything the server bundle is made of (the locale files and migrations are read at run time), and
 * the SQLite migrations its images are made from (sqlite-images).
 */
const INPUTS = ['api/src', 'shared/src', 'scripts', 'package-lock.json', 'tsconfig.json', 'api/drizzle', 'api/drizzle-sandbox'];
/**
 * The scripts bundled ahead, each its own entry: `npm start`, the API alone (`npm run dev`),
 * migrations, backups and restores, and the PWA's build check (`npm start` in a checkout).
 */
export const ENTRIES = {
  start: 'scripts/start.ts',
  'serve-api': 'scripts/serve-api.ts',
  migrate: 'scripts/migrate.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'pwa-build': 'scripts/pwa-build.ts',
  'sqlite-images': 'scripts/sqlite-images.ts',
};

/** Whether the sources are here (a checkout), or only what `npm run build` made (a packed production build). */
export function hasSources() {
  return fs.existsSync(path.join(ROOT, 'api/src'));
}

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

/**
 * esbuild plugin: two mends of postgres.js 3.4.9's connection.js, each for a connection PostgreSQL
 * closes at the wrong moment (restarting or stopping), where the driver ends the whole process
 * instead of failing the queries waiting on it; neither is fixed in a release yet. The build stops if
 * the code a mend replaces has changed, so a fixed release drops the mend instead of hiding it.
 *
 * - nextWrite: the driver writes a query's last bytes on the next turn (setImmediate) and then
 *   dereferences its socket, which a connection closed meanwhile has set to null: an uncaught
 *   TypeError (the driver's issues #1154 and #1208). The bundled copy checks for the closed socket
 *   and fails the queries waiting on it as the driver does for any closed connection
 *   (CONNECTION_CLOSED), which our callers already handle.
 * - fetchArrayTypes: every new session first reads the database's array types with a query of the
 *   driver's own, whose promise the driver drops; a session reset or ended meanwhile rejects it (a raw
 *   `read ECONNRESET`, or the server's error) and nobody handles it: an unhandled rejection that ends
 *   the process (the driver's issues #279, #1192, #1205 and #1223; our runner child died so when
 *   PostgreSQL stopped while it opened its first connections). By then the driver has already failed
 *   the queries waiting on that session with the same error (`errored`), so the bundled copy lets
 *   that dropped promise's failure go; the next session reads the types again.
 */
const POSTGRES_MENDS = [
  {
    name: 'nextWrite',
    code: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    mended: [
      '  function nextWrite(fn) {',
      '    if (socket === null) {',
      '      chunk = nextWriteTimer = null',
      "      error(Errors.connection('CONNECTION_CLOSED', options))",
      '      return false',
      '    }',
      '    const x = socket.write(chunk, fn)',
    ].join('\n'),
  },
  {
    name: 'fetchArrayTypes',
    code: '      if (needsTypes) {\n        initial.reserve && (initial = null)\n        return fetchArrayTypes()\n      }',
    mended: [
      '      if (needsTypes) {',
      '        initial.reserve && (initial = null)',
      '        return fetchArrayTypes().catch(() => undefined)',
      '      }',
    ].join('\n'),
  },
];
export const mendPostgresConnection = {
  name: 'bidpilot:postgres-connection',
  setup(build) {
    build.onLoad({ filter: /[\\/]postgres[\\/]src[\\/]connection\.js$/ }, async (args) => {
      let source = await fs.promises.readFile(args.path, 'utf8');
      for (const mend of POSTGRES_MENDS) {
        if (!source.includes(mend.code)) {
          throw new Error(
            `${args.path} no longer has the ${mend.name} this build mends (scripts/server-build.mjs): check the driver's fix and remove the mend`,
          );
        }
        source = source.replace(mend.code, mend.mended);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * esbuild plugin: zod's `locales` namespace (its error messages in some fifty languages, 366 KB of
 * the chunk every start parses) is left out of the server. Nothing here switches zod's language:
 * its English messages are imported apart (zod's own `config(en())`), and the product's messages
 * are its own (shared/src/validation-messages.ts). `z.locales` is an empty namespace here.
 */
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const withoutZodLocales = {
  name: 'bidpilot:without-zod-locales',
  setup(build) {
    build.onLoad({ filter: ZOD_LOCALES_INDEX }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * esbuild plugin: `node:http` and `node:https` are loaded with `require` (the banner's), not as ES
 * modules. Node builds an ES module's view of a built-in by reading every one of its exports, and
 * node:http's include lazy getters (WebSocket and its events) that load undici: 20-40 ms of every
 * start, spent before the port can open, for classes the server never uses.
 */
const BUILTINS_BY_REQUIRE = /^(node:)?https?$/;
const builtinsByRequire = {
  name: 'bidpilot:builtins-by-require',
  setup(build) {
    build.onResolve({ filter: BUILTINS_BY_REQUIRE }, (args) =>
      // The shim's own require stays as it is (Node's built-in, through the banner's require).
      args.namespace === 'builtin-by-require'
        ? { path: args.path, external: true }
        : { path: args.path.replace(/^node:/, ''), namespace: 'builtin-by-require' },
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`,
      loader: 'js',
    }));
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
    target: 'node22',
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
    plugins: [sourceUrls, mendPostgresConnection, withoutZodLocales, builtinsByRequire],
  });
  // The images a new SQLite database starts from (api/src/store/sqlite/image.ts), made by the bundle itself.
  execFileSync(process.execPath, [path.join(staging, 'sqlite-images.mjs'), path.join(staging, 'sqlite-images')], { stdio: 'inherit' });
  fs.rmSync(SERVER_DIR, { recursive: true, force: true });
  fs.renameSync(staging, SERVER_DIR);
}

/** `npm run build`: the server bundle built now, whatever is in dist/server, and stamped. */
export async function rebuildServer() {
  await buildServer();
  writeBuildStamp(STAMP, ROOT, INPUTS);
}

/**
 * Builds the server bundle unless one of the same sources is in dist/server; answers an entry's
 * file URL. Without the sources (a packed production build) the bundle is used as it was built.
 */
export async function ensureServerBuild(entry = 'start', log = (line) => console.log(line)) {
  const file = path.join(SERVER_DIR, `${entry}.mjs`);
  if (!hasSources()) {
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(ROOT, file)} is missing: this copy was packed without its build (npm run build, then npm pack).`);
    return pathToFileURL(file).href;
  }
  const fresh = fs.existsSync(file) && isBuildFresh(STAMP, ROOT, INPUTS);
  if (!fresh) {
    log('Building the server (first start, or its sources changed)…');
    await buildServer();
    writeBuildStamp(STAMP, ROOT, INPUTS);
  }
  return pathToFileURL(file).href;
}
