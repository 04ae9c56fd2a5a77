import { afterAll, describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { hoursAwayFromNow } from './support/hours';
import { startModelServer } from './support/model';
import { connectFreelancer, createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { runNowAndWait } from './support/run-now';
import { until } from './support/wait';

// A product with a configured model: an auto-send agent sends its letters (the embedded offline
// writer's letters always wait for the user's review, so this needs a model of its own).
let model: Awaited<ReturnType<typeof startModelServer>> | undefined;
const env = useProductAndBrowser(async () => (model = await startModelServer()).env);
afterAll(() => model?.close());

describe('the auto-send queue in the browser', () => {
  it('shows when each queued proposal of an auto-send agent goes out, holds and cancels one, and pausing holds the rest', async () => {
    const product = env.product();
    const account = await createAccount(product, 'queue.user@gmail.com');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
    await api(`/users/${account.user.id}`, { method: 'PUT', body: JSON.stringify({ skills: ['React.js', 'Node.js', 'TypeScript'] }) });

    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await connectFreelancer(page, product, account.user.id, 'queue_e2e');

    // An active auto-send agent with eight proposals a day, run now outside its hours (activating it
    // wakes the runner, which leaves it for its hours): one goes out now, the rest wait their turn.
    const agentId = crypto.randomUUID();
    await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Queue agent',
        platform: 'freelancer',
        sendMode: 'auto',
        emailsPerDay: 8,
        ...hoursAwayFromNow(),
      }),
    });
    expect((await api(`/automations/status/${agentId}`, { method: 'PUT', body: JSON.stringify({ status: 'active' }) })).status).toBe(200);
    // Up to eight letters: those that pass their check are queued (a letter failing it, a near-copy of
    // the one before say, waits for review like a flagged job or a risky client does); one goes out
    // now, the rest wait. How many of the day's sandbox feed are clean varies, so the allowance is
    // larger than the three queued proposals the steps below need.
    const summary = await runNowAndWait(api, agentId);
    expect(summary.queued).toBeGreaterThanOrEqual(3);
    expect(summary.queued + summary.drafts).toBeLessThanOrEqual(8);
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Queue agent', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText(/^Next run: /).waitFor();
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    const queued = page.locator('li[data-job-item]').filter({ hasText: /Sends at / });
    await until(
      () => queued.count(),
      (n) => n === summary.queued - 1,
      'the queued cards with their send time',
    );

    // Hold the first: a draft again, to review. Cancel the second: skipped.
    const first = queued.first();
    const firstId = (await first.getAttribute('data-job-item'))!;
    const firstTitle = (await first.getByRole('heading', { level: 3 }).textContent())!;
    await first.getByRole('button', { name: `Hold: ${firstTitle}` }).click();
    await page
      .locator(`li[data-job-item="${firstId}"]`)
      .getByRole('button', { name: `Review & send: ${firstTitle}` })
      .waitFor();
    const second = queued.first();
    const secondId = (await second.getAttribute('data-job-item'))!;
    const secondTitle = (await second.getByRole('heading', { level: 3 }).textContent())!;
    await second.getByRole('button', { name: `Cancel: ${secondTitle}` }).click();
    await page.locator(`li[data-job-item="${secondId}"]`).getByText('Skipped', { exact: true }).waitFor();

    // Pause the agent: the queued proposals left are held too.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const items = await until(
      async () => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data,
      (list) => list.filter((one) => one.stage === 'queued').length === 0 && list.find((one) => one.id === secondId)?.status === 'skipped',
      'the decisions and the pause to reach the server',
    );
    expect(items.find((one) => one.id === firstId)?.status).toBe('draft');
    expect(items.filter((one) => one.status === 'completed')).toHaveLength(1);
    expect(items.filter((one) => one.status === 'draft').length).toBeGreaterThanOrEqual(1 + (summary.queued - 3) + summary.drafts);
    await until(
      () => queued.count(),
      (n) => n === 0,
      'no queued card left after the pause',
    );
    await context.close();
  }, 180_000);
});
