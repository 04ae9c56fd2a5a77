import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoBox } from '../../kernel/crypto-box';
import { StartupError } from '../../kernel/startup-errors';
import { keyIdsOf } from '../../sealed-key-ids';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS, type Migrations } from '../migrations';
import { closeDatabase, migrationImage, openDatabase } from './client';
import { sqliteFilesReady } from './boot';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-boot-'));
  dirs.push(dir);
  return dir;
};
const keys = (encryptionKey: string, previousEncryptionKeys: string[] = []) => ({ encryptionKey, previousEncryptionKeys });
const newKey = () => crypto.randomBytes(32).toString('hex');

/** Rows written straight into the file, as another process (or an older release) left them. */
function write(file: string, statements: Array<[string, unknown[]]>) {
  const db = new Database(file);
  db.pragma('foreign_keys = OFF');
  for (const [sql, params] of statements) db.prepare(sql).run(...params);
  db.close();
}

describe('the SQLite files checked before the port opens', () => {
  it('makes new files from their images and finds them ready, with nothing else loaded', () => {
    // This process knows both images (the build's, or made once here).
    migrationImage(PRODUCT_MIGRATIONS);
    migrationImage(SANDBOX_MIGRATIONS);
    const dir = tempDir();
    const product = path.join(dir, 'bidpilot.sqlite');
    const sandbox = path.join(dir, 'sandbox.sqlite');
    expect(
      sqliteFilesReady([
        { file: product, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(newKey()) },
        { file: sandbox, migrations: SANDBOX_MIGRATIONS },
      ]),
    ).toBe(true);
    for (const file of [product, sandbox]) {
      const db = new Database(file, { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect((db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n).toBeGreaterThan(0);
      db.close();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it('leaves to the full open a file that lacks a migration, or a new one with no image to make it from', () => {
    const dir = tempDir();
    const file = path.join(dir, 'bidpilot.sqlite');
    closeDatabase(openDatabase(file));
    write(file, [['DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)', []]]);
    expect(sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS }])).toBe(false);
    // Migrations nobody made an image of: the file is left empty, for the store's migrator.
    const unknown: Migrations = { ...PRODUCT_MIGRATIONS, name: `unbuilt-${crypto.randomUUID()}` };
    const fresh = path.join(dir, 'fresh.sqlite');
    expect(sqliteFilesReady([{ file: fresh, migrations: unknown }])).toBe(false);
    expect(fs.statSync(fresh).size).toBe(0);
    closeDatabase(openDatabase(fresh, unknown));
    expect(sqliteFilesReady([{ file: fresh, migrations: unknown }])).toBe(true);
  });

  it("refuses to start when a sealed value needs a key this process lacks: connections, subscriptions' tokens, open billing claims", () => {
    const oldKey = newKey();
    const box = new CryptoBox(oldKey);
    const now = Date.now();
    const cases: Array<Array<[string, unknown[]]>> = [
      [
        [
          'INSERT INTO marketplace_accounts (id, user_id, platform, kind, secret, connected_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          ['a1', 'u1', 'upwork', 'credentials', box.seal('secret', 'aad'), now, now],
        ],
      ],
      [
        [
          'INSERT INTO subscriptions (user_id, plan, status, trial_started_at, trial_ends_at, provider_email_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          ['u1', 'basic', 'active', now, now, box.seal('token', 'aad'), now, now],
        ],
      ],
      [
        [
          'INSERT INTO billing_claims (id, user_id, kind, payload, progress, claim_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          ['c1', 'u1', 'switch', JSON.stringify({ sealed: box.seal('x', 'aad') }), null, now, now],
        ],
      ],
    ];
    for (const rows of cases) {
      const file = path.join(tempDir(), 'bidpilot.sqlite');
      closeDatabase(openDatabase(file));
      write(file, rows);
      const other = newKey();
      expect(() => sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(other) }])).toThrow(StartupError);
      expect(() => sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(other) }])).toThrow(
        new RegExp(`does not open 1 sealed credential .*key id ${keyIdsOf(keys(oldKey))[0]}`),
      );
      expect(sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(oldKey) }])).toBe(true);
      expect(sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(other, [oldKey]) }])).toBe(true);
    }
    // A billing claim done is not looked at.
    const file = path.join(tempDir(), 'bidpilot.sqlite');
    closeDatabase(openDatabase(file));
    write(file, [
      [
        'INSERT INTO billing_claims (id, user_id, kind, payload, progress, claim_until, created_at, done_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ['c1', 'u1', 'switch', JSON.stringify({ sealed: box.seal('x', 'aad') }), null, now, now, now],
      ],
    ]);
    expect(sqliteFilesReady([{ file, migrations: PRODUCT_MIGRATIONS, sealedFor: keys(newKey()) }])).toBe(true);
  });
});
