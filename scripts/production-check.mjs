// `npm run production-check`: proves what the container image runs, without Docker. It packs the
// build (`npm pack`: the files package.json lists), unpacks it in a temporary folder as the image's
// last stage does, installs it with `npm ci --omit=dev` (no devDependencies, no sources), starts the
// prebuilt server directly (`node dist/server/start.mjs`, the image's command) with every secret in
// the environment and its install folder left unwritten, and waits for /api/ready to answer 200.
// Then it checks the page, the migrations command and a backup, and that SIGTERM stops it.
// Plain JavaScript: it runs with node alone. `--no-build` uses dist/ as it is; `--rebuild-native`
// compiles better-sqlite3 in the install instead of taking this checkout's copy; `--keep` keeps it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const step = (text) => console.log(`[production-check ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
class CheckFailed extends Error {}
const fail = (text) => {
  throw new CheckFailed(text);
};
const npm = (args, cwd, extra = {}) => spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, ...extra } });

/** Every file under `dir` with its size and time: the install folder must be the same after the server ran. */
function listing(dir) {
  const out = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.lstatSync(full);
        out.push(`${path.relative(dir, full)} ${stat.size} ${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-production-'));
let server;
try {
  if (!process.argv.includes('--no-build')) {
    step('npm run build (the server bundle, the PWA, the licences), unless fresh');
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', '--if-stale'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }

  step('npm pack');
  const packed = npm(['pack', '--json', '--pack-destination', work], ROOT);
  if (packed.status !== 0) fail(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout);
  const files = info.files.map((file) => file.path);
  for (const needed of [
    'dist/server/start.mjs',
    'dist/pwa/index.html',
    'dist/THIRD-PARTY-LICENSES.txt',
    'LICENSE',
    'api/drizzle/meta/_journal.json',
    'locales/en.json',
  ])
    if (!files.includes(needed)) fail(`the package lacks ${needed}`);
  for (const source of files.filter((file) => /^(api\/src|pwa\/src|shared\/src)\//.test(file) || /\.test\.[jt]sx?$/.test(file)))
    fail(`the package holds a source file: ${source}`);
  step(`packed ${info.filename}: ${files.length} files, ${(info.size / 1e6).toFixed(1)} MB`);

  const app = path.join(work, 'app');
  fs.mkdirSync(app);
  execFileSync('tar', ['-xzf', path.join(work, info.filename), '-C', app, '--strip-components=1']);
  // The lock pins what the image installs (npm pack leaves it out; the Dockerfile copies it too).
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(app, 'package-lock.json'));

  // The production tree, install scripts aside: the one native addon (better-sqlite3) is then taken
  // from this checkout when the same version was compiled here for this very Node (npm ci in CI just
  // did), else compiled now with `--rebuild-native` semantics. Compiling it is a minute alone and
  // many on a busy machine; .ci/run's npm ci and the Dockerfile's deps stage compile it anyway.
  const nodePrefix = path.resolve(path.dirname(process.execPath), '..');
  const nativeBuild = {
    // Its prebuilt-binary download is not reachable here (the npm registry only), and waits minutes.
    npm_config_build_from_source: 'true',
    ...(fs.existsSync(path.join(nodePrefix, 'include/node/common.gypi')) ? { npm_config_nodedir: nodePrefix } : {}),
  };
  step(`npm ci --omit=dev --ignore-scripts in the unpacked package (Node ${process.version})`);
  const flags = ['--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
  let install = npm(['ci', ...flags], app);
  if (install.status !== 0) {
    step(`npm ci refused (${install.stderr.trim().split('\n').slice(-3).join(' / ')}); npm install --omit=dev of the same lock`);
    install = npm(['install', ...flags], app);
    if (install.status !== 0) fail(`npm install --omit=dev failed:\n${install.stderr}`);
  }
  const addon = 'node_modules/better-sqlite3';
  const versionOf = (root) => JSON.parse(fs.readFileSync(path.join(root, addon, 'package.json'), 'utf8')).version;
  const loads = (cwd) =>
    spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd, encoding: 'utf8' });
  const compiledHere = path.join(ROOT, addon, 'build/Release/better_sqlite3.node');
  if (
    !process.argv.includes('--rebuild-native') &&
    fs.existsSync(compiledHere) &&
    versionOf(ROOT) === versionOf(app) &&
    loads(ROOT).status === 0
  ) {
    fs.cpSync(path.join(ROOT, addon, 'build'), path.join(app, addon, 'build'), { recursive: true });
    step(`better-sqlite3 ${versionOf(app)}: the copy compiled in this checkout for Node ${process.version}`);
  } else {
    step('compiling better-sqlite3 (npm rebuild)');
    const rebuilt = npm(['rebuild', 'better-sqlite3'], app, nativeBuild);
    if (rebuilt.status !== 0) fail(`npm rebuild better-sqlite3 failed:\n${rebuilt.stderr}`);
  }
  for (const dev of ['vite', 'vitest', 'eslint', 'drizzle-kit', 'playwright-core'])
    if (fs.existsSync(path.join(app, 'node_modules', dev, 'package.json'))) fail(`a devDependency was installed: ${dev}`);
  const sqlite = loads(app);
  if (sqlite.status !== 0) fail(`better-sqlite3 does not load under Node ${process.version}:\n${sqlite.stderr}`);
  step(`installed; better-sqlite3 loads under Node ${process.version}`);

  // Every secret from the environment: nothing is written beside the code (the image's root is read-only).
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const vapid = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = vapid.privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]).toString(
    'base64url',
  );
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    SESSION_PEPPER: crypto.randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: jwk.d,
    SHUTDOWN_GRACE_SECONDS: '10',
  };
  delete env.PWA_DIR;
  delete env.DATABASE_URL;
  const before = listing(app);
  const other = fs.mkdtempSync(path.join(work, 'cwd-'));

  step('db:migrate (node dist/server/migrate.mjs)');
  const migrate = spawnSync(process.execPath, [path.join(app, 'dist/server/migrate.mjs')], { cwd: other, env, encoding: 'utf8' });
  if (migrate.status !== 0) fail(`migrate failed:\n${migrate.stderr}`);

  step('node dist/server/start.mjs, from another folder');
  let stderr = '';
  server = spawn(process.execPath, [path.join(app, 'dist/server/start.mjs')], { cwd: other, env, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr.on('data', (chunk) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode}:\n${stderr}`);
    const status = await fetch(`${base}/api/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) fail(`/api/ready did not answer 200 within 60 s (last ${status}):\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  step('/api/ready answered 200');
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root"')) fail(`the home page answered ${page.status}`);
  const openapi = await fetch(`${base}/api/openapi.json`);
  if (openapi.status !== 200) fail(`/api/openapi.json answered ${openapi.status}`);

  step('npm run backup of the running server (node dist/server/backup.mjs)');
  const backup = spawnSync(process.execPath, [path.join(app, 'dist/server/backup.mjs'), path.join(work, 'backup')], {
    cwd: other,
    env,
    encoding: 'utf8',
  });
  if (backup.status !== 0) fail(`backup failed:\n${backup.stderr}`);
  if (fs.existsSync(path.join(dataDir, 'secrets.json'))) fail('secrets.json was written although every secret came from the environment');

  step('SIGTERM');
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`the server exited with ${code} after SIGTERM:\n${stderr}`);
  const changed = listing(app).filter((line, i, after) => line !== before[i] || after.length !== before.length);
  if (changed.length > 0) fail(`the server wrote into its install folder: ${changed.slice(0, 5).join(', ')}`);
  step('passed: a production install of the packed build starts, answers ready and stops on SIGTERM');
} catch (error) {
  process.exitCode = 1;
  console.error(`[production-check] FAILED: ${error instanceof CheckFailed ? error.message : (error?.stack ?? error)}`);
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (!process.argv.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
