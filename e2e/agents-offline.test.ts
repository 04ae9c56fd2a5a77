import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createThroughWizard, openCreatePage } from './support/agents';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

interface ServerAgent {
  id: string;
  name: string;
  title: string;
  status: 'active' | 'paused';
  version: number;
  run?: { running: unknown; last: unknown; held: unknown } | null;
}

const PASSWORD = 'Agent-Pass1';

async function register(email: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${env.product().url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, platformType: 'upwork' }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  return { token: body.data.token, userId: body.data.user.id };
}

async function serverAgents(user: { token: string; userId: string }): Promise<ServerAgent[]> {
  const res = await fetch(`${env.product().url}/api/automations/${user.userId}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ServerAgent[] }).data;
}

/** Signs in through the login form and waits until the service worker controls the page. */
async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product().url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: `Welcome, ${email}` }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from now on, so the app shell and its chunks also load offline.
  await page.reload();
  await page.getByRole('heading', { name: `Welcome, ${email}` }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return page;
}

/** Goes to the create page through the app (no page load, so it works offline too). */
describe('job agents in the browser', () => {
  it('creates online, then creates, renames and activates offline; after a reload and reconnecting the server holds each change once', async () => {
    const email = 'e2e.agents@gmail.com';
    const user = await register(email);
    const context = await env.browser().newContext();
    const page = await signIn(context, email);

    // Three agents made online, synced.
    const alpha = await createThroughWizard(page, 'Alpha React developer');
    const beta = await createThroughWizard(page, 'Beta Node developer');
    const gamma = await createThroughWizard(page, 'Gamma designer');
    await until(
      () => serverAgents(user),
      (list) => list.length === 3,
      'three agents on the server',
    );
    await waitSynced(page);

    // No signal: one agent created, one renamed, one activated.
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Offline. Your changes are saved on this device.' }).waitFor();
    const delta = await createThroughWizard(page, 'Delta copywriter');

    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Job Agents' }).click();
    await page.getByRole('link', { name: 'Edit Beta Node developer' }).click();
    await page.getByRole('heading', { name: 'Beta Node developer', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job Agent' });
    await dialog.getByLabel('Agent name').fill('Beta renamed offline');
    for (const step of ['Job Criteria', 'Your Profile', 'Advanced Settings']) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('heading', { name: step }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Update Job Agent' }).click();
    await page.getByText('Job agent updated successfully').first().waitFor();
    await page.getByRole('heading', { name: 'Beta renamed offline', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Back to automations' }).click();
    await page.getByRole('switch', { name: 'Status of Gamma designer' }).click();
    await page.getByText('Automation activated').first().waitFor();
    expect(await page.getByRole('switch', { name: 'Status of Gamma designer' }).getAttribute('aria-checked')).toBe('true');

    // Still offline: a reload shows all three changes, from IndexedDB.
    await page.reload();
    await page.getByRole('heading', { name: 'Job Automations' }).waitFor();
    await page.getByRole('switch', { name: 'Status of Delta copywriter' }).waitFor();
    await page.getByRole('switch', { name: 'Status of Beta renamed offline' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Status of Gamma designer' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Status of Beta Node developer' }).count()).toBe(0);
    expect(await page.getByText('Waiting to sync').count()).toBeGreaterThanOrEqual(3);
    const before = await serverAgents(user);
    expect(before).toHaveLength(3);

    // Back online: the changes reach the server, each exactly once.
    await context.setOffline(false);
    const after = await until(
      () => serverAgents(user),
      (list) =>
        list.length === 4 &&
        list.some((a) => a.name === 'Beta renamed offline') &&
        list.some((a) => a.id === gamma && a.status === 'active'),
      'the offline changes on the server',
    );
    await waitSynced(page);
    const byId = new Map(after.map((agent) => [agent.id, agent]));
    expect([...byId.keys()].sort()).toEqual([alpha, beta, gamma, delta].sort());
    expect(byId.get(delta)).toMatchObject({ name: 'Delta copywriter', title: 'Delta copywriter', status: 'paused', version: 1 });
    expect(byId.get(beta)).toMatchObject({ name: 'Beta renamed offline', title: 'Beta Node developer', status: 'paused', version: 2 });
    // Gamma's activation is one write (version 2); once active, the runner may already have written
    // its run state (the run under way, the last run), each a version of its own.
    const gammaNow = byId.get(gamma)!;
    expect(gammaNow).toMatchObject({ name: 'Gamma designer', status: 'active' });
    if (gammaNow.run == null) expect(gammaNow.version).toBe(2);
    else expect(gammaNow.version).toBeGreaterThanOrEqual(2);
    expect(byId.get(alpha)).toMatchObject({ name: 'Alpha React developer', status: 'paused', version: 1 });
    expect(await page.getByText('Waiting to sync').count()).toBe(0);
    await context.close();
  });

  it('shows the wizard validation toast for a one-character title and lands on the new agent after creating', async () => {
    const email = 'e2e.wizard@gmail.com';
    await register(email);
    const context = await env.browser().newContext();
    const page = await signIn(context, email);

    await openCreatePage(page);
    await page.getByText('No Search Data').first().waitFor();
    await page.getByLabel('Job title', { exact: true }).fill('A');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').getByText('Title must be at least 2 characters.').waitFor();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);

    const id = await createThroughWizard(page, 'Solo Vue developer');
    expect(page.url()).toBe(`${env.product().url}/dashboard/automations/${id}`);
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    await page.getByText('Not yet run').waitFor();
    await context.close();
  });
});
