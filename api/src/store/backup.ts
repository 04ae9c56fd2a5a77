import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir } from '../kernel/private-dir';
import { SECRETS_FILE } from '../kernel/secrets';
import { productDatabaseFile } from './open-store';

/**
 * Backups of the product's data and what opens it (`npm run backup`, `npm run restore`).
 *
 * A backup is a folder: the database (SQLite: a consistent copy taken through SQLite's online
 * backup API, WAL included, while processes keep writing; PostgreSQL: `pg_dump`'s custom format,
 * the `sandbox` schema left out), `secrets.json` when the data folder has one (the sealed
 * marketplace credentials are unreadable without its key, sessions without its pepper), and
 * `backup.json`, which says what is in it. The sandbox's records are never in it: they are thrown
 * away and made again.
 */

/** What `backup.json` records. */
export interface BackupManifest {
  format: 1;
  /** The product's version that took it (package.json). */
  version: string;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** The database's file in the folder. */
  database: string;
  /** Whether secrets.json is in the folder; when not, the secrets came from the environment and must be kept with it. */
  secrets: boolean;
}

export const MANIFEST_FILE = 'backup.json';
const SQLITE_BACKUP = 'bidpilot.sqlite';
const PG_BACKUP = 'bidpilot.pgdump';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** A new folder for a backup, owner-only (it holds the secrets); an existing non-empty one is refused. */
function prepareFolder(dest: string): void {
  if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0)
    throw new BackupError(`${dest} is not empty: name a new folder for the backup`);
  ensurePrivateDir(dest);
}

function copySecrets(dataDir: string, dest: string): boolean {
  const file = path.join(dataDir, SECRETS_FILE);
  if (!fs.existsSync(file)) return false;
  fs.copyFileSync(file, path.join(dest, SECRETS_FILE));
  fs.chmodSync(path.join(dest, SECRETS_FILE), 0o600);
  return true;
}

function writeManifest(dest: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(dest, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${folder} is not a Bidpilot backup (no ${MANIFEST_FILE})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || !['sqlite', 'postgres'].includes(manifest.engine)) throw new BackupError(`${file} is of an unknown format`);
  return manifest;
}

/**
 * SQLite: the product's file copied page by page through the online backup API, from a connection
 * of its own, while the server runs (a plain copy of the file of a running instance misses what is
 * still in its WAL). The copy is checked before it counts.
 */
export async function backupSqlite(dataDir: string, dest: string, version: string): Promise<BackupManifest> {
  const source = productDatabaseFile(dataDir);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
  prepareFolder(dest);
  const target = path.join(dest, SQLITE_BACKUP);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
  // One self-contained file: the copy leaves WAL mode (a restore's open turns it on again).
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.chmodSync(target, 0o600);
  checkSqlite(target);
  const manifest: BackupManifest = {
    format: 1,
    version,
    createdAt: new Date().toISOString(),
    engine: 'sqlite',
    database: SQLITE_BACKUP,
    secrets: copySecrets(dataDir, dest),
  };
  writeManifest(dest, manifest);
  return manifest;
}

function checkSqlite(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(result)}`);
    const users = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'users'").get() as { n: number };
    if (users.n !== 1) throw new BackupError(`${file} holds no product tables`);
  } finally {
    db.close();
  }
}

/** A PostgreSQL client program: from PG_BIN when set (as the tests' server), else on PATH. */
function pgProgram(name: string, env: Record<string, string | undefined>): string {
  return env.PG_BIN ? path.join(env.PG_BIN, name) : name;
}

/** The URL without its password, and the password apart (given to pg_dump through PGPASSWORD, never on its command line). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

function runPg(program: string, args: string[], databaseUrl: string): void {
  const { url, password } = splitPassword(databaseUrl);
  const result = spawnSync(program, [...args, `--dbname=${url}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    encoding: 'utf8',
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(
      `${program} was not found: install PostgreSQL's client programs (of the server's major version or newer), or set PG_BIN to their folder, and run again`,
    );
  }
  if (result.status !== 0) throw new BackupError(`${path.basename(program)} failed: ${(result.stderr || result.stdout || '').trim()}`);
}

/**
 * PostgreSQL: `pg_dump --format=custom` of the product's data (the `sandbox` schema left out), a
 * consistent snapshot taken while the processes keep writing.
 */
export function backupPostgres(databaseUrl: string, dataDir: string, dest: string, version: string, env = process.env): BackupManifest {
  prepareFolder(dest);
  const target = path.join(dest, PG_BACKUP);
  runPg(pgProgram('pg_dump', env), ['--format=custom', '--no-owner', '--exclude-schema=sandbox', `--file=${target}`], databaseUrl);
  fs.chmodSync(target, 0o600);
  const manifest: BackupManifest = {
    format: 1,
    version,
    createdAt: new Date().toISOString(),
    engine: 'postgres',
    database: PG_BACKUP,
    secrets: copySecrets(dataDir, dest),
  };
  writeManifest(dest, manifest);
  return manifest;
}

/** Copies the backup's secrets.json into the data folder, unless one is there already with other secrets (refused without `force`). */
function restoreSecrets(folder: string, manifest: BackupManifest, dataDir: string, force: boolean): 'restored' | 'same' | 'none' {
  if (!manifest.secrets) return 'none';
  const from = path.join(folder, SECRETS_FILE);
  const to = path.join(dataDir, SECRETS_FILE);
  ensurePrivateDir(dataDir);
  if (fs.existsSync(to)) {
    if (fs.readFileSync(to, 'utf8') === fs.readFileSync(from, 'utf8')) return 'same';
    if (!force) throw new BackupError(`${to} exists with other secrets: move it away, or pass --force to replace it with the backup's`);
  }
  fs.copyFileSync(from, `${to}.restoring`);
  fs.chmodSync(`${to}.restoring`, 0o600);
  fs.renameSync(`${to}.restoring`, to);
  return 'restored';
}

/**
 * Restores a SQLite backup into `dataDir` (the processes on it stopped): the database file put in
 * place whole (an existing one is refused without `force`, and kept aside with it), the WAL and
 * shared-memory files of the one before removed, and the secrets copied back.
 */
export function restoreSqlite(folder: string, dataDir: string, force = false): { database: string; secrets: string; keptAside?: string } {
  const manifest = readManifest(folder);
  if (manifest.engine !== 'sqlite') throw new BackupError(`${folder} is a ${manifest.engine} backup: restore it with DATABASE_URL set`);
  const source = path.join(folder, manifest.database);
  checkSqlite(source);
  const target = productDatabaseFile(dataDir);
  ensurePrivateDir(dataDir);
  let keptAside: string | undefined;
  if (fs.existsSync(target)) {
    if (!force) throw new BackupError(`${target} exists: stop every process on it, then pass --force (it is kept aside, not deleted)`);
    keptAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    // The live database with its WAL, folded in, is what is kept aside.
    const live = new Database(target);
    try {
      live.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      live.close();
    }
    fs.renameSync(target, keptAside);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true });
  const secrets = restoreSecrets(folder, manifest, dataDir, force);
  fs.copyFileSync(source, `${target}.restoring`);
  fs.chmodSync(`${target}.restoring`, 0o600);
  fs.renameSync(`${target}.restoring`, target);
  return { database: target, secrets, ...(keptAside ? { keptAside } : {}) };
}

/**
 * Restores a PostgreSQL backup with `pg_restore` into the database DATABASE_URL names, which must
 * hold no product tables (a new, empty database) unless `force` (then `--clean` drops what the
 * dump holds first).
 */
export function restorePostgres(
  folder: string,
  databaseUrl: string,
  dataDir: string,
  options: { force?: boolean; env?: Record<string, string | undefined> } = {},
): { secrets: string } {
  const manifest = readManifest(folder);
  if (manifest.engine !== 'postgres') throw new BackupError(`${folder} is a SQLite backup: restore it without DATABASE_URL`);
  const env = options.env ?? process.env;
  const secrets = restoreSecrets(folder, manifest, dataDir, options.force ?? false);
  runPg(
    pgProgram('pg_restore', env),
    [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(options.force ? ['--clean', '--if-exists'] : []),
      path.join(folder, manifest.database),
    ],
    databaseUrl,
  );
  return { secrets };
}
