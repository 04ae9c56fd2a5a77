import fs from 'node:fs';
import { migrationImage } from '../api/src/store/sqlite/client';
import { imageFile } from '../api/src/store/sqlite/image';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS } from '../api/src/store/migrations';

/**
 * Part of the server build (scripts/server-build.mjs runs it from the bundle it just made): writes
 * the SQLite images of the product's migrations and of the sandbox's into the folder given, so a
 * first start on a new data folder copies them instead of replaying every migration
 * (api/src/store/sqlite/image.ts).
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: sqlite-images <folder>');
fs.mkdirSync(dir, { recursive: true });
for (const migrations of [PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS]) fs.writeFileSync(imageFile(migrations, dir), migrationImage(migrations));
