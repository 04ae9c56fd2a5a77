// `npm start`: runs the server bundle built ahead (built first if missing or stale), no
// transpiling at run time. `node scripts/launch.mjs serve-api` runs the API alone.
import { ENTRIES, ensureServerBuild } from './server-build.mjs';

const entry = process.argv[2] ?? 'start';
if (!(entry in ENTRIES)) {
  console.error(`Unknown entry ${entry}; one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(1);
}
// Stack traces name lines of dist/server/*.mjs (readable: not minified, each module headed by its
// source path); NODE_OPTIONS=--enable-source-maps maps them to the sources, at a cost to start-up.
await import(await ensureServerBuild(entry));
