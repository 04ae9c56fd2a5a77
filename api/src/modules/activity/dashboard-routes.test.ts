import { OpenAPIHono } from '@hono/zod-openapi';
import { afterEach, describe, expect, it } from 'vitest';
import { activityListResponseSchema } from '@shared/schemas/dashboard';
import { AppError } from '../../kernel/errors';
import type { AppEnv } from '../../kernel/http/context';
import { requireAuth } from '../accounts/auth-middleware';
import { ensureSecrets } from '../../kernel/secrets';
import { recordActivity } from './activity';
import { makeBillingTestApp } from '../../testing/billing-harness';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { dashboardRoutes } from './dashboard-routes';

let opened: Pick<TestApp, 'close'> | undefined;
afterEach(() => {
  opened?.close();
  opened = undefined;
});

/** The test app, with the dashboard routes mounted the way app.ts mounts every router. */
function withDashboard(app: Pick<TestApp, 'dataDir' | 'db' | 'store' | 'clock'>) {
  const pepper = ensureSecrets(app.dataDir).sessionPepper;
  const probe = new OpenAPIHono<AppEnv>();
  probe.route(
    '/api',
    dashboardRoutes({ store: app.store, requireAuth: requireAuth({ store: app.store, clock: app.clock, pepper }, () => true) }),
  );
  probe.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    throw error;
  });
  return async (url: string, token?: string) => {
    const res = await probe.request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, json: (await res.json()) as any };
  };
}

describe('GET /api/dashboard/activity', () => {
  it("lists the caller's entries newest first, never another user's", async () => {
    const t = makeTestApp();
    opened = t;
    const get = withDashboard(t);
    const ada = await t.signup('ada@gmail.com');
    const grace = await t.signup('grace@yahoo.com');
    const base = new Date('2026-03-01T10:00:00Z');
    await recordActivity(t.db, ada.user.id, 'agent_run', base, { agentId: 'agent-a', data: { found: 3 } });
    await recordActivity(t.db, grace.user.id, 'proposal_sent', new Date(base.getTime() + 1000), { agentId: 'agent-g', jobItemId: 'job-g' });
    await recordActivity(t.db, ada.user.id, 'draft_waiting', new Date(base.getTime() + 2000), { agentId: 'agent-a', jobItemId: 'job-a' });
    await recordActivity(t.db, ada.user.id, 'payment', new Date(base.getTime() + 3000), { data: { plan: 'pro' } });

    const res = await get('/api/dashboard/activity', ada.token);
    expect(res.status).toBe(200);
    const body = activityListResponseSchema.parse(res.json);
    expect(body.data.map((entry) => entry.kind)).toEqual(['payment', 'draft_waiting', 'agent_run']);
    expect(body.data[1]).toEqual({
      id: expect.any(Number),
      kind: 'draft_waiting',
      agentId: 'agent-a',
      jobItemId: 'job-a',
      data: {},
      createdAt: '2026-03-01T10:00:02.000Z',
    });
    expect(body.data[2]).toMatchObject({ agentId: 'agent-a', jobItemId: null, data: { found: 3 } });
    expect(JSON.stringify(body)).not.toContain('agent-g');

    const theirs = await get('/api/dashboard/activity', grace.token);
    expect(theirs.json.data).toHaveLength(1);
    expect(theirs.json.data[0]).toMatchObject({ kind: 'proposal_sent', agentId: 'agent-g' });
  });

  it('honours the limit, refuses a bad one, and an anonymous caller', async () => {
    const t = makeTestApp();
    opened = t;
    const get = withDashboard(t);
    const ada = await t.signup('ada@gmail.com');
    for (let i = 0; i < 25; i++)
      await recordActivity(t.db, ada.user.id, 'agent_run', new Date(Date.UTC(2026, 0, 1, 0, i)), { data: { i } });

    const standard = await get('/api/dashboard/activity', ada.token);
    expect(standard.json.data).toHaveLength(20);
    expect(standard.json.data[0].data).toEqual({ i: 24 });
    const three = await get('/api/dashboard/activity?limit=3', ada.token);
    expect(three.json.data.map((entry: { data: { i: number } }) => entry.data.i)).toEqual([24, 23, 22]);

    for (const bad of ['0', '101', 'ten', '2.5']) {
      const res = await get(`/api/dashboard/activity?limit=${bad}`, ada.token);
      expect(res.status, bad).toBe(400);
    }
    const anonymous = await get('/api/dashboard/activity');
    expect(anonymous.status).toBe(401);
    const forged = await get('/api/dashboard/activity', 'not-a-token');
    expect(forged.status).toBe(401);
  });

  it('shows a successful payment in the feed', async () => {
    const billing = makeBillingTestApp();
    opened = billing;
    const get = withDashboard(billing);
    const { token, user } = await billing.signup('payer@gmail.com');
    const { reference } = await billing.checkout(token, user.email, 'pro');
    const verify = await billing.call('GET', `/api/payments/verify/${reference}`, undefined, billing.auth(token));
    expect(verify.json.data.status).toBe('success');
    // Verifying again (or the webhook arriving too) records it once.
    await billing.call('GET', `/api/payments/verify/${reference}`, undefined, billing.auth(token));

    const res = await get('/api/dashboard/activity', token);
    const payments = (res.json.data as Array<{ kind: string; data: Record<string, unknown> }>).filter((entry) => entry.kind === 'payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]!.data).toMatchObject({ plan: 'pro', amount: 2500, currency: 'USD', kind: 'checkout' });
  });
});
