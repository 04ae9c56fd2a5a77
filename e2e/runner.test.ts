import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { connectFreelancer, createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

describe('the agent runner in the browser', () => {
  it('runs a Freelancer.com agent now, shows its drafts, approves one offline and sends it once back online', async () => {
    const product = env.product();
    const account = await createAccount(product, 'runner.user@gmail.com');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });

    // The profile the proposals are scored against and written from.
    const put = await api(`/users/${account.user.id}`, {
      method: 'PUT',
      body: JSON.stringify({ freelancerProfileComplete: true, skills: ['React.js', 'Node.js', 'TypeScript', 'PHP'] }),
    });
    expect(put.status).toBe(200);

    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // Connect Freelancer.com through the sandbox's consent page.
    await connectFreelancer(page, product, account.user.id, 'runner_e2e');
    const connected = await api(`/jobs/freelancer-status/${account.user.id}`);
    expect(await connected.json()).toMatchObject({ hasCredentials: true, via: 'oauth' });

    // An agent in review mode (drafts wait for the user).
    const agentId = crypto.randomUUID();
    const created = await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Runner agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 3,
      }),
    });
    expect(created.status).toBe(201);

    // The app with the service worker in control, so it opens offline too.
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Runner agent', level: 1 }).waitFor({ timeout: 30_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Runner agent', level: 1 }).waitFor({ timeout: 30_000 });
    await waitSynced(page);

    // Run now: a progress state, then the run's summary.
    const run = page.getByRole('button', { name: 'Run now' });
    await run.click();
    // The user's skills (React, Node.js, TypeScript, PHP) leave most of a search for "developer" under the floor.
    await page
      .getByText(/^Found \d+ · drafted [1-9]\d* · queued 0 · skipped [1-9]\d* · failed 0\. Skipped: \d+ below the agent's minimum match/)
      .waitFor({ timeout: 60_000 });
    await page.getByText('Run finished').waitFor();

    // The drafts arrive through the sync in the Job Proposals tab.
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    const reviews = page.getByRole('button', { name: /^Review & send: / });
    await reviews.first().waitFor({ timeout: 30_000 });
    const drafts = await reviews.count();
    expect(drafts).toBeGreaterThan(0);
    const firstCard = page.locator('li[data-job-item]').first();
    await firstCard.getByText('offline writer').waitFor();
    await firstCard.getByText(/^Match \d+%$/).waitFor();
    const jobItemId = (await firstCard.getAttribute('data-job-item'))!;
    const title = (await firstCard.getByRole('heading', { level: 3 }).textContent())!;

    // Offline: approve the first draft with an edited letter.
    await waitSynced(page);
    await context.setOffline(true);
    await page.getByText('Offline. Your changes are saved on this device.').first().waitFor();
    // From its own card: two jobs may share a title (the sandbox's do).
    await page
      .locator(`li[data-job-item="${jobItemId}"]`)
      .getByRole('button', { name: `Review & send: ${title}` })
      .click();
    const dialog = page.getByRole('dialog');
    const letter = dialog.getByLabel('Cover letter');
    const original = await letter.inputValue();
    expect(original.length).toBeGreaterThan(20);
    const edited = `${original}\n\nP.S. I can start today.`;
    await letter.fill(edited);
    await dialog.getByRole('button', { name: 'Approve & send' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Marked here at once, and waiting to sync.
    const card = page.locator(`li[data-job-item="${jobItemId}"]`);
    await card.getByText('Processing', { exact: true }).waitFor();
    await card.getByText('Waiting to sync').waitFor();
    expect(await page.getByRole('button', { name: /^Review & send: / }).count()).toBe(drafts - 1);
    const stillDraft = await api(`/automations/${agentId}/jobs`);
    expect(((await stillDraft.json()) as { data: JobItem[] }).data.find((item) => item.id === jobItemId)?.status).toBe('draft');

    // Online again: the approval syncs and the server sends the bid, once.
    await context.setOffline(false);
    await card.getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 30_000 });
    const sent = await until(
      async () => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data,
      (items) => items.find((item) => item.id === jobItemId)?.status === 'completed',
      'the approved proposal to be sent',
    );
    const item = sent.find((one) => one.id === jobItemId)!;
    expect(item.proposalRequirements).toBe(edited.trim());
    expect(item.sentAt).not.toBeNull();
    expect(sent.filter((one) => one.status === 'completed')).toHaveLength(1);

    // The page shows it sent after the next sync, with the outcome to mark.
    await page.reload();
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    await card.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByLabel(`Outcome: ${title}`).selectOption('viewed');
    await until(
      async () =>
        ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data.find((one) => one.id === jobItemId)
          ?.outcome,
      (outcome) => outcome === 'viewed',
      'the outcome to reach the server',
    );
    await context.close();
  }, 180_000);
});
