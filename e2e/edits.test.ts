import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  createAgentElsewhere,
  fillCreateWizard,
  openAgentList,
  openCreatePage,
  openEditDialog,
  register,
  saveEditDialog,
  serverAgents,
  signIn,
  CREATED_TOAST,
} from './support/agents';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

const agentUrl = (id: string) => `${env.product().url}/dashboard/automations/${id}`;

async function openAgent(page: Page, id: string, name: string) {
  await page.goto(agentUrl(id));
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

const notices = (page: Page) => page.getByRole('region', { name: 'Sync notices' });

describe('edits carry what the user changed and what they saw', () => {
  it('a stale edit dialog in a second tab saves only the field it changed: the rename made in the first tab stays', async () => {
    const product = env.product();
    const account = await register(product, 'edits.stale@gmail.com');
    const id = await createAgentElsewhere(product, account, 'Stale dialog agent', { emailsPerDay: 5 });
    const context = await env.browser().newContext();
    const tabA = await signIn(context, product, account);
    await openAgent(tabA, id, 'Stale dialog agent');
    const tabB = await context.newPage();
    await openAgent(tabB, id, 'Stale dialog agent');

    // Both tabs open Edit on the same version.
    const dialogB = await openEditDialog(tabB);
    const dialogA = await openEditDialog(tabA);
    await dialogA.getByLabel('Agent name').fill('Renamed in tab A');
    await saveEditDialog(tabA, dialogA);
    await tabA.getByText('Job agent updated successfully').first().waitFor();
    await until(
      () => serverAgents(product, account),
      (list) => list[0]?.name === 'Renamed in tab A',
      'the rename on the server',
    );
    await waitSynced(tabA);

    // Tab B's dialog still shows the old name; it changes only the proposals per day.
    expect(await dialogB.getByLabel('Agent name').inputValue()).toBe('Stale dialog agent');
    await dialogB.getByLabel('Proposals per day').fill('3');
    await saveEditDialog(tabB, dialogB);
    await tabB.getByText('Job agent updated successfully').first().waitFor();

    const [agent] = await until(
      () => serverAgents(product, account),
      (list) => list[0]?.emailsPerDay === 3,
      'the per-day change on the server',
    );
    expect(agent).toMatchObject({ name: 'Renamed in tab A', emailsPerDay: 3 });
    await tabB.getByRole('heading', { name: 'Renamed in tab A', level: 1 }).waitFor();
    await waitSynced(tabB);
    expect(await notices(tabB).getByRole('listitem').count()).toBe(0);
    await context.close();
  });

  it('the same field changed in two tabs: the conflict shows both values, and "Use mine" saves the second', async () => {
    const product = env.product();
    const account = await register(product, 'edits.conflict@gmail.com');
    const id = await createAgentElsewhere(product, account, 'Conflict agent');
    const context = await env.browser().newContext();
    const tabA = await signIn(context, product, account);
    await openAgent(tabA, id, 'Conflict agent');
    const tabB = await context.newPage();
    await openAgent(tabB, id, 'Conflict agent');

    const dialogB = await openEditDialog(tabB);
    const dialogA = await openEditDialog(tabA);
    await dialogA.getByLabel('Agent name').fill('Name from tab A');
    await saveEditDialog(tabA, dialogA);
    await until(
      () => serverAgents(product, account),
      (list) => list[0]?.name === 'Name from tab A',
      'the first rename on the server',
    );
    await waitSynced(tabA);

    await dialogB.getByLabel('Agent name').fill('Name from tab B');
    await saveEditDialog(tabB, dialogB);

    // The server kept tab A's name and said so; the notice shows both names and a choice.
    const notice = notices(tabB).getByRole('listitem').filter({ hasText: 'was changed elsewhere' });
    await notice.waitFor();
    await notice.getByText('Name from tab B', { exact: true }).waitFor();
    await notice.getByText('Name from tab A', { exact: true }).waitFor();
    expect((await serverAgents(product, account))[0]!.name).toBe('Name from tab A');
    await notice.getByRole('button', { name: 'Use mine' }).click();
    await until(
      () => serverAgents(product, account),
      (list) => list[0]?.name === 'Name from tab B',
      'the chosen name on the server',
    );
    await notice.waitFor({ state: 'detached' });
    await tabA.getByRole('heading', { name: 'Name from tab B', level: 1 }).waitFor();
    await context.close();
  });
});

describe('limits before work, and nothing discarded', () => {
  it('at the plan limit the create page says so before the first step, with the way to upgrade', async () => {
    const product = env.product();
    const account = await register(product, 'edits.limit@gmail.com');
    for (const title of ['One', 'Two', 'Three', 'Four']) await createAgentElsewhere(product, account, `Agent ${title}`);
    const context = await env.browser().newContext();
    const page = await signIn(context, product, account);
    await waitSynced(page);
    await openCreatePage(page);
    await page.getByRole('heading', { name: 'Agent limit reached' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Basic Information' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/subscribe');
    await context.close();
  });

  it('an agent the server refuses at the limit (reached on another device meanwhile) is kept as a draft to export or save later', async () => {
    const product = env.product();
    const account = await register(product, 'edits.kept@gmail.com');
    const first = await createAgentElsewhere(product, account, 'Agent One');
    await createAgentElsewhere(product, account, 'Agent Two');
    await createAgentElsewhere(product, account, 'Agent Three');
    const context = await env.browser().newContext({ acceptDownloads: true });
    const page = await signIn(context, product, account);
    await waitSynced(page);

    // Offline, the fourth agent is allowed here; meanwhile another device takes the last place.
    await context.setOffline(true);
    await openCreatePage(page);
    await fillCreateWizard(page, 'Kept draft agent');
    await page.getByText(CREATED_TOAST).first().waitFor();
    await createAgentElsewhere(product, account, 'Agent Four elsewhere');
    await context.setOffline(false);

    // Refused: the user is told, and what they typed is kept on this device.
    await notices(page)
      .getByText(/“Kept draft agent” could not be saved to your account/)
      .waitFor();
    await page.getByRole('heading', { name: 'Not saved to your account' }).waitFor();
    await openAgentList(page);
    const kept = page.getByRole('region', { name: 'Not saved to your account' });
    await kept.getByText('Kept draft agent').waitFor();
    expect((await serverAgents(product, account)).map((a) => a.name)).not.toContain('Kept draft agent');

    // Export: a JSON file with the wizard's values.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      kept.getByRole('button', { name: 'Export Kept draft agent' }).click(),
    ]);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { title: string; upworkFreelancerName: string };
    expect(exported).toMatchObject({ title: 'Kept draft agent', upworkFreelancerName: 'Ada Lovelace' });

    // Still at the limit: saving waits; after deleting another agent it goes through.
    const save = kept.getByRole('button', { name: 'Save Kept draft agent to your account' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Delete Agent One' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await until(
      () => serverAgents(product, account),
      (list) => !list.some((a) => a.id === first),
      'the deletion on the server',
    );
    await save.click();
    const agents = await until(
      () => serverAgents(product, account),
      (list) => list.some((a) => a.name === 'Kept draft agent'),
      'the kept draft on the server',
    );
    expect(agents.filter((a) => a.name === 'Kept draft agent')).toHaveLength(1);
    await kept.waitFor({ state: 'detached' });
    const full = await apiAs(product, account)(`/automations/detail/${agents.find((a) => a.name === 'Kept draft agent')!.id}`);
    expect(full.json.data).toMatchObject({ title: 'Kept draft agent', upworkFreelancerName: 'Ada Lovelace', skills: ['React'] });
    await context.close();
  });
});
