import module from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The server (`node dist/server/start.mjs` in production; `npm start` builds it first in a
 * checkout): the PWA and the API, or one ROLE, until SIGTERM/SIGINT. It builds nothing itself.
 * With ROLE=all it starts the runner as a child process of this same bundle (RUNNER_PROCESS).
 *
 * Node's compile cache is on before the server's code loads (it is imported below, not statically,
 * so this runs first): a start after the first one reads V8's compiled code for the 2 MB of bundle
 * instead of compiling it again (half of the start's CPU was compiling). It lives where
 * NODE_COMPILE_CACHE says, else in the system's temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns
 * it off. A folder it cannot write leaves the start as it was.
 */
// (Node 22.1 and later; this repository's @types/node is older.)
(module as typeof module & { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runServer } = await import('./lib/run-server');
await runServer({ banner: true, runnerEntry: fileURLToPath(new URL('../dist/server/start.mjs', import.meta.url)) });
