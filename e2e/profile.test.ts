import { describe, expect, it } from 'vitest';
import { buildPdf } from '../api/src/modules/resume/test-files';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

const RESUME = [
  'Ada Lovelace',
  'Summary',
  'Full-stack developer with eight years of experience.',
  'Experience',
  'Senior Engineer, Analytical Engines Ltd (2019-2024)',
  'Skills',
  'TypeScript, React, Node.js',
];

describe('one freelancer profile', () => {
  it('fills the profile from the résumé in the open form, then prefills every new agent, overridable per agent (1280, English)', async () => {
    const product = env.product();
    const account = await createAccount(product, 'profile.one@gmail.com');
    const auth = { authorization: `Bearer ${account.token}` };
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Profile overview').waitFor();
    await waitSynced(page);

    // A résumé upload fills the open form's empty overview and work history, without a reload.
    await page.locator('input[type="file"]').setInputFiles({ name: 'ada.pdf', mimeType: 'application/pdf', buffer: buildPdf(RESUME) });
    await page.getByText('Résumé uploaded').first().waitFor({ timeout: 30_000 });
    await until(
      () => profile.getByLabel('Profile overview').inputValue(),
      (value) => value === 'Full-stack developer with eight years of experience.',
      'the overview from the résumé in the open form',
    );
    expect(await profile.getByLabel('Work history').inputValue()).toBe('Senior Engineer, Analytical Engines Ltd (2019-2024)');
    await profile.getByRole('button', { name: 'Remove TypeScript' }).waitFor();

    // The rest of the profile, saved once in Settings.
    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Last name').fill('Lovelace');
    await profile.getByLabel('Profile title').fill('Senior React engineer');
    await profile.getByLabel('Work history').fill('Eight years of React dashboards for logistics start-ups.');
    await profile.getByLabel('Portfolio', { exact: true }).fill('Fleet dashboard: live map of 3,000 trucks');
    await profile.getByLabel('Upwork profile link').fill('not a link');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Please enter a valid link').waitFor();
    await profile.getByLabel('Upwork profile link').fill('https://www.upwork.com/freelancers/~01ada');
    await profile.getByLabel('Freelancer.com profile link').fill('https://www.freelancer.com/u/ada');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated').first().waitFor();
    await until(
      async () =>
        ((await (await fetch(`${product.url}/api/auth/user`, { headers: auth })).json()) as { data: Record<string, unknown> }).data,
      (user) => user.freelancerProfileUrl === 'https://www.freelancer.com/u/ada',
      'the profile on the server',
    );

    // A new Upwork agent: nothing of the profile to type again.
    await page.goto(`${product.url}/dashboard/automations/new`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByLabel('Job title', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await page.getByText('Filled from your profile. What you change here applies to this agent only.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Freelancer name' }).inputValue()).toBe('Ada Lovelace');
    expect(await page.getByRole('textbox', { name: 'Profile URL' }).inputValue()).toBe('https://www.upwork.com/freelancers/~01ada');
    expect(await page.getByRole('textbox', { name: 'Work history' }).inputValue()).toBe(
      'Eight years of React dashboards for logistics start-ups.',
    );
    await page.getByRole('button', { name: 'Remove React' }).waitFor();
    // Overridden for this agent alone.
    await page.getByRole('textbox', { name: 'Work history' }).fill('Only here: five shipment dashboards in React.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Profile title' }).inputValue()).toBe('Senior React engineer');
    // The template follows the skills: a React developer does not start blank.
    expect(await page.getByLabel('Prompt template').inputValue()).toBe('web_development');
    const prompt = await page.getByLabel('Prompt', { exact: true }).inputValue();
    expect(prompt).toContain('{{name}}');
    expect(prompt).not.toContain('{{upwork');
    await page.getByRole('button', { name: 'Insert Your name' }).waitFor();
    await page.getByRole('button', { name: 'Insert Specialised profiles' }).waitFor();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();
    await page.waitForURL(/\/dashboard\/automations\/[0-9a-f-]{36}$/);
    const agentId = page.url().split('/').pop()!;

    const agent = await until(
      async () => {
        const res = await fetch(`${product.url}/api/automations/${account.user.id}`, { headers: auth });
        return ((await res.json()) as { data: Array<Record<string, unknown>> }).data.find((one) => one.id === agentId);
      },
      (found) => found !== undefined,
      'the new agent on the server',
    );
    expect(agent).toMatchObject({
      upworkFreelancerName: 'Ada Lovelace',
      upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
      upworkWorkHistory: 'Only here: five shipment dashboards in React.',
      upworkPortfolio: 'Fleet dashboard: live map of 3,000 trucks',
      promptTemplate: 'web_development',
    });
    const me = (await (await fetch(`${product.url}/api/auth/user`, { headers: auth })).json()) as { data: Record<string, unknown> };
    expect(me.data.workHistory).toBe('Eight years of React dashboards for logistics start-ups.');

    // A Freelancer.com agent: its own profile address, and no Upwork-named placeholder to insert.
    await page.goto(`${product.url}/dashboard/automations/new`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByRole('radio', { name: 'Freelancer.com' }).check();
    await page.getByLabel('Job title', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Profile URL' }).inputValue()).toBe('https://www.freelancer.com/u/ada');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    const chips = await page.locator('[data-placeholder]').evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
    expect(chips).toContain('Work history');
    expect(chips).not.toContain('Specialised profiles');
    expect(chips.some((chip) => /\{|upwork/i.test(chip))).toBe(false);
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).not.toContain('{{upwork');
    await context.close();
  }, 180_000);

  it('reads the profile card and the prefilled wizard in Arabic at 360 px: nothing sideways, nothing serious for axe', async () => {
    const product = env.product();
    const account = await createAccount(product, 'profile.arabic@gmail.com');
    const put = await fetch(`${product.url}/api/users/${account.user.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({
        language: 'ar',
        firstName: 'Ada',
        skills: ['React'],
        workHistory: 'Eight years of React.',
        upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
      }),
    });
    expect(put.status).toBe(200);
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      locale: 'ar',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings?lng=ar`);
    await page.getByRole('region', { name: 'الملف الشخصي' }).getByLabel('سجل العمل').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${product.url}/dashboard/automations/new?lng=ar`);
    await page.getByRole('heading', { name: 'المعلومات الأساسية' }).waitFor();
    await page.getByLabel('المسمى الوظيفي', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'التالي' }).click();
    await page.getByRole('button', { name: 'التالي' }).click();
    await page.locator('[data-from-profile]').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
