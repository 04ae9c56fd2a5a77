import { ConfigError } from './config';

/** A reason not to start, written for the operator as it stands (no stack, nothing to decode). */
export class StartupError extends Error {
  override name = 'StartupError';
}

type Env = Record<string, string | undefined>;

/** The codes along an error's causes: Node's (`ECONNREFUSED`), postgres.js's, PostgreSQL's SQLSTATE. */
function codesOf(error: unknown): Array<{ code: string; error: Record<string, unknown> }> {
  const out: Array<{ code: string; error: Record<string, unknown> }> = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const record = e as Record<string, unknown>;
    if (typeof record.code === 'string') out.push({ code: record.code, error: record });
    // AggregateError (a host with several addresses, each refused).
    if (Array.isArray(record.errors)) for (const inner of record.errors) out.push(...codesOf(inner));
  }
  return out;
}

/** DATABASE_URL without its password: `postgres://user@host:port/database`. */
export function describeDatabaseUrl(url: string | undefined): string {
  if (!url) return 'DATABASE_URL';
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `DATABASE_URL (postgres://${user}${parsed.host}${parsed.pathname})`;
  } catch {
    return 'DATABASE_URL';
  }
}

const DATABASE_REFUSALS: Record<string, string> = {
  '28P01': 'refused the password of its user: check the user and password in it',
  '28000': 'refused the connection (no pg_hba.conf entry allows this user, database and address, or the login is not allowed)',
  '3D000': 'has no such database: create it first (createdb), or correct its name',
  '42501': 'refused: the user lacks a privilege the migrations need (it must own the database, or be allowed to CREATE in it)',
  '53300': 'refused the connection: too many connections (raise max_connections, or run fewer processes)',
  '57P03': 'is starting up or shutting down: try again in a moment',
};

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused: is the server running, and listening on that address and port?',
  ENOTFOUND: 'no such host: check the host name',
  EAI_AGAIN: 'the host name could not be looked up: check DNS, or the host name',
  ETIMEDOUT: 'the connection timed out: is a firewall in the way?',
  CONNECT_TIMEOUT: 'the connection timed out: is a firewall in the way?',
  ECONNRESET: 'the server closed the connection: is it a PostgreSQL server, and does it require TLS (?sslmode=require)?',
  EHOSTUNREACH: 'the host is unreachable',
};

/**
 * One clear line for a failure to start, instead of a stack: the settings refused, the port in use,
 * the database unreachable or refusing the login (without its password), the data folder not
 * writable. Anything else: its message (LOG_LEVEL=debug adds the stack).
 */
export function describeStartupError(error: unknown, env: Env = process.env): string {
  if (error instanceof ConfigError || error instanceof StartupError) return error.message;
  const codes = codesOf(error);
  const find = (pred: (code: string) => boolean) => codes.find((entry) => pred(entry.code));

  const listen = find((code) => code === 'EADDRINUSE' || code === 'EACCES');
  if (listen && listen.error.syscall === 'listen') {
    const port = (listen.error.port as number | undefined) ?? env.PORT ?? 8787;
    const host = (listen.error.address as string | undefined) ?? env.HOST ?? '';
    return listen.code === 'EADDRINUSE'
      ? `Port ${port}${host ? ` on ${host}` : ''} is already in use: stop what holds it, or set PORT to a free port.`
      : `Not allowed to listen on port ${port}${host ? ` on ${host}` : ''} (ports below 1024 need privileges): set PORT to 1024 or above.`;
  }

  if (env.DATABASE_URL?.trim()) {
    const where = describeDatabaseUrl(env.DATABASE_URL.trim());
    const refusal = find((code) => code in DATABASE_REFUSALS);
    if (refusal) return `The PostgreSQL server of ${where} ${DATABASE_REFUSALS[refusal.code]} (${refusal.code}).`;
    const network = find((code) => code in NETWORK_CODES);
    if (network) return `Cannot reach the PostgreSQL server of ${where}: ${NETWORK_CODES[network.code]} (${network.code}).`;
  }

  const file = find((code) => ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_FULL'].includes(code));
  if (file) {
    const where = typeof file.error.path === 'string' ? file.error.path : (env.DATA_DIR ?? './data');
    return `Cannot write ${where} (${file.code}): DATA_DIR must be a folder this user can write, on a writable, not full, file system.`;
  }

  const message = error instanceof Error ? error.message : String(error);
  const stack = env.LOG_LEVEL === 'debug' && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `Could not start: ${message.split('\n')[0]}${stack}`;
}
