import type { Locator, Page } from 'playwright-core';
import { FIELD_LABELS, type AgentField, type AgentState } from './model';

/** How long one step of an action may take on a loaded machine. */
export const STEP_MS = 30_000;

export const TOASTS = {
  created: 'Job agent created successfully!',
  updated: 'Job agent updated successfully',
  updateFailed: 'Failed to update automation',
  activated: 'Automation activated',
  paused: 'Automation paused',
  toggleFailed: 'Failed to toggle automation status',
  deleted: 'Automation deleted',
  deleteFailed: 'Failed to delete automation',
  approved: 'Approved. The proposal is sent shortly.',
  discarded: 'Draft discarded',
  decisionFailed: 'That did not work. Try again.',
} as const;

/** The toasts of a page, as shown (the toast area is the fixed "Notifications" region). */
const toastArea = (page: Page) => page.locator('section.fixed[aria-label="Notifications"]');

/** Dismisses every toast, so the next one read belongs to the next action. */
export async function clearToasts(page: Page): Promise<void> {
  const buttons = toastArea(page).getByRole('button', { name: 'Dismiss' });
  // A toast may go by itself meanwhile: a short try each, and the count read again.
  for (let i = 0; i < 20 && (await buttons.count()) > 0; i++)
    await buttons
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
}

/** Waits for one of the toasts and answers which one appeared. */
export async function toastOf<K extends string>(page: Page, texts: Record<K, string>): Promise<K> {
  const entries = Object.entries(texts) as Array<[K, string]>;
  const area = toastArea(page);
  let any: Locator = area.getByText(entries[0]![1], { exact: true });
  for (const [, text] of entries.slice(1)) any = any.or(area.getByText(text, { exact: true }));
  await any.first().waitFor({ timeout: STEP_MS });
  for (const [key, text] of entries) if ((await area.getByText(text, { exact: true }).count()) > 0) return key;
  throw new Error('toast vanished');
}

/** The agent list through the sidebar (in the app: works offline too). */
export async function openList(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Job Automations', level: 1 });
  if (await heading.isVisible()) return;
  // An open dialog is left by Escape first.
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Job Agents' })
    .click({ timeout: STEP_MS });
  await heading.waitFor({ timeout: STEP_MS });
}

export interface ListedAgent {
  id: string;
  name: string;
  status: 'active' | 'paused';
}

/** The agents the list shows: id, name and status (one read of the page). */
export async function listedAgents(page: Page): Promise<ListedAgent[]> {
  await openList(page);
  // The list loads from IndexedDB: the count line shows once it has.
  await page.getByText(/ of \d+ agents used$|^Agents: \d+$/).waitFor({ timeout: STEP_MS });
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="switch"][aria-label^="Status of "]')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const row = el.closest('tr, li');
        const href = row?.querySelector('a[href^="/dashboard/automations/"]')?.getAttribute('href') ?? '';
        return {
          id: href.split('/').pop() ?? '',
          name: (el.getAttribute('aria-label') ?? '').replace(/^Status of /, ''),
          status: el.getAttribute('aria-checked') === 'true' ? ('active' as const) : ('paused' as const),
        };
      }),
  );
}

/** Creates an agent through the create page, its fields prefilled as a search hands them over. */
export async function createAgent(page: Page, agent: AgentState): Promise<{ id: string } | 'limit'> {
  await openList(page);
  await page.evaluate((fields) => sessionStorage.setItem('jobSearchData', JSON.stringify(fields)), {
    title: agent.title,
    name: agent.name,
    platform: 'upwork',
    emailsPerDay: agent.emailsPerDay,
    upworkFreelancerName: 'Ada Lovelace',
    upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
    upworkWorkHistory: 'Ten years of web applications for start-ups.',
    skills: ['React'],
  });
  await page.getByRole('link', { name: 'Create New Automation' }).first().click({ timeout: STEP_MS });
  const basic = page.getByRole('heading', { name: 'Basic Information' });
  const limit = page.getByRole('heading', { name: 'Agent limit reached' });
  await basic.or(limit).waitFor({ timeout: STEP_MS });
  if (await limit.isVisible()) return 'limit';
  for (const step of ['Job Criteria', 'Your Profile', 'Advanced Settings']) {
    await page.getByRole('button', { name: 'Next' }).click({ timeout: STEP_MS });
    await page.getByRole('heading', { name: step }).waitFor({ timeout: STEP_MS });
  }
  await clearToasts(page);
  await page.getByRole('button', { name: 'Create Job Agent' }).click({ timeout: STEP_MS });
  await toastOf(page, { created: TOASTS.created });
  await page.waitForURL(/\/dashboard\/automations\/[0-9a-f-]{36}$/, { timeout: STEP_MS });
  return { id: page.url().split('/').pop()! };
}

/** An agent's row in the list (by id: a sync may rename it under the test's feet). */
const rowOf = (page: Page, id: string) => page.locator('tr').filter({ has: page.locator(`a[href="/dashboard/automations/${id}"]`) });

/** Opens an agent's edit dialog from the list; answers what the form shows. */
export async function openEdit(page: Page, id: string): Promise<{ id: string; seen: { name: string; emailsPerDay: number } } | null> {
  await openList(page);
  const link = rowOf(page, id).getByRole('link', { name: /^Edit / });
  if ((await link.count()) === 0) return null;
  await link.first().click({ timeout: STEP_MS });
  await page.waitForURL(`**/dashboard/automations/${id}`, { timeout: STEP_MS });
  await page.getByRole('button', { name: 'Edit', exact: true }).click({ timeout: STEP_MS });
  const dialog = page.getByRole('dialog', { name: 'Edit Job Agent' });
  await dialog.getByRole('heading', { name: 'Basic Information' }).waitFor({ timeout: STEP_MS });
  return {
    id,
    seen: {
      name: await dialog.getByLabel('Agent name').inputValue(),
      emailsPerDay: Number(await dialog.getByLabel('Proposals per day').inputValue()),
    },
  };
}

/** Changes fields in the open edit dialog and saves; answers whether the user was told it was saved. */
export async function submitEdit(
  page: Page,
  changes: Partial<Record<'name' | 'emailsPerDay', string | number>>,
): Promise<'saved' | 'failed' | 'gone'> {
  const dialog = page.getByRole('dialog', { name: 'Edit Job Agent' });
  if ((await dialog.count()) === 0) return 'gone';
  if (changes.name !== undefined) await dialog.getByLabel('Agent name').fill(String(changes.name), { timeout: STEP_MS });
  if (changes.emailsPerDay !== undefined)
    await dialog.getByLabel('Proposals per day').fill(String(changes.emailsPerDay), { timeout: STEP_MS });
  for (const step of ['Job Criteria', 'Your Profile', 'Advanced Settings']) {
    await dialog.getByRole('button', { name: 'Next' }).click({ timeout: STEP_MS });
    await dialog.getByRole('heading', { name: step }).waitFor({ timeout: STEP_MS });
  }
  await clearToasts(page);
  await dialog.getByRole('button', { name: 'Update Job Agent' }).click({ timeout: STEP_MS });
  return (await toastOf(page, { saved: TOASTS.updated, failed: TOASTS.updateFailed })) === 'saved' ? 'saved' : 'failed';
}

/** Flips an agent's status switch in the list; answers what it showed before and whether it was saved. */
export async function toggleStatus(page: Page, id: string): Promise<{ seen: 'active' | 'paused'; saved: boolean } | null> {
  await openList(page);
  const toggle = rowOf(page, id).getByRole('switch');
  if ((await toggle.count()) === 0) return null;
  const seen = (await toggle.first().getAttribute('aria-checked')) === 'true' ? 'active' : 'paused';
  await clearToasts(page);
  await toggle.first().click({ timeout: STEP_MS });
  const told = await toastOf(page, { activated: TOASTS.activated, paused: TOASTS.paused, failed: TOASTS.toggleFailed });
  return { seen, saved: told !== 'failed' };
}

export async function deleteAgent(page: Page, id: string): Promise<'deleted' | 'failed' | null> {
  await openList(page);
  const button = rowOf(page, id).getByRole('button', { name: /^Delete / });
  if ((await button.count()) === 0) return null;
  await button.first().click({ timeout: STEP_MS });
  await clearToasts(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click({ timeout: STEP_MS });
  return (await toastOf(page, { deleted: TOASTS.deleted, failed: TOASTS.deleteFailed })) === 'deleted' ? 'deleted' : 'failed';
}

/** The drafts of an agent's Job Proposals tab, by id. */
export async function openProposals(page: Page, agentId: string): Promise<string[]> {
  await openList(page);
  const link = page.locator(`a[href="/dashboard/automations/${agentId}"]`).filter({ hasText: 'Edit' });
  if ((await link.count()) === 0) return [];
  await link.first().click({ timeout: STEP_MS });
  await page.waitForURL(`**/dashboard/automations/${agentId}`, { timeout: STEP_MS });
  await page.getByRole('tab', { name: 'Job Proposals' }).click({ timeout: STEP_MS });
  await page
    .locator('[data-job-item]')
    .first()
    .or(page.getByText('No job proposals yet.', { exact: false }))
    .first()
    .waitFor({ timeout: STEP_MS });
  return page.locator('li[data-status="draft"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-job-item')!));
}

/** Approves (through the review dialog) or discards a draft on the open Job Proposals tab. */
export async function decide(page: Page, itemId: string, decision: 'approve' | 'discard'): Promise<boolean> {
  const card = page.locator(`li[data-job-item="${itemId}"]`);
  await clearToasts(page);
  if (decision === 'discard') {
    await card.getByRole('button', { name: /^Discard: / }).click({ timeout: STEP_MS });
  } else {
    await card.getByRole('button', { name: /^Review & send: / }).click({ timeout: STEP_MS });
    const dialog = page.getByRole('dialog', { name: 'Review the proposal' });
    await dialog.getByRole('button', { name: 'Approve & send' }).click({ timeout: STEP_MS });
  }
  const told = await toastOf(page, { approved: TOASTS.approved, discarded: TOASTS.discarded, failed: TOASTS.decisionFailed });
  return told !== 'failed';
}

export interface ShownConflict {
  agentId: string;
  /** One per field: "label|yours|theirs", as the model writes them. */
  keys: string[];
  fields: Array<{ label: string; yours: string; theirs: string }>;
  text: string;
}

/** The conflict notices (with Use mine) on a page. */
export async function shownConflicts(page: Page): Promise<ShownConflict[]> {
  const items = page.getByRole('region', { name: 'Sync notices' }).getByRole('listitem');
  const out: ShownConflict[] = [];
  for (const item of await items.all()) {
    if ((await item.getByRole('button', { name: 'Use mine' }).count()) === 0) continue;
    const fields: ShownConflict['fields'] = [];
    for (const group of await item.locator('dl > div').all()) {
      const label = (await group.locator('dt').innerText()).trim();
      const [yours = '', theirs = ''] = await group.locator('dd q').allInnerTexts();
      fields.push({ label, yours, theirs });
    }
    out.push({
      agentId: (await item.getAttribute('data-entity-id')) ?? '',
      keys: fields.map((f) => `${f.label}|${f.yours}|${f.theirs}`),
      fields,
      text: (await item.locator('p').first().innerText()).trim(),
    });
  }
  return out;
}

/** The refused-change notices on a page (not conflicts), by their text. */
export async function shownRefusals(page: Page): Promise<string[]> {
  const items = page.getByRole('region', { name: 'Sync notices' }).getByRole('listitem');
  const out: string[] = [];
  for (const item of await items.all())
    if ((await item.getByRole('button', { name: 'Use mine' }).count()) === 0)
      out.push((await item.locator('p').first().innerText()).trim());
  return out;
}

/** Answers a conflict notice with "Use mine" or "Keep theirs"; waits until it is gone. */
export async function answerConflict(page: Page, notice: ShownConflict, choice: 'mine' | 'theirs'): Promise<void> {
  // A modal dialog (an agent being edited) makes the notices behind it inert: a user closes it first.
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
  const same = page
    .getByRole('region', { name: 'Sync notices' })
    .locator(`li[data-entity-id="${notice.agentId}"]`)
    .filter({ hasText: notice.text });
  const before = await same.count();
  await same
    .first()
    .getByRole('button', { name: choice === 'mine' ? 'Use mine' : 'Keep theirs' })
    .click({ timeout: STEP_MS });
  await page.waitForFunction(
    ({ id, text, count }) =>
      [...document.querySelectorAll(`li[data-entity-id="${id}"]`)].filter((li) => li.textContent?.includes(text)).length < count,
    { id: notice.agentId, text: notice.text, count: before },
    { timeout: STEP_MS },
  );
}

export const fieldOfLabel = (label: string): AgentField =>
  (Object.entries(FIELD_LABELS).find(([, l]) => l === label)?.[0] as AgentField) ?? 'name';
