import type { BrowserContext, Route } from 'playwright-core';
import type { Rng } from './rng';

/**
 * Slow or failing answers for every API call of the browser context: `slow` delays each call,
 * `fail` answers half of them 503 without reaching the server, `lose` lets half of the writes reach
 * the server and then drops the connection before the answer (the write happened; the client
 * must not do it twice).
 */
export type FaultMode = 'none' | 'slow' | 'fail' | 'lose';

export interface Faults {
  readonly mode: FaultMode;
  /** Sets the mode; with none, the route is taken off (every call goes straight to the network). */
  set(mode: FaultMode): Promise<void>;
  /** Writes on their way (requests the route holds or passes on now). */
  readonly inFlightWrites: number;
  /** Writes that were answered 503 or lost, by mode. */
  readonly injected: Record<Exclude<FaultMode, 'none'>, number>;
}

const SLOW_MS = 1_500;
const PATTERN = '**/api/**';

export async function installFaults(context: BrowserContext, rng: Rng): Promise<Faults> {
  let routed = false;
  const state = {
    mode: 'none' as FaultMode,
    inFlightWrites: 0,
    injected: { slow: 0, fail: 0, lose: 0 },
    async set(mode: FaultMode) {
      state.mode = mode;
      if (mode === 'none' && routed) {
        routed = false;
        await context.unroute(PATTERN, handler);
      } else if (mode !== 'none' && !routed) {
        routed = true;
        await context.route(PATTERN, handler);
      }
    },
  };
  const handler = async (route: Route) => {
    const write = route.request().method() !== 'GET';
    const mode = state.mode;
    if (write) state.inFlightWrites += 1;
    try {
      if (mode === 'slow') {
        state.injected.slow += 1;
        // An injected delay on the server's side of the wire (not a wait of the test).
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      } else if (mode === 'fail' && rng.chance(0.5)) {
        state.injected.fail += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'internal_error', message: 'Injected failure' }),
        });
        return;
      } else if (mode === 'lose' && write && rng.chance(0.5)) {
        state.injected.lose += 1;
        await route.fetch().catch(() => undefined);
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    } catch {
      // The page closed meanwhile, or the server is down: the browser sees the failure itself.
    } finally {
      if (write) state.inFlightWrites -= 1;
    }
  };
  return state;
}
