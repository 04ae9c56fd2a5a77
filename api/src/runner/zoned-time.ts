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

export function localParts(date: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
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
  if (known && known.start.getTime() <= date.getTime() && date.getTime() < known.end.getTime()) return { start: known.start, end: known.end };
  const p = localParts(date, timeZone);
  const start = zonedToUtc(p.year, p.month, p.day, 0, 0, timeZone);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const end = zonedToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
  if (lastDay.size >= 1000) lastDay.clear();
  lastDay.set(timeZone, { start, end });
  return { start, end };
}
