import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { JobItem } from '@shared/schemas/job-item';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { startModelServer } from './support/model';
import { connectMarketplace, createAccount, runNowAndWait, signedInContext } from './support/session';
import type { Product } from './support/server';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

// A model that slips the freelancer's e-mail into every letter: the letter check holds each one
// back for review, with its reason, whatever the agent's mode.
const CONTACT = 'Write to me at ada.lovelace@example.com to talk it over.';
let model: Awaited<ReturnType<typeof startModelServer>> | undefined;
const env = useProductAndBrowser(async () => (model = await startModelServer({ rewrite: (letter) => `${letter}\n\n${CONTACT}` })).env);
afterAll(() => model?.close());

type Api = (path: string, init?: RequestInit) => Promise<Response>;

async function account(product: Product, email: string): Promise<{ token: string; userId: string; api: Api }> {
  const created = await createAccount(product, email);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${created.token}` };
  const api: Api = (path, init = {}) => fetch(`${product.url}/api${path}`, { ...init, headers: auth });
  await api(`/users/${created.user.id}`, { method: 'PUT', body: JSON.stringify({ skills: ['React', 'Node.js', 'TypeScript'] }) });
  return { token: created.token, userId: created.user.id, api };
}

/** Connects the account's marketplace through the sandbox's consent page, started from the app's page. */
async function connect(
  context: BrowserContext,
  product: Product,
  _api: Api,
  userId: string,
  platform: 'freelancer' | 'upwork',
  name: string,
) {
  const page = await context.newPage();
  await connectMarketplace(page, product, userId, name, platform);
  await page.close();
}

/** A review agent of one proposal a day, run now: its drafts as the server has them. */
async function draftsOf(api: Api, platform: 'freelancer' | 'upwork', name: string): Promise<{ agentId: string; drafts: JobItem[] }> {
  const agentId = crypto.randomUUID();
  const created = await api('/automations', {
    method: 'POST',
    body: JSON.stringify({ id: agentId, title: 'developer', name, platform, sendMode: 'review', emailsPerDay: 1 }),
  });
  expect(created.status).toBe(201);
  await runNowAndWait(api, agentId);
  const items = ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data;
  const drafts = items.filter((item) => item.status === 'draft' && item.riskFlags.length === 0);
  expect(drafts.length).toBeGreaterThan(0);
  return { agentId, drafts };
}

/** One of the agent's proposals as the server has it. */
async function item(api: Api, agentId: string, id: string): Promise<JobItem> {
  const items = ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data;
  return items.find((one) => one.id === id)!;
}

/** Opens a draft's review from its own row: two jobs may share a title (the sandbox's do). */
async function openReview(page: Page, draft: Pick<JobItem, 'id' | 'title'>) {
  await page
    .locator(`li[data-job-item="${draft.id}"]`)
    .getByRole('button', { name: `Review & send: ${draft.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Review the proposal' });
  await dialog.locator('[data-review-letter]').waitFor();
  return dialog;
}

describe('the whole proposal in review', () => {
  it('shows why a draft was held, the job beside the letter, a live counter and check, keeps the edit across Esc and a reload, and sends the bid set (1280, English)', async () => {
    const product = env.product();
    const { token, userId, api } = await account(product, 'review.bid@gmail.com');
    const context = await signedInContext(env.browser(), product, token, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await connect(context, product, api, userId, 'freelancer', 'review_bid');
    const { agentId, drafts } = await draftsOf(api, 'freelancer', 'Review agent');
    const draft = drafts[0]!;
    // Held back by its check (the model wrote contact details), with the reason stored on the draft.
    expect(draft.writer).toBe('ai');
    expect(draft.letterReview?.problems.map((p) => p.code)).toContain('contactDetails');

    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/inbox`);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await waitSynced(page);
    // The inbox row says why it waits, in the user's language.
    const row = page.locator(`li[data-job-item="${draft.id}"]`);
    await row
      .locator('[data-held-reasons]')
      .getByText(/Contact details the marketplace forbids before a contract: “ada\.lovelace@example\.com”/)
      .waitFor();

    let dialog = await openReview(page, draft);
    // The job beside the letter: its budget, description and the reason it was held.
    const job = dialog.locator('[data-review-job]');
    await job.getByText(draft.budget!, { exact: true }).waitFor();
    await job.getByRole('region', { name: 'Job description' }).waitFor();
    await dialog.getByRole('heading', { name: 'Why it was held for you' }).waitFor();
    await dialog.locator('[data-problem="contactDetails"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The bid: below the project's minimum, and a period past a year, are refused before anything is sent.
    const letter = dialog.getByLabel('Cover letter');
    const amount = dialog.getByLabel(/^(Bid amount|Hourly rate) \(/);
    const period = dialog.getByLabel('Delivery in days');
    const approve = dialog.getByRole('button', { name: 'Approve & send' });
    expect(await amount.inputValue()).toBe(String(draft.bidAmount));
    await amount.fill(String(Math.max(1, Math.floor((draft.budgetMin ?? 2) / 2))));
    await dialog.getByText(/^The marketplace takes at least /).waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await period.fill('400');
    await dialog.getByText('Enter a whole number of days from 1 to 365.').waitFor();

    // The edit: the contact line taken out (the live check drops its reason), a bid inside the rules.
    const edited = (draft.proposalRequirements ?? '').replace(CONTACT, 'Happy to talk it over here on Freelancer.com.').trim();
    const bid = Math.ceil((draft.budgetMin ?? 10) * 1.2);
    await letter.fill(edited);
    await amount.fill(String(bid));
    await period.fill('12');
    await dialog.getByRole('heading', { name: 'Check of your edit' }).waitFor();
    await until(
      () => dialog.locator('[data-problem="contactDetails"]').count(),
      (n) => n === 0,
      'the live check to drop the contact details',
    );
    expect(await approve.isDisabled()).toBe(false);

    // Closed with Escape: the edit is kept on this device, and the review opens on it again, also after a reload.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your edit is kept on this device: it is here when you open the review again.').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    dialog = await openReview(page, draft);
    await dialog.getByText(/^Your edit from .*, kept on this device, is back\.$/).waitFor();
    expect(await dialog.getByLabel('Cover letter').inputValue()).toBe(edited);
    expect(await dialog.getByLabel(/^(Bid amount|Hourly rate) \(/).inputValue()).toBe(String(bid));
    expect(await dialog.getByLabel('Delivery in days').inputValue()).toBe('12');

    // The counter: past Freelancer.com's 1,500 characters, the letter cannot be approved.
    const long = `${edited}\n\n${'A further sentence on the same work. '.repeat(45)}`.trim();
    await dialog.getByLabel('Cover letter').fill(long);
    const counter = dialog.locator('[data-letter-counter]');
    await counter.getByText(`${long.length.toLocaleString('en-US')} of 1,500 characters`).waitFor();
    await dialog.getByRole('alert').getByText('Freelancer.com takes at most 1,500 characters. Shorten the letter to send it.').waitFor();
    await dialog.locator('[data-problem="tooLong"]').waitFor();
    expect(await dialog.getByRole('button', { name: 'Approve & send' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Back within the limit and approved: the letter and the bid the user set are the ones sent.
    await dialog.getByLabel('Cover letter').fill(edited);
    await counter.getByText(`${edited.length.toLocaleString('en-US')} of 1,500 characters`).waitFor();
    await dialog.getByRole('button', { name: 'Approve & send' }).click();
    await dialog.waitFor({ state: 'detached' });
    const sent = await until(
      () => item(api, agentId, draft.id),
      (current) => current.status === 'completed',
      'the approved proposal to go out',
      60_000,
    );
    expect(sent).toMatchObject({ proposalRequirements: edited, bidAmount: bid, bidPeriodDays: 12 });
    // Sent: nothing of the edit is left on the device.
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('bidpilot');
            open.onsuccess = () => {
              const count = open.result.transaction('letterDrafts').objectStore('letterDrafts').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    ).toBe(0);
    await context.close();
  }, 300_000);

  it('stores the letter copied to Upwork when a proposal sent by hand is marked as sent (360, English)', async () => {
    const product = env.product();
    const { token, userId, api } = await account(product, 'review.upwork@gmail.com');
    const context = await signedInContext(env.browser(), product, token, { viewport: { width: 360, height: 800 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    // Connected without the proposals permission: Upwork drafts are sent by hand.
    await connect(context, product, api, userId, 'upwork', 'review_upwork');
    const { agentId, drafts } = await draftsOf(api, 'upwork', 'Upwork agent');
    const draft = drafts[0]!;
    expect(draft.manualSend).toBe(true);

    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/inbox`);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await waitSynced(page);
    const dialog = await openReview(page, draft);
    const letter = dialog.getByLabel('Cover letter');
    const copied = `${(draft.proposalRequirements ?? '').replace(CONTACT, '').trim()}\n\nEdited for Upwork before pasting.`;
    await letter.fill(copied);
    // Open on Upwork: the job in a new tab, the edited letter on the clipboard.
    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Open on Upwork' }).click()]);
    await tab.close();
    await page.getByText('The letter is copied. Paste it on Upwork.').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // A later change in the box was not pasted on Upwork: Mark as sent keeps what was copied.
    await letter.fill(`${copied}\n\nA line never pasted.`);
    await dialog.getByRole('button', { name: 'Mark as sent' }).click();
    await dialog.waitFor({ state: 'detached' });
    const marked = await until(
      () => item(api, agentId, draft.id),
      (current) => current.status === 'completed',
      'the proposal to be marked as sent',
    );
    expect(marked.proposalRequirements).toBe(copied);
    await context.close();
  }, 300_000);
});
