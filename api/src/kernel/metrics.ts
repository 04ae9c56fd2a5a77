import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A figure read when Prometheus scrapes (a count in the database, the store's figures), by label. */
export type Reading = () => Promise<Record<string, number>> | Record<string, number>;

/**
 * The process's Prometheus metrics (prom-client), in a registry of its own: what an operator
 * scrapes from `METRICS_PORT` or `/api/metrics` (README "Operations"). Counters are counted where
 * the work happens; depths and the store's figures are read at each scrape (`readings`).
 */
export interface Metrics {
  readonly registry: Registry;
  /** Agent runs by how they ended: `ran`, a skip reason (`outside_hours`, `cap_reached`, `search_failed`, `held`…) or `error`. */
  readonly runs: Counter<'outcome'>;
  /** Letters by writer (`ai`, `offline`) and result: `written`, `failed` (for good), `returned` (the job back to the pool). */
  readonly letters: Counter<'writer' | 'result'>;
  /** Proposal sends by marketplace and outcome (`sent`, `failed`, `held`). */
  readonly sends: Counter<'platform' | 'outcome'>;
  /** Mail handed to the mail server, or refused by it. */
  readonly mail: Counter<'result'>;
  /** Work a crashed or stopped process left claimed, taken over: `released` reservations, `requeued` sends. */
  readonly recoveries: Counter<'kind'>;
  /** Answer time by route template (`/api/automations/:id`), method and status. */
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  /** 1 while the breaker of a service (`writer`, `freelancer`, `upwork`) holds runs back in this process. */
  readonly breakers: Gauge<'service'>;
  /**
   * Registers a figure read at scrape time, with one label: a gauge (a depth), or a counter (a total
   * kept elsewhere, such as the store's transactions). Several readings of one name add their labels.
   */
  reading(name: string, help: string, label: string, read: Reading, type?: 'gauge' | 'counter'): void;
  /** The text Prometheus reads. */
  text(): Promise<string>;
  readonly contentType: string;
}

/**
 * A registry with the product's metrics. `process`: also Node's own (CPU, memory, event-loop lag,
 * GC), for the server process; tests make many apps and leave them out.
 */
export function createMetrics(options: { process?: boolean; labels?: Record<string, string> } = {}): Metrics {
  const registry = new Registry();
  if (options.labels) registry.setDefaultLabels(options.labels);
  if (options.process) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const readings = new Map<string, Reading[]>();
  const readAll = async (name: string) => {
    const figures: Array<[string, number]> = [];
    for (const read of readings.get(name) ?? []) figures.push(...Object.entries(await read()));
    return figures;
  };
  const metrics: Metrics = {
    registry,
    runs: new Counter({ name: 'bidpilot_agent_runs_total', help: 'Agent runs, by how they ended', labelNames: ['outcome'], registers }),
    letters: new Counter({
      name: 'bidpilot_letters_total',
      help: 'Cover letters by writer and result (written, failed for good, returned to the pool)',
      labelNames: ['writer', 'result'],
      registers,
    }),
    sends: new Counter({
      name: 'bidpilot_sends_total',
      help: 'Proposal sends by marketplace and outcome',
      labelNames: ['platform', 'outcome'],
      registers,
    }),
    mail: new Counter({
      name: 'bidpilot_mail_total',
      help: 'Mail handed to the mail server (sent) or refused (failed)',
      labelNames: ['result'],
      registers,
    }),
    recoveries: new Counter({
      name: 'bidpilot_claim_recoveries_total',
      help: 'Claims a crashed or stopped process left, taken over',
      labelNames: ['kind'],
      registers,
    }),
    requests: new Histogram({
      name: 'bidpilot_http_request_duration_seconds',
      help: 'HTTP answer time by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    breakers: new Gauge({
      name: 'bidpilot_breaker_open',
      help: '1 while a service’s breaker holds runs back in this process',
      labelNames: ['service'],
      registers,
    }),
    reading(name, help, label, read, type = 'gauge') {
      const known = readings.get(name);
      if (known) {
        known.push(read);
        return;
      }
      readings.set(name, [read]);
      const labelNames = [label];
      if (type === 'counter') {
        new Counter({
          name,
          help,
          labelNames,
          registers,
          async collect() {
            this.reset();
            for (const [value, figure] of await readAll(name)) this.inc({ [label]: value }, figure);
          },
        });
        return;
      }
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          for (const [value, figure] of await readAll(name)) this.set({ [label]: value }, figure);
        },
      });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
  return metrics;
}

/**
 * METRICS_PORT: `GET /metrics` on a port of its own, without a token (keep the port off the public
 * network: the firewall or the container network is its guard). Resolves once it listens.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be read\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
