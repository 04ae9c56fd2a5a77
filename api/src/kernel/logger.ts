export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|token|secret|code|authorization|cookie|pepper|key/i;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  /** Whether a line at this level would be written (skip building fields that would be dropped). */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
  child(fields: Fields): Logger;
  /** Writes out what is buffered (at exit, before a crash report). */
  flush(): void;
}

/**
 * An error as a log line keeps it: its name and message. A failed database query (drizzle's error,
 * whose message carries the query's parameters: addresses, free text) keeps its SQL and the
 * database's own reason, never the parameters.
 */
function errorFields(error: Error): Record<string, unknown> {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  if (typeof query === 'string' && params !== undefined) {
    const cause = error.cause instanceof Error ? { name: error.cause.name, message: error.cause.message } : undefined;
    return { name: error.name, message: 'Failed query', query, ...(cause ? { cause } : {}) };
  }
  return { name: error.name, message: error.message };
}

/** Replaces the values of fields whose names look secret, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return errorFields(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1)]),
  );
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
 * JSON lines (warnings and errors on stderr); fields whose names look secret are never written.
 * The base fields are checked once, here; each line's own fields when written.
 */
export function createLogger(level: LogLevel = 'info', base: Fields = {}, write: LogSink & { flush?(): void } = directSink): Logger {
  const safeBase = redact(base) as Fields;
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields) => {
    if (ORDER[at] < ORDER[level]) return;
    const record = { t: new Date().toISOString(), level: at, msg, ...safeBase, ...(fields ? (redact(fields) as Fields) : undefined) };
    write(JSON.stringify(record), at === 'error' || at === 'warn');
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    enabled: (at) => ORDER[at] >= ORDER[level],
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
    flush: () => write.flush?.(),
  };
}
