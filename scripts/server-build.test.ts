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

/** How the stand-in ends a session at its first query. */
type Ending = 'reset' | 'terminate';

/** ErrorResponse: what a session gets from a PostgreSQL shutting down (or pg_terminate_backend). */
function terminating(): Buffer {
  const fields = Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0');
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A PostgreSQL stand-in on loopback: it lets a session in (trust authentication, then ready for
 * queries) and ends the first session at its first query as a server going down does: a reset
 * (RST: `read ECONNRESET` on the client), or its FATAL error and a close. Later sessions are let in
 * (and their queries left unanswered).
 */
async function stoppingServer(ending: Ending): Promise<{ url: string; endedAt: () => string | undefined }> {
  /** What the stopped session was sent when it ended. */
  let endedAt: string | undefined;
  const server = net.createServer((socket) => {
    let started = false;
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => {
      if (started) {
        if (endedAt !== undefined) return;
        endedAt = data.toString('latin1');
        if (ending === 'reset') socket.resetAndDestroy();
        else socket.end(terminating());
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
  return { url: `postgres://bidpilot@127.0.0.1:${address.port}/bidpilot`, endedAt: () => endedAt };
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
  it.each([
    ['reset', 'ECONNRESET'],
    ['terminated', '57P01'],
  ] as const)('a session %s while it reads its array types fails the waiting query, and the process goes on', async (how, code) => {
    const server = await stoppingServer(how === 'reset' ? 'reset' : 'terminate');
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
    // The session's first query is the driver's own (its array types): the stop came then.
    expect(server.endedAt()).toMatch(/from pg_catalog\.pg_type/);
    expect(run.stderr).not.toMatch(/ECONNRESET|57P01|triggerUncaughtException/);
    expect(run.stdout).toBe(`failed: ${code}\nstill running\n`);
    expect(run.code).toBe(0);
  });
});
