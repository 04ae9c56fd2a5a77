import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startProcess, stopProcess } from '../../bench/support';

/** The real product (`npm start`: the prebuilt server bundle) on a free port with a fresh data folder. */
export async function startProduct(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // One process (RUNNER_PROCESS=same), unless a test says otherwise: a SIGKILL of it is a crash of
  // the API and the runner together, as these tests mean it (scripts/npm-start.test.ts covers the child).
  const processEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    RUNNER_PROCESS: 'same',
    ...env,
  };
  // launch.mjs runs the server bundle in its own process, so a SIGKILL stops the server itself.
  const spawnProduct = () => startProcess('scripts/launch.mjs', processEnv, `${url}/api/health`);
  let child = await spawnProduct();
  return {
    url,
    dataDir,
    /**
     * Stops the product process (SIGTERM: a clean stop; SIGKILL: a crash) and starts it again on
     * the same data folder and port, as a deploy or a crash of the server would.
     */
    async restart(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      });
      child = await spawnProduct();
    },
    /** Mails the sandbox mailbox holds for an address, newest first. */
    async mail(to: string): Promise<Array<{ subject: string; text: string }>> {
      const res = await fetch(`${url}/sandbox/mail?${new URLSearchParams({ to })}`);
      return ((await res.json()) as { data: Array<{ subject: string; text: string }> }).data;
    },
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Product = Awaited<ReturnType<typeof startProduct>>;

/** Waits for the n-th mail to an address and answers the six-digit code in it. */
export async function codeFromMail(product: Product, to: string, count: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await product.mail(to);
    if (mails.length >= count) {
      const code = mails[0]!.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${count} for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
