import { describe, expect, it } from 'vitest';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

/** An account with a React profile (every new agent is filled from it). */
async function reactProfile(email: string, language = 'en') {
  const product = env.product();
  const account = await createAccount(product, email);
  const put = await fetch(`${product.url}/api/users/${account.user.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      language,
      firstName: 'Ada',
      lastName: 'Lovelace',
      skills: ['React', 'TypeScript', 'CSS'],
      workHistory: 'Eight years of React dashboards.',
      freelancerProfileUrl: 'https://www.freelancer.com/u/ada',
    }),
  });
  expect(put.status).toBe(200);
  return account;
}

describe('the criteria step: how fresh a job must be, and the client filters', () => {
  it('sets the posted-within window and the client filters the runner applies, with the floor preview counting them (1280, English)', async () => {
    const product = env.product();
    const account = await reactProfile('filters.english@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/new`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByRole('radio', { name: 'Freelancer.com' }).check();
    await page.getByLabel('Job title', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();

    // The specification's default window, one choice away.
    const window = page.getByLabel('Posted within');
    expect(await window.inputValue()).toBe('1w');
    await window.selectOption('3d');

    const preview = page.locator('[data-floor-preview]');
    const plain = /^(\d+) of (\d+) jobs posted in the last 24 hours pass this minimum\.$/;
    const before = await until(
      () => preview.textContent(),
      (text) => plain.test(text ?? ''),
      'the preview without client filters',
    );
    const [, passingBefore, total] = before!.match(plain)!.map(Number);
    expect(total).toBeGreaterThan(0);

    // The client filters: the preview counts what they leave out, without a new search.
    await page.getByLabel('Only clients with a verified payment method').check();
    await page.getByRole('spinbutton', { name: 'Minimum client rating' }).fill('4.9');
    await page.getByRole('spinbutton', { name: 'Minimum client spend (USD)' }).fill('1000');
    const filtered =
      /^(\d+) of (\d+) jobs posted in the last 24 hours pass this minimum and your client filters \((\d+) left out by the client filters\)\.$/;
    const after = await until(
      () => preview.textContent(),
      (text) => filtered.test(text ?? ''),
      'the preview counting the client filters',
    );
    const [, passingAfter, totalAfter, left] = after!.match(filtered)!.map(Number);
    expect(totalAfter).toBe(total);
    expect(left).toBeGreaterThan(0);
    expect(passingAfter).toBeLessThanOrEqual(passingBefore!);

    const countries = page.getByRole('textbox', { name: 'Skip clients in these countries' });
    await countries.fill('India');
    await countries.press('Enter');
    await page.getByText('IN · India').waitFor();
    await countries.fill('Atlantis');
    await countries.press('Enter');
    await page.getByRole('alert').filter({ hasText: '“Atlantis” is not a country we know.' }).waitFor();
    await countries.fill('pk');
    await countries.press('Enter');
    await page.getByText('PK · Pakistan').waitFor();
    await page.getByRole('button', { name: 'Remove Pakistan' }).click();

    // A rating outside 0–5 keeps the step.
    await page.getByRole('spinbutton', { name: 'Minimum client rating' }).fill('7');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Minimum client rating' }).fill('4.9');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();
    await page.waitForURL(/\/dashboard\/automations\/[0-9a-f-]{36}$/);
    const agentId = page.url().split('/').pop()!;
    const agent = await until(
      async () => {
        const res = await fetch(`${product.url}/api/automations/${account.user.id}`, {
          headers: { authorization: `Bearer ${account.token}` },
        });
        return ((await res.json()) as { data: Array<Record<string, unknown>> }).data.find((one) => one.id === agentId);
      },
      (found) => found !== undefined,
      'the agent on the server',
    );
    expect(agent).toMatchObject({
      datePosted: '3d',
      clientVerifiedOnly: true,
      clientMinRating: 4.9,
      clientMinSpentUsd: 1000,
      excludedCountries: ['IN'],
    });

    // The agent's page previews with its filters too.
    await until(
      () => page.locator('[data-floor-preview]').textContent(),
      (text) => filtered.test(text ?? ''),
      "the agent page's preview",
    );
    await context.close();
  }, 180_000);

  it('reads right to left at 360 px in Arabic, with nothing sideways and nothing serious for axe', async () => {
    const product = env.product();
    const account = await reactProfile('filters.arabic@gmail.com', 'ar');
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      locale: 'ar',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/new?lng=ar`);
    await page.getByRole('heading', { name: 'المعلومات الأساسية' }).waitFor();
    await page.getByLabel('المسمى الوظيفي', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'التالي' }).click();
    await page.getByRole('group', { name: 'مرشحات العملاء' }).waitFor();
    await page.getByRole('textbox', { name: 'تجاوز العملاء في هذه البلدان' }).fill('الهند');
    await page.getByRole('textbox', { name: 'تجاوز العملاء في هذه البلدان' }).press('Enter');
    await page.getByText(/^IN · /).waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
