/** Wall-clock parts of an instant in an IANA time zone. */
export interface LocalParts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function validTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The parts as Intl formats them: exact, and slow (a few microseconds). */
function formattedParts(date: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** Zone offsets are worked out per quarter of an hour (every zone's changes of offset fall on one today). */
const SPAN_MS = 15 * 60_000;
const MINUTE_MS = 60_000;
/** Per zone, per span: the zone's offset all through it (ms), or null when it changes inside it. */
const spanOffsets = new Map<string, Map<number, number | null>>();

/** The zone's offset from UTC at `ms` (whole minutes), read from Intl. */
function offsetAt(ms: number, timeZone: string): number {
  const p = formattedParts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - (ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS));
}

/** The offset that holds through the span of `ms`, or null when it changes inside it (or is not whole minutes). */
function spanOffset(ms: number, timeZone: string): number | null {
  const span = Math.floor(ms / SPAN_MS);
  let spans = spanOffsets.get(timeZone);
  if (!spans) {
    if (spanOffsets.size >= 1000) spanOffsets.clear();
    spanOffsets.set(timeZone, (spans = new Map()));
  }
  let offset = spans.get(span);
  if (offset === undefined) {
    const start = offsetAt(span * SPAN_MS, timeZone);
    const end = offsetAt((span + 1) * SPAN_MS - MINUTE_MS, timeZone);
    offset = start === end && start % MINUTE_MS === 0 ? start : null;
    if (spans.size >= 256) spans.clear();
    spans.set(span, offset);
  }
  return offset;
}

/**
 * The wall-clock parts of an instant in a zone. Intl is asked once per zone and quarter of an hour
 * (the runner asks for every agent, at the same few instants); inside a quarter where the offset
 * holds, the parts are the UTC parts of the instant moved by it. Where it changes, Intl answers.
 */
export function localParts(date: Date, timeZone: string): LocalParts {
  const offset = spanOffset(date.getTime(), timeZone);
  if (offset === null) return formattedParts(date, timeZone);
  const local = new Date(date.getTime() + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** The instant a wall-clock time in a zone happens (the earlier one across a DST fold). */
export function zonedToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const p = localParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    const diff = wanted - seen;
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}

/** The last local day named for each zone: every instant inside its bounds has the same name. */
const lastName = new Map<string, { start: number; end: number; day: string }>();

/** The local calendar day of an instant, `YYYY-MM-DD`. */
export function localDay(date: Date, timeZone: string): string {
  const at = date.getTime();
  const known = lastName.get(timeZone);
  if (known && known.start <= at && at < known.end) return known.day;
  const p = localParts(date, timeZone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const { start, end } = localDayBounds(date, timeZone);
  if (lastName.size >= 1000) lastName.clear();
  lastName.set(timeZone, { start: start.getTime(), end: end.getTime(), day });
  return day;
}

/** The last local day worked out for each zone: every instant inside it has the same bounds. */
const lastDay = new Map<string, { start: Date; end: Date }>();

/** The instants the local day of `date` starts and ends. */
export function localDayBounds(date: Date, timeZone: string): { start: Date; end: Date } {
  const known = lastDay.get(timeZone);
  if (known && known.start.getTime() <= date.getTime() && date.getTime() < known.end.getTime())
    return { start: known.start, end: known.end };
  const p = localParts(date, timeZone);
  const start = zonedToUtc(p.year, p.month, p.day, 0, 0, timeZone);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const end = zonedToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
  if (lastDay.size >= 1000) lastDay.clear();
  lastDay.set(timeZone, { start, end });
  return { start, end };
}
