import { loadConfig } from '../api/src/kernel/config';
import { startServer } from '../api/src/main';

/** The API alone (used by `npm run dev`, where Vite serves the PWA). */
const running = await startServer(loadConfig());
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
