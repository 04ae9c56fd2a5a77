import { loadConfig } from '../../api/src/kernel/config';
import { describeStartupError } from '../../api/src/kernel/startup-errors';
import { startServer } from '../../api/src/main';
import { serveRunnerParent, startRunnerChild, type RunnerChild } from './runner-child';

/** Set in the environment of the runner child `npm start` starts (scripts/lib/runner-child.ts). */
const RUNNER_CHILD = 'BIDPILOT_RUNNER_CHILD';

/**
 * Runs the server in this process until SIGTERM or SIGINT, then stops it within its grace and exits
 * (0, or 1 when the stop itself failed). A failure to start is one line on stderr and exit code 1.
 *
 * `runnerEntry` (the start entry, `npm start`): with ROLE=all and RUNNER_PROCESS=child (the
 * defaults) this process serves the API alone and runs the runner in a child process started from
 * that entry with ROLE=runner, once this process has opened the database (migrations applied) and built its app. The
 * child is started again if it dies, is stopped with this process (both on SIGTERM or SIGINT), and
 * its metrics are served with this process's. Without it (`serve-api`, tests) or with
 * RUNNER_PROCESS=same, one process does both.
 */
export async function runServer(options: { banner: boolean; runnerEntry?: string }): Promise<void> {
  try {
    const config = loadConfig();
    const isChild = process.env[RUNNER_CHILD] === '1' && config.role === 'runner';
    const withChild = !isChild && config.role === 'all' && config.runnerProcess === 'child' && options.runnerEntry !== undefined;
    const running = await startServer(withChild ? { ...config, role: 'api' } : config);
    let child: RunnerChild | undefined;
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      // The runner child stops beside this process: its runs under way end within its own grace
      // and it gives back its leases; past that and a margin, it is killed.
      Promise.all([running.stop(), child?.stop(config.shutdownGraceMs + 10_000)]).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
    };
    // Before anything is awaited: the port is open (and answers its liveness check), so a SIGTERM may
    // come while this process still builds its app; it stops then too, and starts no child.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
    if (withChild) {
      // This process's app first: the child's own start-up would otherwise take the cores from it,
      // and the first visitor waits for this one.
      await running.appBuilt;
      if (stopping) return;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        [RUNNER_CHILD]: '1',
        ROLE: 'runner',
        // Its own port, on loopback: it answers its health checks and its own sandbox there, nothing else.
        PORT: '0',
        HOST: '127.0.0.1',
        // The links in the mail and notices it sends point at this server.
        PUBLIC_URL: running.url,
      };
      // Its metrics are served by this process, with this one's (below).
      delete env.METRICS_PORT;
      delete env.METRICS_TOKEN;
      child = startRunnerChild({ entry: options.runnerEntry!, env, log: running.log });
      const runner = child;
      (await running.metrics()).include(() => runner.metricsWithStatus());
    }
    if (options.banner && !isChild) {
      const role = config.role === 'all' ? '' : ` (ROLE=${config.role})`;
      console.log(
        `\nBidpilot is running at ${running.url}${role}${config.sandbox ? `  (sandbox mode: mail at ${running.url}/sandbox/mail)` : ''}\n`,
      );
    }
    // The runner child stops when the server that started it goes away (killed: its channel closes).
    if (isChild) serveRunnerParent(async () => (await running.metrics()).text(), stop);
  } catch (error) {
    console.error(describeStartupError(error));
    process.exit(1);
  }
}
