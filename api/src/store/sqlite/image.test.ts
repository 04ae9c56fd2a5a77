import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from './client';
import { createFromImage, imageFile, knownImage, migrationsKey } from './image';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS, type Migrations } from '../migrations';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-image-'));
  dirs.push(dir);
  return dir;
};

/** Everything a database holds of its schema and its journal of applied migrations. */
function shapeOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      schema: db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all(),
      journal: db.prepare('SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at').all(),
      mode: db.pragma('journal_mode', { simple: true }),
    };
  } finally {
    db.close();
  }
}

/** A copy of the product's migrations without its newest `drop` (an older release's), under a name of its own. */
function olderMigrations(drop: number): Migrations {
  const folder = path.join(tempDir(), 'drizzle');
  fs.cpSync(PRODUCT_MIGRATIONS.sqliteFolder, folder, { recursive: true, filter: (file) => !file.endsWith('_snapshot.json') });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, -drop);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { ...PRODUCT_MIGRATIONS, name: 'older', sqliteFolder: folder };
}

describe('a new SQLite database made from the image of its migrations', () => {
  it('holds what replaying every migration gives, the journal included, in WAL mode', () => {
    for (const migrations of [PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS]) {
      const dir = tempDir();
      const made = path.join(dir, 'made.sqlite');
      closeDatabase(openDatabase(made, migrations));
      // An empty file that exists is migrated statement by statement, as before images.
      const replayed = path.join(dir, 'replayed.sqlite');
      fs.writeFileSync(replayed, '');
      closeDatabase(openDatabase(replayed, migrations));
      const shape = shapeOf(made);
      expect(shape.schema.length).toBeGreaterThan(5);
      expect(shape).toEqual(shapeOf(replayed));
      expect(shape.mode).toBe('wal');
      expect(fs.statSync(made).mode & 0o777).toBe(0o600);
    }
  });

  it('takes a later migration as any file does', () => {
    const older = olderMigrations(3);
    const file = path.join(tempDir(), 'bidpilot.sqlite');
    closeDatabase(openDatabase(file, older));
    expect(shapeOf(file).journal).toHaveLength(
      JSON.parse(fs.readFileSync(path.join(older.sqliteFolder, 'meta/_journal.json'), 'utf8')).entries.length,
    );
    closeDatabase(openDatabase(file));
    const current = path.join(tempDir(), 'current.sqlite');
    closeDatabase(openDatabase(current));
    expect(shapeOf(file)).toEqual(shapeOf(current));
  });

  it('is named by its migrations: another set of migrations never takes it', () => {
    const older = olderMigrations(1);
    expect(migrationsKey(older.sqliteFolder)).not.toBe(migrationsKey(PRODUCT_MIGRATIONS.sqliteFolder));
    expect(imageFile(older)).not.toBe(imageFile({ ...PRODUCT_MIGRATIONS, name: 'older' }));
    // A migration's text changed under the same journal: another image too.
    const edited = olderMigrations(1);
    const first = JSON.parse(fs.readFileSync(path.join(edited.sqliteFolder, 'meta/_journal.json'), 'utf8')).entries[0].tag as string;
    fs.appendFileSync(path.join(edited.sqliteFolder, `${first}.sql`), '\n-- changed\n');
    expect(migrationsKey(edited.sqliteFolder)).not.toBe(migrationsKey(older.sqliteFolder));
    // The build's images are found by that name (when this checkout has been built).
    if (fs.existsSync(imageFile(PRODUCT_MIGRATIONS)))
      expect(knownImage(PRODUCT_MIGRATIONS)).toEqual(fs.readFileSync(imageFile(PRODUCT_MIGRATIONS)));
  });

  it('is linked in place whole: of two processes making the same file, the first wins and the other opens it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'bidpilot.sqlite');
    const image = (fill: number) => Buffer.alloc(4096, fill);
    createFromImage(file, image(1));
    createFromImage(file, image(2));
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(20)).toEqual(image(1).subarray(20));
    // Marked for WAL (the file format's versions), as the store opens it.
    expect([bytes[18], bytes[19]]).toEqual([2, 2]);
    expect(fs.readdirSync(dir)).toEqual(['bidpilot.sqlite']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
