import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { hoursAwayFromNow } from './support/hours';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** How a reason with the post's own words reads in English. */
const FEE_REASON = /^Asks for a fee to start: “.*fee.*”$/;

describe('a job with a red flag', () => {
  it('shows its reason on the search results and on the agent page, with a risk filter on both, at 360 px', async () => {
    const product = env.product();
    const account = await createAccount(product, 'risk.flags@gmail.com');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
    const put = await api(`/users/${account.user.id}`, {
      method: 'PUT',
      body: JSON.stringify({
        freelancerProfileComplete: true,
        skills: ['Copywriting', 'Article Writing', 'Content Writing', 'Blog Writing'],
      }),
    });
    expect(put.status).toBe(200);

    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      bypassCSP: true,
    });
    const page = await context.newPage();

    // Search: the sandbox's feed, like a real one, has writing posts that ask for a fee to start.
    await page.goto(`${product.url}/dashboard/search`);
    await page.getByRole('heading', { name: 'Search Jobs', level: 1 }).waitFor();
    await page.getByLabel('Job title or keywords').fill('writer');
    await page.getByRole('radio', { name: 'Freelancer.com' }).check();
    await page.getByLabel('Pages to search').selectOption('5');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByText(/^Jobs found: \d+/).waitFor({ timeout: 60_000 });

    const results = page.getByRole('list', { name: 'Jobs, best match first' });
    const cards = results.getByRole('article');
    const flaggedCards = results.locator('article[data-flagged]');
    const all = await cards.count();
    const flagged = await flaggedCards.count();
    expect(flagged).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(flagged);
    // Each flagged card says why, in a group named by its badge ("Red flag", or "Check first" where the
    // learned reading only doubts the post); a fee to start quotes the post.
    const reasons = await flaggedCards
      .getByRole('group', { name: /^(Red flag|Check first)$/ })
      .getByRole('listitem')
      .allTextContents();
    expect(reasons.length).toBeGreaterThanOrEqual(flagged);
    const feeReason = reasons.map((text) => text.replace(/[\u2068\u2069]/g, '')).find((text) => FEE_REASON.test(text));
    expect(feeReason).toBeDefined();
    const filter = page.getByRole('group', { name: /^Red flags/ });
    await filter.getByText(`Flagged: ${flagged}`).waitFor();

    // The risk filter, by keyboard: from "Show all", the arrow keys move to "Hide flagged", then "Only flagged".
    const showAll = filter.getByRole('radio', { name: 'Show all' });
    expect(await showAll.isChecked()).toBe(true);
    await showAll.focus();
    await page.keyboard.press('ArrowRight');
    expect(await filter.getByRole('radio', { name: 'Hide flagged' }).isChecked()).toBe(true);
    await until(
      () => cards.count(),
      (n) => n === all - flagged,
      'the flagged cards to be hidden',
    );
    expect(await flaggedCards.count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await filter.getByRole('radio', { name: 'Only flagged' }).isChecked()).toBe(true);
    await until(
      () => cards.count(),
      (n) => n === flagged,
      'only the flagged cards',
    );
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The agent page: a review agent with no floor, so its flagged jobs would pass but for their flags.
    const agentId = crypto.randomUUID();
    const created = await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'writer',
        name: 'Risk agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 3,
        minMatchScore: 0,
        ...hoursAwayFromNow(),
      }),
    });
    expect(created.status).toBe(201);
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Risk agent', level: 1 }).waitFor({ timeout: 30_000 });
    await waitSynced(page);
    await page.getByRole('button', { name: 'Run now' }).click();
    // The run's toast and the agent's last-run line both say it.
    await page
      .getByText(/Held for a red flag or a doubt: [1-9]\d*$/)
      .first()
      .waitFor({ timeout: 60_000 });

    // Held as drafts with their flags, nothing sent; the reason shows the post's own words.
    const items = await until(
      async () => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data,
      (list) => list.some((item) => item.riskFlags.length > 0),
      'the flagged drafts',
    );
    const held = items.filter((item) => item.riskFlags.length > 0);
    expect(held.every((item) => item.status === 'draft')).toBe(true);
    expect(items.filter((item) => item.status === 'completed' || item.stage === 'queued')).toHaveLength(0);

    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    // A red-flagged one (a review agent's drafts may also show the learned reading's doubts, "Check first").
    const first = held.find((item) => item.riskFlags.some((flag) => !flag.unsure))!;
    const card = page.locator(`li[data-job-item="${first.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    const group = card.getByRole('group', { name: 'Red flag' });
    await group.waitFor();
    const quote = first.riskFlags.find((flag) => flag.quote)?.quote;
    if (quote) await group.getByText(quote).waitFor();
    await card.getByText('Held for you: it goes out only if you approve it.').waitFor();
    // Reviewing it shows the flag again, beside the letter the user may still choose to send.
    await card.getByRole('button', { name: `Review & send: ${first.title}` }).click();
    const dialog = page.getByRole('dialog');
    // The review shows the job's description too: the flag's reason is looked for in the flag.
    await dialog.getByRole('group', { name: 'Red flag' }).waitFor();
    if (quote) await dialog.getByRole('group', { name: 'Red flag' }).getByText(quote).waitFor();
    await dialog.getByLabel('Cover letter').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The proposals' risk filter: only the flagged drafts, then none of them.
    const proposals = page.locator('li[data-job-item]');
    const proposalFilter = page.getByRole('group', { name: /^Red flags/ });
    await proposalFilter.getByRole('radio', { name: 'Only flagged' }).check();
    await until(
      () => proposals.count(),
      (n) => n === held.length,
      'only the flagged proposals',
    );
    expect(await page.locator('li[data-job-item]:not([data-flagged])').count()).toBe(0);
    await proposalFilter.getByRole('radio', { name: 'Hide flagged' }).check();
    await until(
      () => page.locator('li[data-job-item][data-flagged]').count(),
      (n) => n === 0,
      'the flagged proposals to be hidden',
    );
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 240_000);
});
