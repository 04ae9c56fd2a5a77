import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mendPostgresConnection } from './server-build.mjs';

/**
 * The server bundle's copy of postgres.js, mended (scripts/server-build.mjs), against a PostgreSQL
 * that goes away at the moments the driver mishandles: the queries waiting on the connection fail,
 * the process goes on.
 */

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * A PostgreSQL stand-in on loopback: it lets a session in (trust authentication, then ready for
 * queries) and resets the connection (RST: `read ECONNRESET` on the client) on the session's first
 * query, as a server going down does to the sessions it had.
 */
async function resettingServer(): Promise<{ url: string; queries: () => number }> {
  let queries = 0;
  const server = net.createServer((socket) => {
    let started = false;
    socket.on('error', () => undefined);
    socket.on('data', () => {
      if (started) {
        queries++;
        socket.resetAndDestroy();
        return;
      }
      started = true;
      // AuthenticationOk, then ReadyForQuery (idle).
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  const address = server.address() as net.AddressInfo;
  return { url: `postgres://bidpilot@127.0.0.1:${address.port}/bidpilot`, queries: () => queries };
}

/** Bundles `source` (which imports postgres) as the server build does, with the mend, and runs it. */
async function runBundled(source: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const esbuild = await import('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-pg-mend-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = path.join(dir, 'entry.mjs');
  fs.writeFileSync(entry, source);
  const outfile = path.join(dir, 'bundle.mjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    nodePaths: [path.resolve(import.meta.dirname, '../node_modules')],
    logLevel: 'silent',
    plugins: [mendPostgresConnection],
  });
  const child = spawn(process.execPath, [outfile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe("the server bundle's postgres.js", () => {
  it('a connection reset while a new session reads its array types fails the waiting query, and the process goes on', async () => {
    const server = await resettingServer();
    const run = await runBundled(
      [
        "import postgres from 'postgres';",
        'const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => undefined });',
        'try {',
        '  await sql`select 1`;',
        "  console.log('answered');",
        '} catch (error) {',
        "  console.log('failed:', error.code);",
        '}',
        '// The process lives on past the failure (an unhandled rejection would end it first).',
        'await new Promise((resolve) => setTimeout(resolve, 200));',
        "console.log('still running');",
        'await sql.end({ timeout: 0 });',
      ].join('\n'),
      { DATABASE_URL: server.url },
    );
    // The session's first query is the driver's own (its array types): the reset came then.
    expect(server.queries()).toBe(1);
    expect(run.stderr).not.toMatch(/ECONNRESET|triggerUncaughtException/);
    expect(run.stdout).toBe('failed: ECONNRESET\nstill running\n');
    expect(run.code).toBe(0);
  });
});
