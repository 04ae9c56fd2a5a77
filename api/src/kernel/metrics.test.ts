import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics, mergeExpositions } from './metrics';

describe('metrics of several processes', () => {
  it("serves another process's series under the same families, each heading once", async () => {
    const api = createMetrics({ labels: { role: 'api' } });
    const runner = createMetrics({ labels: { role: 'runner' } });
    api.runs.inc({ outcome: 'ran' });
    runner.runs.inc({ outcome: 'ran' }, 5);
    runner.requests.observe({ method: 'GET', route: '/api/health', status: '200' }, 0.002);
    api.include(() => runner.text());
    // A process that does not answer (a runner child being restarted) leaves the others' series.
    api.include(async () => undefined);
    const text = await api.text();
    expect(text.match(/^# TYPE bidpilot_agent_runs_total counter$/gm)).toHaveLength(1);
    expect(text.match(/^# HELP bidpilot_agent_runs_total .*$/gm)).toHaveLength(1);
    expect(text).toContain('bidpilot_agent_runs_total{outcome="ran",role="api"} 1');
    expect(text).toContain('bidpilot_agent_runs_total{outcome="ran",role="runner"} 5');
    // The runs family holds both samples, before the next family's heading.
    const runs = text.split('\n\n').find((family) => family.includes('# TYPE bidpilot_agent_runs_total'))!;
    expect(runs.split('\n').filter((line) => !line.startsWith('#'))).toHaveLength(2);
    expect(text).toContain('bidpilot_http_request_duration_seconds_count{role="runner",method="GET",route="/api/health",status="200"} 1');
  });

  it("prints answer times as prom-client's own histogram prints the same observations", async () => {
    const ours = createMetrics({ labels: { role: 'api' } });
    const reference = new Registry();
    reference.setDefaultLabels({ role: 'api' });
    const histogram = new Histogram({
      name: 'bidpilot_http_request_duration_seconds',
      help: 'HTTP answer time by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [reference],
    });
    const health = ours.requests.observer({ method: 'GET', route: '/api/health', status: 200 });
    const observations: Array<[{ method: string; route: string; status: string | number }, number]> = [
      [{ method: 'GET', route: '/api/health', status: 200 }, 0.0001],
      [{ method: 'GET', route: '/api/automations/:id', status: 404 }, 0.005],
      [{ method: 'GET', route: '/api/automations/:id', status: 404 }, 0.0051],
      [{ method: 'POST', route: '/api/auth/signin', status: '200' }, 0.3],
      [{ method: 'POST', route: '/api/auth/signin', status: '200' }, 12],
      [{ method: 'GET', route: '/api/health', status: 200 }, 0.02],
    ];
    for (const [labels, seconds] of observations) {
      histogram.observe(labels, seconds);
      if (labels.route === '/api/health') health(seconds);
      else ours.requests.observe(labels, seconds);
    }
    const family = (text: string) =>
      text
        .split('\n\n')
        .find((part) => part.includes('# TYPE bidpilot_http_request_duration_seconds histogram'))
        ?.trim();
    expect(family(await ours.text())).toBe(family(await reference.metrics()));
    expect(await ours.registry.getMetricsAsJSON()).toContainEqual(
      (await reference.getMetricsAsJSON()).find((metric) => metric.name === 'bidpilot_http_request_duration_seconds'),
    );
  });

  it('merges texts family by family', () => {
    const merged = mergeExpositions([
      '# HELP a_total A.\n# TYPE a_total counter\na_total{role="api"} 1\n# HELP b B.\n# TYPE b gauge\nb{role="api"} 2\n',
      '# HELP b B.\n# TYPE b gauge\nb{role="runner"} 3\n# HELP c C.\n# TYPE c gauge\nc{role="runner"} 4\n',
    ]);
    expect(merged).toBe(
      [
        '# HELP a_total A.\n# TYPE a_total counter\na_total{role="api"} 1',
        '# HELP b B.\n# TYPE b gauge\nb{role="api"} 2\nb{role="runner"} 3',
        '# HELP c C.\n# TYPE c gauge\nc{role="runner"} 4',
      ].join('\n\n') + '\n',
    );
  });
});
