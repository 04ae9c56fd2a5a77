import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics, serveMetrics } from '../../kernel/metrics';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

const TOKEN = 'scrape-token-0123456789';

describe('metrics', () => {
  it('answers the Prometheus text behind METRICS_TOKEN only, with answer times by route template and the store’s figures', async () => {
    t = makeTestApp({ METRICS_TOKEN: TOKEN });
    const { token } = await t.signup();
    const agentId = '3f2b9c1e-8d4a-4e5f-9a1b-2c3d4e5f6a7b';
    expect((await t.call('GET', `/api/automations/${agentId}`, undefined, t.auth(token))).status).toBe(404);

    expect((await t.call('GET', '/api/metrics')).status).toBe(401);
    expect((await t.call('GET', '/api/metrics', undefined, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const scrape = await t.call('GET', '/api/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    // The route's template, never the raw path with its id.
    expect(scrape.text).toMatch(
      /bidpilot_http_request_duration_seconds_count\{method="GET",route="\/api\/automations\/:\w+",status="404"\} 1/,
    );
    expect(scrape.text).not.toContain(agentId);
    expect(scrape.text).toMatch(/bidpilot_db_transactions_total\{engine="(sqlite|postgres)"\} [1-9]/);
    expect(scrape.text).toMatch(/bidpilot_db_pool_connections\{engine="(sqlite|postgres)"\} [1-9]/);
    // The outboxes' depths, read at the scrape: the sign-up's code has gone out, no notice waits.
    expect(scrape.text).toContain('bidpilot_outbox_depth{outbox="mail"} 0');
    expect(scrape.text).toContain('bidpilot_outbox_depth{outbox="notices"} 0');
    expect(scrape.text).toContain('bidpilot_operator_alerts_open{kind="all"} 0');
  });

  it('is not served at /api/metrics without a token (METRICS_PORT serves it instead)', async () => {
    t = makeTestApp();
    expect((await t.call('GET', '/api/metrics')).status).toBe(404);
  });

  it('serves /metrics on a port of its own', async () => {
    const metrics = createMetrics({ labels: { role: 'runner' } });
    metrics.runs.inc({ outcome: 'ran' });
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('bidpilot_agent_runs_total{outcome="ran",role="runner"} 1');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
