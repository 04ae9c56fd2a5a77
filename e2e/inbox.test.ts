import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { createAccount, runNowAndWait, signedInContext } from './support/session';
import type { Product } from './support/server';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** The Arabic strings, read from the locale file: the test reads the screen as an Arabic user does. */
const ar = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../locales/ar.json'), 'utf8')) as {
  agents: { inbox: { title: string; state: Record<string, string> } };
};

type Api = (path: string, init?: RequestInit) => Promise<Response>;

/** An account with two review agents (a developer's and a designer's) that each ran once: their drafts wait. */
async function accountWithDrafts(product: Product, email: string) {
  const created = await createAccount(product, email);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${created.token}` };
  const api: Api = (p, init = {}) => fetch(`${product.url}/api${p}`, { ...init, headers: auth });
  await api(`/users/${created.user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ skills: ['React', 'Node.js', 'TypeScript', 'Logo Design'] }),
  });
  const agents: Array<{ id: string; name: string }> = [];
  for (const [title, name] of [
    ['developer', 'Developer agent'],
    ['logo design', 'Logo agent'],
  ] as const) {
    const id = crypto.randomUUID();
    await api('/automations', {
      method: 'POST',
      body: JSON.stringify({ id, title, name, platform: 'freelancer', sendMode: 'review', emailsPerDay: 3 }),
    });
    await runNowAndWait(api, id);
    agents.push({ id, name });
  }
  const items = async () => {
    const all: JobItem[] = [];
    for (const agent of agents) all.push(...((await (await api(`/automations/${agent.id}/jobs`)).json()) as { data: JobItem[] }).data);
    return all;
  };
  return { token: created.token, api, agents, items };
}

describe('the inbox', () => {
  it("counts the drafts on the dashboard and the sidebar, lists every agent's best match first, filters, and approves or discards in one tap with Undo (1280, English)", async () => {
    const product = env.product();
    const { token, agents, items } = await accountWithDrafts(product, 'inbox.english@gmail.com');
    const drafts = (await items()).filter((item) => item.status === 'draft');
    expect(drafts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drafts.map((item) => item.agentId)).size).toBe(2);

    const context = await signedInContext(env.browser(), product, token, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard`);
    await waitSynced(page);
    // The dashboard and the sidebar say how many drafts wait, and lead to the inbox.
    const waiting = page.locator('[data-drafts-waiting]');
    await waiting.getByRole('heading', { name: `Drafts to review: ${drafts.length}` }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await nav.getByRole('link', { name: new RegExp(`^Inbox\\s*\\(drafts to review: ${drafts.length}\\)$`) }).waitFor();
    expect(await nav.locator('[data-draft-count]').textContent()).toBe(String(drafts.length));
    await waiting.getByRole('link', { name: 'Open the inbox' }).click();
    await page.waitForURL('**/dashboard/inbox');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

    // Both agents' drafts, best match first.
    await page.getByRole('tab', { name: `Drafts (${drafts.length})`, selected: true }).waitFor();
    const list = page.getByRole('list', { name: 'Drafts to review, best match first' });
    const rows = list.locator('li[data-job-item]');
    await until(
      () => rows.count(),
      (n) => n === drafts.length,
      'every draft in the inbox',
    );
    const scoreOf = new Map(drafts.map((item) => [item.id, item.matchScore ?? -1]));
    const shown = await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-job-item')!));
    const scores = shown.map((id) => scoreOf.get(id)!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const agent of agents) await list.getByText(`${agent.name} · Freelancer.com`).first().waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Filtered by agent (kept in the address): only the logo agent's.
    const logo = agents[1]!;
    await page.getByLabel('Agent', { exact: true }).selectOption(logo.id);
    await page.waitForURL(`**/dashboard/inbox?agent=${logo.id}`);
    await until(
      () => rows.count(),
      (n) => n === drafts.filter((item) => item.agentId === logo.id).length,
      "only the logo agent's drafts",
    );
    await page.getByLabel('Agent', { exact: true }).selectOption('all');

    // One tap approves a draft, which waits for an Undo before it goes out: Undo makes it a draft again.
    const first = drafts.find((item) => item.riskFlags.length === 0)!;
    const row = list.locator(`li[data-job-item="${first.id}"]`);
    await row.getByRole('button', { name: `Approve: ${first.title}` }).click();
    const toast = (text: string) => page.getByRole('status').locator('div.pointer-events-auto', { hasText: text });
    const approved = toast('Approved. It goes out in 30 seconds.');
    await approved.waitFor();
    await page.getByRole('tab', { name: `Queued (1)` }).waitFor();
    await approved.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Taken back: it is a draft again.').first().waitFor();
    await page.getByRole('tab', { name: `Drafts (${drafts.length})` }).waitFor();
    const back = await until(
      async () => (await items()).find((item) => item.id === first.id)!,
      (item) => item.status === 'draft' && item.approvedAt === null,
      'the approval taken back on the server',
    );
    expect(back.proposalExternalId).toBeNull();

    // Discarded in one tap, and back with Undo.
    const second = drafts.find((item) => item.id !== first.id)!;
    await list
      .locator(`li[data-job-item="${second.id}"]`)
      .getByRole('button', { name: `Discard: ${second.title}` })
      .click();
    const discarded = toast('Draft discarded');
    await discarded.waitFor();
    await page.getByRole('tab', { name: `Drafts (${drafts.length - 1})` }).waitFor();
    await discarded.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('tab', { name: `Drafts (${drafts.length})` }).waitFor();
    await until(
      async () => (await items()).find((item) => item.id === second.id)!.status,
      (status) => status === 'draft',
      'the discard undone on the server',
    );

    // The agent list shows each agent's drafts waiting and its last run.
    await nav.getByRole('link', { name: 'Job Agents' }).click();
    await page.getByRole('heading', { name: 'Job Automations' }).waitFor();
    const logoRow = page.getByRole('row').filter({ hasText: logo.name });
    await logoRow.getByRole('link', { name: `Drafts waiting: ${drafts.filter((item) => item.agentId === logo.id).length}` }).waitFor();
    await logoRow.getByText('Sent today: 0').waitFor();
    await logoRow.getByText(/^Last run: /).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 300_000);

  it('reads right to left in Arabic on a phone, offline too, and opens a draft in the review (360, Arabic)', async () => {
    const product = env.product();
    const { token, items } = await accountWithDrafts(product, 'inbox.arabic@gmail.com');
    const drafts = (await items()).filter((item) => item.status === 'draft');
    const context = await signedInContext(env.browser(), product, token, {
      viewport: { width: 360, height: 800 },
      locale: 'ar',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/inbox?lng=ar`);
    await page.getByRole('heading', { name: ar.agents.inbox.title, level: 1 }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await waitSynced(page).catch(() => undefined);
    const rows = page.locator('li[data-job-item]');
    await until(
      () => rows.count(),
      (n) => n === drafts.length,
      'every draft in the Arabic inbox',
    );
    const tab = ar.agents.inbox.state.drafts!.replace('{{count}}', new Intl.NumberFormat('ar').format(drafts.length));
    await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Offline: the inbox still lists them (read from IndexedDB).
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: ar.agents.inbox.title, level: 1 }).waitFor({ timeout: 30_000 });
    await until(
      () => rows.count(),
      (n) => n === drafts.length,
      'the drafts offline',
    );
    await context.setOffline(false);

    // The review, as a bottom sheet: the job, the letter with its counter.
    await rows.first().locator('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-letter-counter]').waitFor();
    await dialog.locator('[data-review-job]').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 300_000);
});
