import { describe, expect, it } from 'vitest';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

interface ServerAgent {
  id: string;
  title: string;
  platform: string;
}

/** Reads until `done` says yes (the new agent reaches the server through the background sync). */
describe('onboarding (/onboarding)', () => {
  it('guides a brand-new user from sign-up through profile, search, agent and Freelancer.com connection to /verify-email', async () => {
    const product = env.product();
    const email = 'onboarding.new@gmail.com';
    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();

    // Sign up on Freelancer.com.
    await page.goto(`${product.url}/register`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByLabel('Freelance platform').selectOption('freelancer');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');

    // Step 1: Profile Setup (Back does nothing here).
    await page.getByRole('heading', { name: 'Profile Setup' }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Step 1 of 4' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByRole('button', { name: 'Back' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('textbox', { name: 'Skills' }).fill('React');
    await page.getByRole('textbox', { name: 'Skills' }).press('Enter');
    await page.getByRole('button', { name: 'Remove React' }).waitFor();
    await page.getByLabel('My Freelancer.com profile is complete').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: Job Search. Nothing found → an info toast, and the step stays.
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Step 2 of 4' }).getAttribute('aria-valuenow')).toBe('2');
    expect(await page.getByRole('radio', { name: 'Freelancer.com' }).isChecked()).toBe(true);
    await page.getByLabel('Job title or keywords').fill('qzxwvj nothing matches this');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByText('No results found').first().waitFor();
    await page.getByRole('heading', { name: 'Job Search' }).waitFor();

    // A search with results moves on and carries its criteria into the agent.
    await page.getByLabel('Job title or keywords').fill('developer');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByRole('heading', { name: 'Create Job Agent', level: 2 }).first().waitFor();
    expect(await page.getByRole('progressbar', { name: 'Step 3 of 4' }).getAttribute('aria-valuenow')).toBe('3');
    expect(await page.getByRole('button', { name: 'Next', exact: true }).count()).toBe(1); // the wizard's own; the page's Next is hidden

    // Step 3: the agent wizard, prefilled from the search and the profile.
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await page.getByLabel('Job title', { exact: true }).inputValue()).toBe('developer');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    // Next with the profile empty: every missing field says so at once, the focus goes to the first,
    // and pressing Next again does not stack a second identical toast.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const missing = ['Freelancer name', 'Profile URL', 'Work history'];
    for (const name of missing) {
      const field = page.getByRole('textbox', { name });
      await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await field.elementHandle());
      const message = await field.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(message).toContain('is required');
    }
    expect(await page.getByRole('textbox', { name: 'Freelancer name' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await page
        .locator('[role="alert"]')
        .getByText(/is required/)
        .count(),
    ).toBe(1);
    await page.getByRole('textbox', { name: 'Freelancer name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Profile URL' }).fill('https://www.freelancer.com/u/ada_onboarding');
    await page.getByRole('textbox', { name: 'Work history' }).fill('Ten years of web applications for start-ups.');
    await page.getByRole('button', { name: 'Remove React' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    await page.getByRole('button', { name: 'Create Job Agent' }).click();

    // Step 4: Add Credentials → the sandbox's Freelancer.com authorize page → back to /onboarding.
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Step 4 of 4' }).getAttribute('aria-valuenow')).toBe('4');
    const connect = page.getByRole('button', { name: 'Connect Freelancer.com' });
    await connect.waitFor({ timeout: 30_000 });
    await connect.click();
    await page.waitForURL(/\/sandbox\/freelancer\//);
    await page.getByLabel('Sandbox username').fill('onboarding_e2e');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Authentication Successful').first().waitFor();
    await page.getByText('Your Freelancer.com account was successfully connected!').first().waitFor();
    await page.getByRole('heading', { name: 'Add Credentials' }).waitFor();
    // The query string is cleared.
    await page.waitForURL(`${product.url}/onboarding`);

    // Finish → /verify-email, carrying the email.
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor();

    // The agent exists on the server, and the profile step was saved.
    const token = (await context.cookies()).find((c) => c.name === 'auth_token')?.value;
    const me = await fetch(`${product.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    const user = (await me.json()).data as { id: string; firstName: string | null; skills: string[]; freelancerProfileComplete: boolean };
    expect(user).toMatchObject({ firstName: 'Ada', skills: ['React'], freelancerProfileComplete: true });
    const agents = await until(
      async () => {
        const res = await fetch(`${product.url}/api/automations/${user.id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: ServerAgent[] }).data;
      },
      (list) => list.length === 1,
      'the new agent on the server',
    );
    expect(agents[0]).toMatchObject({ title: 'developer', platform: 'freelancer' });
    const status = await fetch(`${product.url}/api/jobs/freelancer-status/${user.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await status.json()).toMatchObject({ hasCredentials: true });
    await context.close();
  });
});
