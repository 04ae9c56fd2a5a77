import { useEffect, useState } from 'react';

/** Seconds left of a cooldown that ticks down each second; `start(n)` restarts it. */
export function useCountdown(initialSeconds: number) {
  const [seconds, setSeconds] = useState(initialSeconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return { seconds, start: (next: number) => setSeconds(Math.max(0, Math.ceil(next))) };
}
