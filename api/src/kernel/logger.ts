export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Fields that hold a credential whatever their value looks like, by exact name (case aside): a
 * field merely named like one (`code`, the writer's error code; `keyId`) is written as it is.
 */
const CREDENTIAL_FIELDS = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'passwordHash',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'tokenHash',
    'codeHash',
    'secret',
    'clientSecret',
    'apiKey',
    'authorization',
    'cookie',
    'pepper',
    'sessionPepper',
    'encryptionKey',
    'privateKey',
  ].map((name) => name.toLowerCase()),
);

/**
 * Values that are secrets by their look, wherever they appear in a line: bearer and basic
 * credentials, a URL's password, API keys by their prefixes, Telegram bot tokens, JWTs, long hex
 * (hashes, keys) and long random tokens (a letter and a digit among 32 or more URL-safe characters).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_PATTERNS: Array<[RegExp, string | ((match: string) => string)]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*):[^\s@/]+@/gi, '$1:[redacted]@'],
  [/\b(?:sk|pk|rk)[-_](?:live_|test_|proj-)?[A-Za-z0-9_-]{16,}/g, '[redacted]'],
  [/\b\d{5,}:[A-Za-z0-9_-]{20,}/g, '[redacted]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted]'],
  [/\b[0-9a-fA-F]{32,}\b/g, '[redacted]'],
  // Record ids (UUIDs) are no secret.
  [
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g,
    (match) => (UUID.test(match) ? match : '[redacted]'),
  ],
];

/** The shortest string a pattern above can match: shorter ones are written without a look. */
const SHORTEST_SECRET = 16;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  /**
   * Something a person must act on (a refund Paystack refused, a key the writer refuses): an error
   * line marked `alert`, handed to the alert handler (`withAlerts`: listed for the operator and
   * mailed to OPERATOR_EMAIL).
   */
  alert(msg: string, fields?: Fields): void;
  /** Whether a line at this level would be written (skip building fields that would be dropped). */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
  child(fields: Fields): Logger;
  /** This logger, with alerts also handed to `handler` (its fields already redacted). */
  withAlerts(handler: AlertHandler): Logger;
  /** Writes out what is buffered (at exit, before a crash report). */
  flush(): void;
}

export type AlertHandler = (msg: string, fields: Fields) => void;

export interface LoggerOptions {
  /** Secret values of this process (keys, peppers, passwords in URLs): never written, wherever they appear. */
  secrets?: readonly string[];
  onAlert?: AlertHandler;
}

/** The text with every known secret and every secret-looking value replaced. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  if (text.length < SHORTEST_SECRET && secrets.length === 0) return text;
  let out = text;
  for (const secret of secrets) if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join('[redacted]');
  if (out.length < SHORTEST_SECRET) return out;
  for (const [pattern, replacement] of SECRET_PATTERNS)
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  return out;
}

/**
 * What an error says, without the values it carries: drizzle's failed query keeps its SQL and loses
 * its parameters (a session's token hash, an address); a driver's `detail` (PostgreSQL's "Key
 * (token_hash)=(…)") is left out; the SQLSTATE or error code, an HTTP status and the cause are kept.
 */
function describeError(error: Error, secrets: readonly string[], depth: number): Fields {
  const message = error.message.replace(/\nparams: [\s\S]*$/, '');
  const out: Fields = { name: error.name, message: redactText(message, secrets) };
  const { code, status, transient } = error as { code?: unknown; status?: unknown; transient?: unknown };
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (typeof status === 'number') out.status = status;
  if (typeof transient === 'boolean') out.transient = transient;
  if (error.cause !== undefined && depth < 4) out.cause = redactWith(error.cause, secrets, depth + 1);
  return out;
}

function redactWith(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return describeError(value, secrets, depth);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactWith(item, secrets, depth + 1));
  const out: Fields = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      CREDENTIAL_FIELDS.has(key.toLowerCase()) && item !== null && item !== undefined ? '[redacted]' : redactWith(item, secrets, depth + 1);
  }
  return out;
}

/** Replaces credentials by value (and fields that are credentials by name), at any depth. */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return redactWith(value, secrets, 0);
}

export type LogSink = (line: string, isError: boolean) => void;

/** One synchronous write per line (scripts and tests; the server uses `bufferedSink`). */
export const directSink: LogSink = (line, isError) => (isError ? process.stderr : process.stdout).write(`${line}\n`);

/** How many bytes a buffered sink holds before writing without waiting for the next turn. */
const BUFFER_BYTES = 64 * 1024;

/**
 * A sink that gathers lines and writes each stream's batch with one `write` at the end of the
 * event-loop turn (or at 64 KB), instead of one synchronous write per line. `flush()` writes at once.
 */
export function bufferedSink(
  out: { write(chunk: string): unknown } = process.stdout,
  err: { write(chunk: string): unknown } = process.stderr,
): LogSink & { flush(): void } {
  let outText = '';
  let errText = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (outText) out.write(outText);
    if (errText) err.write(errText);
    outText = '';
    errText = '';
  };
  const sink = (line: string, isError: boolean) => {
    if (isError) errText += `${line}\n`;
    else outText += `${line}\n`;
    if (outText.length + errText.length >= BUFFER_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return Object.assign(sink, { flush });
}

/**
 * JSON lines (warnings and errors on stderr), every credential replaced by `[redacted]` by its
 * value (`redact`). The base fields (a process's role and pid) are redacted once, here; each line's
 * own fields when written.
 */
export function createLogger(
  level: LogLevel = 'info',
  base: Fields = {},
  write: LogSink & { flush?(): void } = directSink,
  options: LoggerOptions = {},
): Logger {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length >= 8);
  const safeBase = redact(base, secrets) as Fields;
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields, extra?: Fields) => {
    if (ORDER[at] < ORDER[level]) return;
    const record = {
      t: new Date().toISOString(),
      level: at,
      msg,
      ...safeBase,
      ...extra,
      ...(fields ? (redact(fields, secrets) as Fields) : undefined),
    };
    write(JSON.stringify(record), at === 'error' || at === 'warn');
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    alert: (msg, fields) => {
      emit('error', msg, fields, { alert: true });
      options.onAlert?.(msg, redact({ ...safeBase, ...fields }, secrets) as Fields);
    },
    enabled: (at) => ORDER[at] >= ORDER[level],
    child: (fields) => createLogger(level, { ...base, ...fields }, write, options),
    withAlerts: (handler) => createLogger(level, base, write, { ...options, onAlert: handler }),
    flush: () => write.flush?.(),
  };
}
