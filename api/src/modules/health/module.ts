import type { Store } from '../../store/store';
import type { Metrics } from '../../kernel/metrics';
import type { ModuleContext, ModuleParts } from '../context';
import { metricsRoutes } from './metrics-routes';
import { healthRoutes } from './routes';

/**
 * Health, readiness and (behind METRICS_TOKEN) the metrics, on every process (a runner answers
 * nothing else but its sandbox); the store's figures are read into the metrics at each scrape.
 */
export function healthModule(ctx: ModuleContext) {
  const { config } = ctx;
  readStoreFigures(ctx.metrics, ctx.store);
  return {
    everywhere: [
      healthRoutes({
        sandbox: config.sandbox,
        version: ctx.version,
        role: config.role,
        store: ctx.store,
        sandboxStore: ctx.sandboxStore,
        lifecycle: ctx.lifecycle,
      }),
      metricsRoutes(ctx.metrics, config.metrics.token),
    ],
  } satisfies ModuleParts;
}

/** The product store's transactions, retries and pool, by engine. */
function readStoreFigures(metrics: Metrics, store: Store): void {
  const by = (figure: number) => ({ [store.dialect]: figure });
  const { stats } = store;
  metrics.reading('bidpilot_db_transactions_total', 'Store transactions begun', 'engine', () => by(stats.transactions), 'counter');
  metrics.reading(
    'bidpilot_db_transactions_failed_total',
    'Store transactions rolled back by a throw',
    'engine',
    () => by(stats.failed),
    'counter',
  );
  metrics.reading(
    'bidpilot_db_transaction_retries_total',
    'Store transactions run again after losing a race (PostgreSQL serialization failures, deadlocks)',
    'engine',
    () => by(stats.retries),
    'counter',
  );
  metrics.reading('bidpilot_db_transactions_in_flight', 'Store transactions waiting or running now', 'engine', () => by(stats.inFlight));
  metrics.reading('bidpilot_db_pool_connections', 'Connections the store’s pool may open', 'engine', () => by(stats.poolSize));
}
