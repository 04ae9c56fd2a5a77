import { loadConfig } from '../../api/src/kernel/config';
import { describeStartupError } from '../../api/src/kernel/startup-errors';
import { startServer } from '../../api/src/main';

/**
 * Runs the server in this process until SIGTERM or SIGINT, then stops it within its grace and exits
 * (0, or 1 when the stop itself failed). A failure to start is one line on stderr and exit code 1.
 */
export async function runServer(options: { banner: boolean }): Promise<void> {
  try {
    const config = loadConfig();
    const running = await startServer(config);
    if (options.banner) {
      const role = config.role === 'all' ? '' : ` (ROLE=${config.role})`;
      console.log(
        `\nBidpilot is running at ${running.url}${role}${config.sandbox ? `  (sandbox mode: mail at ${running.url}/sandbox/mail)` : ''}\n`,
      );
    }
    let stopping = false;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`Stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
            process.exit(1);
          },
        );
      });
    }
  } catch (error) {
    console.error(describeStartupError(error));
    process.exit(1);
  }
}
