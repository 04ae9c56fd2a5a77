/**
 * Active hours (UTC, the time zone of an account made without one) half a day away from now: an
 * agent activated with them is not due, so the runner, which an activation wakes at once, leaves it
 * alone, and a test's Run now (which ignores the hours) is the only run.
 */
export function hoursAwayFromNow(): { startTime: string; endTime: string } {
  const hour = String((new Date().getUTCHours() + 12) % 24).padStart(2, '0');
  return { startTime: `${hour}:00`, endTime: `${hour}:30` };
}
