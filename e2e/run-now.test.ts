import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../api/src/testing/fake-openai';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitSynced } from './support/wait';

let openai: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
const env = useProductAndBrowser(async () => {
  openai = await startFakeOpenAi();
  return { OPENAI_API_KEY: 'sk-e2e-outage-0123456789abcdef', OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'e2e-model' };
});
afterAll(async () => {
  await openai?.close();
});

describe('Run now and a writer outage on the agent page', () => {
  it('shows the run under way, says why runs wait while the writer is down, and drafts every job once it is back', async () => {
    const product = env.product();
    const account = await createAccount(product, 'run.now.user@gmail.com');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      });
    await api(`/users/${account.user.id}`, {
      method: 'PUT',
      body: JSON.stringify({ skills: ['React.js', 'Node.js', 'TypeScript', 'PHP'] }),
    });
    const agentId = crypto.randomUUID();
    const created = await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Outage agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 2,
        minMatchScore: 0,
      }),
    });
    expect(created.status).toBe(201);

    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Outage agent', level: 1 }).waitFor({ timeout: 30_000 });
    await waitSynced(page);

    // The writer is down: the run gives its jobs back, and the page says why runs wait and until when.
    openai!.set('error');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Run started. Its progress shows on this page.').waitFor();
    const held = page.locator('[data-run-held="writer"]');
    await held.getByText(/^The letter writer is not answering, so runs wait until .+\. No job is lost/).waitFor({ timeout: 60_000 });
    await page
      .getByText(/waiting for the letter writer \(kept for the next run\)/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A slow writer: the run shows its progress while the letters are written.
    openai!.set('hold');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText(/^Running now: \d+ new jobs found, 0 of 2 letters written…$/).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Running…' }).isDisabled()).toBe(true);

    // It answers again: both jobs are drafted, the hold is lifted, and the summary says so.
    openai!.set('up');
    await page.getByText('Run finished').waitFor({ timeout: 60_000 });
    await page.getByText(/^Last run \(.+\): Found \d+ · drafted 2 · queued 0/).waitFor({ timeout: 30_000 });
    await held.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    await page
      .getByRole('button', { name: /^Review & send: / })
      .nth(1)
      .waitFor({ timeout: 30_000 });
    await context.close();
  }, 180_000);
});
