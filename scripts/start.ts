import { runServer } from './lib/run-server';

/**
 * The server (`node dist/server/start.mjs` in production; `npm start` builds it first in a
 * checkout): the PWA and the API, or one ROLE, until SIGTERM/SIGINT. It builds nothing itself.
 */
await runServer({ banner: true });
