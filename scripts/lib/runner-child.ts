import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from '../../api/src/kernel/logger';

/** How long a runner child that died waits before it is started again: doubling from `firstMs` up to `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A child that ran this long before dying counts as healthy: the next wait starts again from `firstMs`. */
  steadyMs: number;
}

const DEFAULT_BACKOFF: Backoff = { firstMs: 1000, maxMs: 60_000, steadyMs: 60_000 };

/** The wait before the `failures`-th restart in a row (1 for the first). */
export function restartDelay(failures: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, failures - 1));
}

/** The messages between the server and its runner child over the IPC channel. */
type ToChild = { type: 'metrics'; id: number };
type FromChild = { type: 'metrics'; id: number; text: string };

export interface RunnerChild {
  /** The child's pid while one runs. */
  readonly pid: number | undefined;
  /** How many times the child died while it was to run (each death is followed by a restart). */
  readonly deaths: number;
  /**
   * The child's Prometheus text, or undefined when no child answers within `timeoutMs`; either way
   * followed by this server's view of it: `bidpilot_runner_process_up` (1 when the child answered,
   * 0 while it is down or restarting, for an operator's alert) and `bidpilot_runner_process_deaths_total`.
   */
  metricsWithStatus(timeoutMs?: number): Promise<string>;
  /** The child's Prometheus text, or undefined when no child answers within `timeoutMs`. */
  metrics(timeoutMs?: number): Promise<string | undefined>;
  /**
   * SIGTERM to the child (which stops as any server does: its runs under way end within its grace,
   * and it gives back its leases), SIGKILL if it has not exited within `waitMs`; restarts no more.
   */
  stop(waitMs: number): Promise<void>;
}

/**
 * The runner of `npm start` in a process of its own (ROLE=runner, the same server entry): the API's
 * process starts it once its own database is open (migrations applied, secrets written), so the child
 * finds both ready. Its logs go to the same stdout and stderr (each line names its role and pid);
 * its metrics are read over the IPC channel. A child that dies is started again after a wait that
 * doubles with each death in a row.
 */
export function startRunnerChild(options: {
  /** The server's start entry (dist/server/start.mjs). */
  entry: string;
  /** The child's environment: the server's own, with ROLE=runner and its own port. */
  env: NodeJS.ProcessEnv;
  log: Logger;
  backoff?: Backoff;
}): RunnerChild {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let deaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, (text: string | undefined) => void>();
  let exited: Promise<void> = Promise.resolve();

  const spawnChild = () => {
    const startedAt = Date.now();
    const started = fork(options.entry, [], { env: options.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    options.log.info('runner process started', { runnerPid: started.pid });
    started.on('message', (message: FromChild) => {
      if (message?.type !== 'metrics') return;
      waiting.get(message.id)?.(message.text);
    });
    // An IPC write to a child that has just died; its exit is what counts.
    started.on('error', (error) => options.log.warn('runner process error', { error: error.message }));
    exited = new Promise<void>((resolve) =>
      started.once('exit', (code, signal) => {
        if (child === started) child = undefined;
        for (const answer of waiting.values()) answer(undefined);
        waiting.clear();
        resolve();
        if (stopping) return;
        deaths += 1;
        failures = Date.now() - startedAt >= backoff.steadyMs ? 1 : failures + 1;
        const delayMs = restartDelay(failures, backoff);
        options.log.error('runner process died; starting it again', { code, signal, delayMs, failures });
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (!stopping) spawnChild();
        }, delayMs);
      }),
    );
  };
  spawnChild();

  const handle: RunnerChild = {
    get pid() {
      return child?.pid;
    },
    get deaths() {
      return deaths;
    },
    async metricsWithStatus(timeoutMs) {
      const text = await handle.metrics(timeoutMs);
      const status = [
        '# HELP bidpilot_runner_process_up 1 when the runner process started by this server answers, 0 while it is down or restarting.',
        '# TYPE bidpilot_runner_process_up gauge',
        `bidpilot_runner_process_up ${text === undefined ? 0 : 1}`,
        '# HELP bidpilot_runner_process_deaths_total Times the runner process died and was started again.',
        '# TYPE bidpilot_runner_process_deaths_total counter',
        `bidpilot_runner_process_deaths_total ${deaths}`,
        '',
      ].join('\n');
      return `${text ?? ''}\n${status}`;
    },
    metrics(timeoutMs = 2000) {
      const current = child;
      if (!current?.connected) return Promise.resolve(undefined);
      const id = ++nextId;
      return new Promise<string | undefined>((resolve) => {
        const timer = setTimeout(() => answer(undefined), timeoutMs);
        const answer = (text: string | undefined) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(text);
        };
        waiting.set(id, answer);
        current.send({ type: 'metrics', id } satisfies ToChild, (error) => error && answer(undefined));
      });
    },
    async stop(waitMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      current.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
      if ((await Promise.race([exited, late])) === 'late') {
        options.log.warn('runner process did not stop in time; killing it', { runnerPid: current.pid });
        current.kill('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
    },
  };
  return handle;
}

/**
 * In the runner child: answers the server's requests for its metrics, and stops (`stop`) when the
 * server that started it goes away without saying so (its IPC channel closes: it was killed).
 */
export function serveRunnerParent(metricsText: () => Promise<string>, stop: () => void): void {
  if (!process.send) return;
  process.on('message', (message: ToChild) => {
    if (message?.type !== 'metrics') return;
    metricsText().then(
      (text) => process.send?.({ type: 'metrics', id: message.id, text } satisfies FromChild),
      () => process.send?.({ type: 'metrics', id: message.id, text: '' } satisfies FromChild),
    );
  });
  process.once('disconnect', stop);
}
