import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';

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
  /**
   * Search requests made to a marketplace by the runner, by marketplace and kind: `shared` (one
   * answer feeding every agent of a query, runner/feed.ts) or `user` (under one user's token).
   */
  readonly marketplaceCalls: Counter<'platform' | 'kind'>;
  /** Work a crashed or stopped process left claimed, taken over: `released` reservations, `requeued` sends. */
  readonly recoveries: Counter<'kind'>;
  /** Answer time by route template (`/api/automations/:id`), method and status. */
  readonly requests: RequestTimes;
  /** 1 while the breaker of a service (`writer`, `freelancer`, `upwork`) holds runs back in this process. */
  readonly breakers: Gauge<'service'>;
  /**
   * Registers a figure read at scrape time, with one label: a gauge (a depth), or a counter (a total
   * kept elsewhere, such as the store's transactions). Several readings of one name add their labels.
   */
  reading(name: string, help: string, label: string, read: Reading, type?: 'gauge' | 'counter'): void;
  /**
   * Adds another process's metrics to this one's text (the runner child `npm start` runs beside the
   * API): `read` answers its Prometheus text, or undefined when it has none to give right now.
   */
  include(read: () => Promise<string | undefined>): void;
  /** The text Prometheus reads: this process's metrics, and those of the processes it includes. */
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
  const included: Array<() => Promise<string | undefined>> = [];
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
    marketplaceCalls: new Counter({
      name: 'bidpilot_marketplace_calls_total',
      help: 'Search requests made to a marketplace by the runner, by marketplace and kind (shared, user)',
      labelNames: ['platform', 'kind'],
      registers,
    }),
    recoveries: new Counter({
      name: 'bidpilot_claim_recoveries_total',
      help: 'Claims a crashed or stopped process left, taken over',
      labelNames: ['kind'],
      registers,
    }),
    requests: requestTimes(registry, 'bidpilot_http_request_duration_seconds', 'HTTP answer time by route template'),
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
    include(read) {
      included.push(read);
    },
    async text() {
      const own = await registry.metrics();
      if (included.length === 0) return own;
      const others = await Promise.all(included.map((read) => read().catch(() => undefined)));
      return mergeExpositions([own, ...others.filter((text) => text !== undefined)]);
    },
    contentType: registry.contentType,
  };
  return metrics;
}

/** The labels of an answer's time. */
export interface RequestLabels {
  method: string;
  /** The route template (`/api/automations/:id`), never the raw path. */
  route: string;
  status: string | number;
}

/** Answer times, a Prometheus histogram by method, route template and status. */
export interface RequestTimes {
  observe(labels: RequestLabels, seconds: number): void;
  /** The observer of one set of labels, looked up once: for a hot path (the liveness check's early answer). */
  observer(labels: RequestLabels): (seconds: number) => void;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The request time histogram: counts of our own, in the registry as one metric family, printed as
 * prom-client prints a histogram (the same lines, labels and order: metrics.test.ts compares them).
 * prom-client's `observe` validated and hashed the labels and made a closure on every call: 2–3 µs of
 * a request in `node --cpu-prof` on the built server under load, a tenth of the liveness check's
 * whole cost; here a series is found by one string key, or once for a bound observer.
 */
function requestTimes(registry: Registry, name: string, help: string): RequestTimes {
  interface Series {
    labels: RequestLabels;
    /** Observations in each bucket (not cumulative), the last one above every bound. */
    buckets: number[];
    sum: number;
    count: number;
  }
  const series = new Map<string, Series>();
  const seriesOf = ({ method, route, status }: RequestLabels): Series => {
    const key = `${method}\n${route}\n${status}`;
    let found = series.get(key);
    if (!found) {
      found = { labels: { method, route, status }, buckets: REQUEST_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
      series.set(key, found);
    }
    return found;
  };
  const add = (into: Series, seconds: number) => {
    if (!Number.isFinite(seconds)) return; // (prom-client threw on it; a measured time never is)
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket += 1;
    into.buckets[bucket]! += 1;
    into.sum += seconds;
    into.count += 1;
  };
  /** What prom-client's Histogram gives the registry to print: `le` as the sample's label, the series' labels shared. */
  const samples = () =>
    [...series.values()].flatMap((one) => {
      let below = 0;
      const sample = (labels: Record<string, string | number>, value: number, suffix: string) => ({
        labels,
        sharedLabels: one.labels,
        value,
        metricName: `${name}${suffix}`,
        ...(suffix === '_bucket' ? { exemplar: null } : {}),
      });
      return [
        ...REQUEST_BUCKETS.map((le, i) => sample({ le }, (below += one.buckets[i]!), '_bucket')),
        sample({ le: '+Inf' }, one.count, '_bucket'),
        sample({}, one.sum, '_sum'),
        sample({}, one.count, '_count'),
      ];
    });
  const family = { name, help, type: 'histogram', aggregator: 'sum' };
  const metric = {
    ...family,
    getForPromString: async () => ({ ...family, values: samples() }),
    // As prom-client's Histogram answers `get` (JSON): every label on the sample itself.
    get: async () => ({
      ...family,
      values: samples().map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    }),
    // Zeroed in place: a bound observer keeps its series.
    reset: () =>
      series.forEach((one) => {
        one.buckets.fill(0);
        one.sum = 0;
        one.count = 0;
      }),
  };
  // A metric of our own, with what the registry asks of one (name, get, getForPromString, reset).
  registry.registerMetric(metric as unknown as Metric);
  return {
    observe: (labels, seconds) => add(seriesOf(labels), seconds),
    observer(labels) {
      // Made on the first observation, as `observe` makes it: no series of zeros before then.
      let one: Series | undefined;
      return (seconds) => add((one ??= seriesOf(labels)), seconds);
    },
  };
}

/**
 * Several Prometheus texts as one: each metric family once (its HELP and TYPE from the first text
 * that has it), with the samples of every text under it. The processes label their series with
 * their `role`, so the samples of two processes never collide.
 */
export function mergeExpositions(texts: string[]): string {
  const families = new Map<string, { head: string[]; samples: string[] }>();
  for (const text of texts) {
    let current: { head: string[]; samples: string[] } | undefined;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const meta = /^# (HELP|TYPE) (\S+)/.exec(line);
      if (meta) {
        const name = meta[2]!;
        const known = families.get(name);
        if (known && current !== known) {
          current = known;
          continue;
        }
        current = known ?? { head: [], samples: [] };
        families.set(name, current);
        if (current.head.length < 2) current.head.push(line);
        continue;
      }
      if (line.startsWith('#')) continue;
      if (!current) {
        // A sample without a family heading: a family of its own, named by the sample.
        const name = /^[^\s{]+/.exec(line)?.[0] ?? line;
        current = families.get(name) ?? { head: [], samples: [] };
        families.set(name, current);
      }
      current.samples.push(line);
    }
  }
  return `${[...families.values()].map((family) => [...family.head, ...family.samples].join('\n')).join('\n\n')}\n`;
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
