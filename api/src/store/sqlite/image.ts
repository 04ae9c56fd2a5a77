import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migrations } from '../migrations';

/**
 * A new SQLite database starts as a copy of an empty one with every migration applied (its image:
 * the file's bytes), not by replaying the migrations' two hundred statements one by one, which was
 * most of a first start's time and of every test's set-up. The image is made by the store's own
 * migrator (client.ts) on an in-memory database, so it holds exactly what replaying them gives,
 * drizzle's journal of applied migrations included: a later migration applies to it as to any file.
 * `npm run build` writes the images beside the bundle (IMAGE_DIR, scripts/sqlite-images.ts), so a
 * server's first start reads one instead of making it; any process makes one once for itself when
 * it has none for the migrations it carries. Each is named by a hash of those migrations, so an image
 * of other migrations is never used.
 */

/** Where the server build keeps the images: dist/server/sqlite-images in the checkout or the installed package. */
export const IMAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist/server/sqlite-images');

const keys = new Map<string, string>();

/** The migrations in `folder` as they are now: a hash of drizzle's journal and of every SQL file it lists. */
export function migrationsKey(folder: string): string {
  let key = keys.get(folder);
  if (key === undefined) {
    const journal = fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8');
    const hash = crypto.createHash('sha256').update(journal);
    for (const entry of (JSON.parse(journal) as { entries: Array<{ tag: string }> }).entries)
      hash.update('\0').update(fs.readFileSync(path.join(folder, `${entry.tag}.sql`)));
    key = hash.digest('hex').slice(0, 16);
    keys.set(folder, key);
  }
  return key;
}

/** The file the image of `migrations` has in `dir`. */
export const imageFile = (migrations: Migrations, dir = IMAGE_DIR) =>
  path.join(dir, `${migrations.name}-${migrationsKey(migrations.sqliteFolder)}.sqlite`);

const images = new Map<string, Buffer | null>();

/** The image of `migrations` this process has made or read, else the build's file for exactly these migrations, else none. */
export function knownImage(migrations: Migrations): Buffer | undefined {
  const file = imageFile(migrations);
  let image = images.get(file);
  if (image === undefined) {
    try {
      image = fs.readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      image = null;
    }
    images.set(file, image);
  }
  return image ?? undefined;
}

/** The image of `migrations`: the one known (above), else the one `make` makes, then kept for the process's next database. */
export function migratedImage(migrations: Migrations, make: () => Buffer): Buffer {
  let image = knownImage(migrations);
  if (image === undefined) {
    image = make();
    images.set(imageFile(migrations), image);
  }
  return image;
}

/**
 * Creates `file` holding `image`, owner-only (0600), unless it exists: written aside and linked in
 * place, so a process starting at the same moment on the same folder sees either no file or the
 * whole image, never part of it; whichever links first wins and the other opens that file.
 */
export function createFromImage(file: string, image: Buffer): void {
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.new`;
  // In WAL mode from the start, as the store opens it (client.ts): the file format's write and read
  // versions (bytes 18 and 19 of its header) say 2 for WAL, and opening it needs no conversion
  // (which writes the file and waits for the disk).
  const wal = Buffer.from(image);
  wal[18] = 2;
  wal[19] = 2;
  fs.writeFileSync(aside, wal, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
