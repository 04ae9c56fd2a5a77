// Plain JavaScript on purpose: `npm start` runs this with node alone, before anything is built.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(ROOT, 'dist/server');
const STAMP = path.join(SERVER_DIR, '.build-stamp');
/** Everything the server bundle is made of (the locale files and migrations are read at run time). */
const INPUTS = ['api/src', 'shared/src', 'scripts', 'package-lock.json', 'tsconfig.json'];
/** The scripts bundled ahead, each its own entry: `npm start`, the API alone (`npm run dev`), migrations. */
export const ENTRIES = { start: 'scripts/start.ts', 'serve-api': 'scripts/serve-api.ts', migrate: 'scripts/migrate.ts' };

function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    yield* files(path.join(entry, child));
  }
}

/** A hash of every source the bundle is built from (tests left out): a change to any makes it stale. */
export function serverInputsHash() {
  const hash = crypto.createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of files(entry)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(file).update('\0').update(fs.readFileSync(path.join(ROOT, file))).update('\0');
    }
  }
  return hash.digest('hex');
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

/** Bundles the server's entries into dist/server (our code only; packages stay in node_modules). */
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
    packages: 'external',
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
  const hash = serverInputsHash();
  const fresh = fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash && fs.existsSync(path.join(SERVER_DIR, `${entry}.mjs`));
  if (!fresh) {
    log('Building the server (first start, or its sources changed)…');
    await buildServer();
    fs.writeFileSync(STAMP, hash);
  }
  return pathToFileURL(path.join(SERVER_DIR, `${entry}.mjs`)).href;
}
