// `npm start` (and `npm run db:migrate`, `backup`, `restore`): runs an entry of the server bundle in
// this very process, so the signal a supervisor sends (`npm start` execs node: npm forwards SIGTERM
// to it and waits) reaches the server itself. In a checkout, the bundle and the PWA are built first
// when missing or stale; in a packed production build (no sources beside it) they are used as built.
// In production run the built server directly: `node dist/server/start.mjs`.
import { ENTRIES, ensureServerBuild, hasSources } from './server-build.mjs';

const entry = process.argv[2] ?? 'start';
if (!(entry in ENTRIES)) {
  console.error(`Unknown entry ${entry}; one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(1);
}
// The entry reads its own arguments as when it is run directly (`node dist/server/backup.mjs <folder>`).
process.argv.splice(2, 1);
try {
  // The PWA this process will serve (a runner serves none; PWA_DIR names one built elsewhere).
  if (entry === 'start' && hasSources() && !process.env.PWA_DIR && process.env.ROLE?.trim() !== 'runner') {
    const { ensurePwaBuild } = await import(await ensureServerBuild('pwa-build'));
    await ensurePwaBuild();
  }
  // Stack traces name lines of dist/server/*.mjs (readable: not minified, each module headed by its
  // source path); NODE_OPTIONS=--enable-source-maps maps them to the sources, at a cost to start-up.
  await import(await ensureServerBuild(entry));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
