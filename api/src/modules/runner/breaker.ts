import type { RunService } from '@shared/schemas/run';

export type HoldReason = 'unavailable' | 'rate_limited' | 'refused';

/** A failure of a service a run needed, after the run's own quick retries. */
export interface ServiceFailure {
  reason: HoldReason;
  message: string;
  /** The service asked us to wait this long (Retry-After). */
  retryAfterMs?: number;
}

/** Whether runs that need a service may go on; when not, until when they are held and why. */
export type BreakerCheck = { open: false } | { open: true; until: Date; reason: HoldReason; message: string };

export interface BreakerOptions {
  /** Failures in a row (from any agent's run) that open the breaker. */
  threshold?: number;
  /** How long it first stays open; each time it opens again in a row, twice as long. */
  baseMs?: number;
  /** The longest it stays open before one run tries the service again. */
  maxMs?: number;
  /** Told when a service's breaker opens or closes (the metrics). */
  onChange?: (service: RunService, open: boolean) => void;
}

interface ServiceState {
  failures: number;
  /** Times it opened in a row without a success between. */
  opens: number;
  openUntil: number;
  reason: HoldReason;
  message: string;
  /** When the one run allowed to try the service again (half-open) began. */
  probeSince: number | null;
}

/** A run allowed to try a service again that never reported back (it had nothing to write) lets another try after this. */
const PROBE_MS = 2 * 60_000;

/**
 * The runner's circuit breaker, one per process: while the letter writer or a marketplace keeps
 * failing (an outage, 5xx, 429, timeouts, a refused key), runs that need it are held back instead of
 * each trying it and giving its jobs back. It opens after `threshold` failures in a row, or at once
 * for as long as the service's Retry-After asks; it stays open `baseMs`, doubling each time it opens
 * again, up to `maxMs`; then one run tries the service (half-open): a success closes it, a failure
 * opens it again for longer. Each agent's page says why its runs wait and until when
 * (`AgentRun.held`, written by the pipeline).
 */
export class Breaker {
  private readonly states = new Map<RunService, ServiceState>();
  private readonly threshold: number;
  private readonly baseMs: number;
  private readonly maxMs: number;

  constructor(private readonly options: BreakerOptions = {}) {
    this.threshold = options.threshold ?? 3;
    this.baseMs = options.baseMs ?? 30_000;
    this.maxMs = options.maxMs ?? 15 * 60_000;
  }

  /** Whether a run may use `service` now. Past an opening, the first caller is let through to try it (and told `open: false`). */
  check(service: RunService, now: Date): BreakerCheck {
    const state = this.states.get(service);
    if (!state) return { open: false };
    const at = now.getTime();
    if (state.openUntil > at) return { open: true, until: new Date(state.openUntil), reason: state.reason, message: state.message };
    if (state.failures < this.threshold && state.opens === 0) return { open: false };
    // Half-open: one run tries the service; the others wait a little for its word.
    if (state.probeSince === null || at - state.probeSince > PROBE_MS) {
      state.probeSince = at;
      return { open: false };
    }
    return { open: true, until: new Date(at + this.baseMs), reason: state.reason, message: state.message };
  }

  /** A run found the service failing (after its own retries). */
  failure(service: RunService, now: Date, failure: ServiceFailure): void {
    const at = now.getTime();
    const state = this.states.get(service) ?? {
      failures: 0,
      opens: 0,
      openUntil: 0,
      reason: failure.reason,
      message: failure.message,
      probeSince: null,
    };
    const wasOpen = state.openUntil > at || state.opens > 0;
    state.failures += 1;
    state.reason = failure.reason;
    state.message = failure.message;
    state.probeSince = null;
    if (failure.retryAfterMs !== undefined) state.openUntil = Math.max(state.openUntil, at + failure.retryAfterMs);
    if (state.failures >= this.threshold || state.opens > 0) {
      state.opens += 1;
      state.openUntil = Math.max(state.openUntil, at + Math.min(this.maxMs, this.baseMs * 2 ** (state.opens - 1)));
    }
    this.states.set(service, state);
    if (!wasOpen && state.openUntil > at) this.options.onChange?.(service, true);
  }

  /** The service answered: runs go on as usual. */
  success(service: RunService): void {
    if (this.states.delete(service)) this.options.onChange?.(service, false);
  }
}

/**
 * How long an agent waits before its next run after `failures` failed runs in a row: a minute,
 * doubling up to half an hour, or at least half an hour when the service refused the credentials
 * (a person has to act: the user reconnects, or the operator fixes the key).
 */
export function agentBackoffMs(failures: number, reason: HoldReason): number {
  const wait = Math.min(30 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
  return reason === 'refused' ? Math.max(30 * 60_000, wait) : wait;
}
