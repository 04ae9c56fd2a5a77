import { loadConfig } from '../api/src/config';
import { startServer } from '../api/src/server';
import { ensurePwaBuild } from './pwa-build';

/** `npm start`: build the PWA if missing or stale, migrate, and serve the PWA and the API. */
async function main() {
  const config = loadConfig();
  await ensurePwaBuild();
  const running = await startServer(config);
  console.log(`\nBidpilot is running at ${running.url}${config.sandbox ? `  (sandbox mode: mail at ${running.url}/sandbox/mail)` : ''}\n`);
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
