import type { AgentFields } from '@shared/schemas/agent';
import { eq } from 'drizzle-orm';
import { tablesOf } from '../store/schema/index';
import { ensureSecrets } from '../kernel/secrets';
import { AgentService } from '../modules/agents/agents';
import { sandboxPaystackKey } from '../modules/billing/paystack/sandbox';
import { makeTestApp, type TestAppOptions } from './harness';

/**
 * makeTestApp (which mounts billing and the sandbox Paystack like the product) plus the helpers
 * the billing tests share: long-lived sessions, a checkout driven like a payer, active agents.
 */
export function makeBillingTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const t = makeTestApp(env, options);
  const secretKey = sandboxPaystackKey(ensureSecrets(t.dataDir).sessionPepper);

  const { call } = t;

  const signup = async (email: string, extra: Record<string, unknown> = {}) => {
    const { sessions } = tablesOf(t.db);
    const res = await call('POST', '/api/auth/signup', { email, password: 'Sturdy-Pass1', platformType: 'upwork', ...extra });
    if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
    // Lifecycle tests move the clock by months: keep the session alive throughout.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date('2100-01-01T00:00:00Z') })
      .where(eq(sessions.userId, res.json.data.user.id));
    return { token: res.json.data.token as string, user: res.json.data.user as { id: string; email: string; referralCode: string } };
  };

  /** Initialize, then pay (or fail) on the sandbox checkout page as a payer would. */
  const checkout = async (
    token: string,
    email: string,
    planCode: string,
    opts: { outcome?: 'pay' | 'fail'; channel?: 'card' | 'bank'; isChangingPlan?: boolean } = {},
  ) => {
    const init = await call(
      'POST',
      '/api/payments/initialize',
      { email, planCode, isChangingPlan: opts.isChangingPlan ?? false },
      t.auth(token),
    );
    if (init.status !== 200) throw new Error(`initialize failed: ${init.status} ${init.text}`);
    const form = new URLSearchParams({ outcome: opts.outcome ?? 'pay', channel: opts.channel ?? 'card' }).toString();
    const paid = await call('POST', init.json.data.url as string, form, { 'content-type': 'application/x-www-form-urlencoded' });
    return { init: init.json, reference: init.json.data.reference as string, page: paid };
  };

  const agents = new AgentService({ store: t.store, clock: t.clock });
  const addActiveAgents = async (userId: string, n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { agent } = await agents.create(userId, { title: `Agent ${i + 1}`, platform: 'upwork' } as Partial<AgentFields> &
        Pick<AgentFields, 'title' | 'platform'>);
      await agents.setStatus(userId, agent.id, 'active');
      ids.push(agent.id);
      t.clock.advance(1000);
    }
    return ids;
  };

  return { ...t, call, signup, checkout, secretKey, agents, addActiveAgents };
}

export type BillingTestApp = ReturnType<typeof makeBillingTestApp>;
