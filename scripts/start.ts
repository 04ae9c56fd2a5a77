import { loadConfig } from '../api/src/kernel/config';
import { startServer } from '../api/src/main';
import { ensurePwaBuild } from './pwa-build';

/** `npm start`: build the PWA if missing or stale, migrate, and serve the PWA and the API (or one ROLE). */
async function main() {
  const config = loadConfig();
  // A runner process serves no pages.
  if (config.role !== 'runner') await ensurePwaBuild();
  const running = await startServer(config);
  const role = config.role === 'all' ? '' : ` (ROLE=${config.role})`;
  console.log(
    `\nBidpilot is running at ${running.url}${role}${config.sandbox ? `  (sandbox mode: mail at ${running.url}/sandbox/mail)` : ''}\n`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void running.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
