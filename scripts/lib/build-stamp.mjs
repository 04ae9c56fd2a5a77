// Plain JavaScript: `npm start` checks its builds with node alone, before anything is built.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The files under `entries` (files or folders, relative to `root`), sorted, dot files, node_modules and tests left out. */
export function inputFiles(root, entries) {
  const out = [];
  const keep = (name) => name !== 'node_modules' && !name.startsWith('.');
  // One readdir with types per folder, no stat per entry: this runs on every `npm start`.
  const walk = (folder) => {
    const children = fs.readdirSync(path.join(root, folder), { withFileTypes: true }).filter((child) => keep(child.name));
    for (const child of children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const entry = folder + path.sep + child.name;
      if (child.isDirectory()) walk(entry);
      else if (child.isFile() && !/\.test\.tsx?$/.test(entry)) out.push(entry);
    }
  };
  for (const entry of entries) {
    let stat;
    try {
      stat = fs.statSync(path.join(root, entry));
    } catch {
      continue; // an input that does not exist (yet)
    }
    if (stat.isDirectory()) walk(entry);
    else if (!/\.test\.tsx?$/.test(entry)) out.push(entry);
  }
  return out;
}

/** What a build was made of: every input's name and bytes. */
export function contentHash(root, files) {
  const hash = crypto.createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** A cheap stand-in: every input's name, size and modification time (no file is read). */
export function statFingerprint(root, files) {
  const hash = crypto.createHash('sha256');
  const base = path.resolve(root) + path.sep;
  for (const file of files) {
    const stat = fs.statSync(base + file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function readStamp(stampFile) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return typeof stamp?.content === 'string' && typeof stamp?.stat === 'string' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the build stamped in `stampFile` was made from the inputs as they are. Judged by content;
 * the files are read only when their names, sizes or times changed since the stamp (a checkout, an
 * edit), so a start with nothing changed reads no source. A same content with new times re-stamps.
 */
export function isBuildFresh(stampFile, root, entries) {
  const stamp = readStamp(stampFile);
  if (!stamp) return false;
  const files = inputFiles(root, entries);
  const stat = statFingerprint(root, files);
  if (stat === stamp.stat) return true;
  if (contentHash(root, files) !== stamp.content) return false;
  fs.writeFileSync(stampFile, JSON.stringify({ content: stamp.content, stat }));
  return true;
}

/** Records that the build in place was made from the inputs as they are now. */
export function writeBuildStamp(stampFile, root, entries) {
  const files = inputFiles(root, entries);
  fs.writeFileSync(stampFile, JSON.stringify({ content: contentHash(root, files), stat: statFingerprint(root, files) }));
}
