export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|token|secret|code|authorization|cookie|pepper|key/i;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

/** Replaces the values of fields whose names look secret, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1)]),
  );
}

/** JSON lines on stdout/stderr; fields whose names look secret are never written. */
export function createLogger(
  level: LogLevel = 'info',
  base: Fields = {},
  write: (line: string, isError: boolean) => void = (line, isError) =>
    (isError ? process.stderr : process.stdout).write(line + '\n'),
): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields) => {
    if (ORDER[at] < ORDER[level]) return;
    const record = { t: new Date().toISOString(), level: at, msg, ...(redact({ ...base, ...fields }) as Fields) };
    write(JSON.stringify(record), at === 'error' || at === 'warn');
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
