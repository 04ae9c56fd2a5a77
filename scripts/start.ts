import { fileURLToPath } from 'node:url';
import { runServer } from './lib/run-server';

/**
 * The server (`node dist/server/start.mjs` in production; `npm start` builds it first in a
 * checkout): the PWA and the API, or one ROLE, until SIGTERM/SIGINT. It builds nothing itself.
 * With ROLE=all it starts the runner as a child process of this same bundle (RUNNER_PROCESS).
 */
await runServer({ banner: true, runnerEntry: fileURLToPath(new URL('../dist/server/start.mjs', import.meta.url)) });
