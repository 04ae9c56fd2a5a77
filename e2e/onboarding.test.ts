import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { horizontalOverflow, seriousViolations } from './support/axe';
import type { Product } from './support/server';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

interface ServerAgent {
  id: string;
  name: string;
  title: string;
  platform: string;
  status: string;
  sendMode: string;
  upworkWorkHistory: string;
}

async function register(page: Page, product: Product, email: string, platform: 'upwork' | 'freelancer') {
  await page.goto(`${product.url}/register`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
  await page.getByLabel('Freelance platform').selectOption(platform);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/onboarding');
  await page.getByRole('heading', { name: 'Profile Setup' }).waitFor();
}

async function serverAgents(product: Product, context: BrowserContext) {
  const token = (await context.cookies()).find((c) => c.name === 'auth_token')?.value;
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${product.url}/api/auth/user`, { headers })).json()) as { data: { id: string } };
  const res = await fetch(`${product.url}/api/automations/${me.data.id}`, { headers });
  return ((await res.json()) as { data: ServerAgent[] }).data;
}

/** The one progress bar and the one Back of the page (the agent wizard inside has none of its own). */
async function expectOneWizard(page: Page, step: number) {
  expect(await page.getByRole('progressbar').count()).toBe(1);
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(step));
  expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(1);
}

describe('onboarding (/onboarding)', () => {
  it('shows the jobs it found, keeps its progress across a reload and another tab, and makes one agent however often it is finished (360, Freelancer.com)', async () => {
    const product = env.product();
    const email = 'onboarding.new@gmail.com';
    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await register(page, product, email, 'freelancer');

    // Step 1: Profile Setup (Back does nothing here).
    expect(await page.getByRole('progressbar', { name: 'Step 1 of 4' }).getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByRole('button', { name: 'Back' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('textbox', { name: 'Skills' }).fill('React');
    await page.getByRole('textbox', { name: 'Skills' }).press('Enter');
    await page.getByRole('button', { name: 'Remove React' }).waitFor();
    await page.getByLabel('My Freelancer.com profile is complete').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: nothing found → an info toast, and the step stays.
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Freelancer.com' }).isChecked()).toBe(true);
    await page.getByLabel('Job title or keywords').fill('qzxwvj nothing matches this');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByText('No results found').first().waitFor();
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();

    // Found jobs are shown with their match scores before anything is made from them.
    await page.getByLabel('Job title or keywords').fill('developer');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    const results = page.locator('[data-onboarding-results]');
    await results.getByRole('heading', { name: /^Jobs found: \d+$/ }).waitFor({ timeout: 30_000 });
    expect(await results.getByRole('article').count()).toBeGreaterThan(0);
    expect(await results.getByRole('meter', { name: 'Match score' }).count()).toBe(await results.getByRole('article').count());
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();

    // A reload keeps the step, the keywords and shows the jobs again.
    await page.reload();
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    expect(await page.getByLabel('Job title or keywords').inputValue()).toBe('developer');
    await results.getByRole('heading', { name: /^Jobs found: \d+$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create an agent from this search' }).click();

    // Step 3: one wizard: the agent's parts under the page's one progress bar and one Back.
    await page.getByRole('heading', { name: 'Create Job Agent', level: 2 }).waitFor();
    await expectOneWizard(page, 3);
    await page.getByText('Basic Information, part 1 of 4').waitFor();
    expect(await page.getByLabel('Job title', { exact: true }).inputValue()).toBe('developer');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Job Criteria, part 2 of 4').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Your Profile, part 3 of 4').waitFor();
    // Filled from the profile of step 1.
    expect(await page.getByRole('textbox', { name: 'Freelancer name' }).inputValue()).toBe('Ada');
    await page.getByRole('button', { name: 'Remove React' }).waitFor();
    await page.getByRole('textbox', { name: 'Profile URL' }).fill('https://www.freelancer.com/u/ada_onboarding');
    await page.getByRole('textbox', { name: 'Work history' }).fill('Ten years of web applications for start-ups.');
    // The page's Back walks the wizard's parts.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText('Job Criteria, part 2 of 4').waitFor();
    await page.getByRole('heading', { name: 'Create Job Agent', level: 2 }).waitFor();

    // Another tab opens where this one is, with what was typed.
    const second = await context.newPage();
    await second.goto(`${product.url}/onboarding`);
    await second.getByRole('heading', { name: 'Create Job Agent', level: 2 }).waitFor({ timeout: 30_000 });
    await second.getByText('Job Criteria, part 2 of 4').waitFor({ timeout: 30_000 });
    await second.getByRole('button', { name: 'Next', exact: true }).click();
    await second.getByText('Your Profile, part 3 of 4').waitFor();
    expect(await second.getByRole('textbox', { name: 'Work history' }).inputValue()).toBe('Ten years of web applications for start-ups.');
    await second.close();

    // A reload opens where the user last was (the other tab's part 3), with what was typed.
    await page.reload();
    await page.getByText('Your Profile, part 3 of 4').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Work history' }).inputValue()).toBe('Ten years of web applications for start-ups.');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Advanced Settings, part 4 of 4').waitFor();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();

    // Step 4: connect Freelancer.com through the sandbox, back to /onboarding.
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    await expectOneWizard(page, 4);
    const connect = page.getByRole('button', { name: 'Connect Freelancer.com' });
    await connect.waitFor({ timeout: 30_000 });
    await connect.click();
    await page.waitForURL(/\/sandbox\/freelancer\//);
    await page.getByLabel('Sandbox username').fill('onboarding_e2e');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Your Freelancer.com account was successfully connected!').first().waitFor();
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    await page.waitForURL(`${product.url}/onboarding`);
    // Connected and waiting for review: the first agent starts active.
    await page.locator('[data-agent-active]').waitFor({ timeout: 30_000 });
    const [agent] = await until(
      () => serverAgents(product, context),
      (list) => list.length === 1 && list[0]!.status === 'active',
      'the first agent, active, on the server',
    );
    expect(agent).toMatchObject({ title: 'developer', platform: 'freelancer', sendMode: 'review' });

    // Finish → /verify-email, carrying the email.
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor();

    // Through the onboarding a second time: the same agent, changed, never a second one.
    await page.goto(`${product.url}/onboarding`);
    await page.getByRole('heading', { name: 'Profile Setup' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    await page.getByLabel('Job title or keywords').fill('developer');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByRole('button', { name: 'Create an agent from this search' }).click({ timeout: 30_000 });
    await page.getByText('Basic Information, part 1 of 4').waitFor();
    // The agent of the first pass, to change: its own work history is still there.
    await page.getByLabel('Agent name').fill('Second pass');
    for (let part = 0; part < 3; part++) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    const after = await until(
      () => serverAgents(product, context),
      (list) => list.some((one) => one.name === 'Second pass'),
      'the agent changed by the second pass',
    );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: agent!.id, upworkWorkHistory: 'Ten years of web applications for start-ups.' });
    await context.close();
  }, 240_000);

  it('connects Upwork in the middle of the search and comes back to the same step with the keywords and the jobs (1280)', async () => {
    const product = env.product();
    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await register(page, product, 'onboarding.upwork@gmail.com', 'upwork');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    await page.getByLabel('Job title or keywords').fill('developer');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Connect your Upwork account' });
    await alert.getByText('What you typed here is kept: you come back to this step with it.').waitFor({ timeout: 30_000 });
    await alert.getByRole('button', { name: 'Connect Upwork' }).click();
    await page.waitForURL(/\/sandbox\/upwork\//);
    await page.getByLabel('Sandbox username').fill('onboarding_upwork');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Authentication Successful').first().waitFor();
    await page.waitForURL(`${product.url}/onboarding`);
    // The same step, the keywords as typed, and the search run again now that Upwork is connected.
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    expect(await page.getByLabel('Job title or keywords').inputValue()).toBe('developer');
    const results = page.locator('[data-onboarding-results]');
    await results.getByRole('heading', { name: /^Jobs found: \d+$/ }).waitFor({ timeout: 30_000 });
    expect(await results.getByRole('meter', { name: 'Match score' }).count()).toBeGreaterThan(0);

    // The agent made from it starts active at once: Upwork is connected and it waits for review.
    await page.getByRole('button', { name: 'Create an agent from this search' }).click();
    await page.getByText('Basic Information, part 1 of 4').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('textbox', { name: 'Freelancer name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Profile URL' }).fill('https://www.upwork.com/freelancers/~01ada');
    await page.getByRole('textbox', { name: 'Work history' }).fill('Ten years of web applications.');
    await page.getByRole('textbox', { name: 'Skills' }).fill('React');
    await page.getByRole('textbox', { name: 'Skills' }).press('Enter');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    await until(
      () => serverAgents(product, context),
      (list) => list.length === 1 && list[0]!.status === 'active',
      'the first agent, active',
    );
    await context.close();
  }, 180_000);

  it('reads right to left in Arabic at 360 px: the jobs found and the agent step, nothing sideways, nothing serious for axe', async () => {
    const product = env.product();
    const context = await env.browser().newContext({ locale: 'en-US', viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await register(page, product, 'onboarding.arabic@gmail.com', 'freelancer');
    await page.goto(`${product.url}/onboarding?lng=ar`);
    await page.getByRole('heading', { name: 'إعداد الملف الشخصي' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('form button[type="submit"]').first().click();
    await page.locator('#onboarding-search-form').waitFor();
    await page.locator('#onboarding-search-form input[type="text"], #onboarding-search-form input:not([type])').first().fill('developer');
    await page.locator('#onboarding-search-form button[type="submit"]').click();
    await page.locator('[data-onboarding-results] article').first().waitFor({ timeout: 30_000 });
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#onboarding-continue').click();
    await page.locator('[data-agent-part]').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(1);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
