/** The local month as two instants, as `GET /sync/figures` takes it (the month `inLocalMonth` counts). */
export function localMonth(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getFullYear(), now.getMonth(), 1), end: new Date(now.getFullYear(), now.getMonth() + 1, 1) };
}

/** The dashboard's question for the server's counts of the local month of `now` (under the API's base). */
export function figuresPath(now: Date): string {
  const month = localMonth(now);
  const query = new URLSearchParams({ monthStart: month.start.toISOString(), monthEnd: month.end.toISOString() });
  return `/sync/figures?${query}`;
}
