/** The browser's own time zone (the country table is shared: @shared/time-zone-country). */
interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The browser's time zone, or undefined where it cannot tell: from Temporal where the browser has
 * it (at no cost), else from Intl (whose first date format loads the locale's date data: tens of
 * milliseconds on the main thread).
 */
export function browserTimeZone(): string | undefined {
  try {
    const fromTemporal = (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.();
    if (fromTemporal) return fromTemporal;
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
