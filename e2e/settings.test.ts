import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

describe('settings (/settings)', () => {
  it('saves the profile, validates and saves the Upwork setup, checks résumé files, at 360 px', async () => {
    const product = env.product();
    const account = await createAccount(product, 'settings.user@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${product.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    for (const name of ['Language', 'Profile', 'Résumé', 'Platform integrations', 'Notifications', 'Telegram', 'Subscription']) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }

    // Telegram: this server runs the sandbox's bot (no real one), so users are offered a test account
    // to link, and nothing of the operator's setup is shown to them.
    const telegram = page.getByRole('region', { name: 'Telegram' });
    await telegram.getByText('This server runs a sandbox Telegram bot', { exact: false }).waitFor();
    expect(await telegram.innerText()).not.toMatch(/not available|BotFather|TELEGRAM_BOT_TOKEN|setdomain|administrator/);
    expect(await telegram.getByRole('button').allInnerTexts()).toEqual(['Link a sandbox Telegram account']);

    // Profile fields: saved here at once, then synced through PUT /api/users/{id}.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('My Upwork profile is complete').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated').first().waitFor();
    const me = await until(
      async () =>
        (
          (await (await fetch(`${product.url}/api/auth/user`, { headers: { authorization: `Bearer ${account.token}` } })).json()) as {
            data: Record<string, unknown>;
          }
        ).data,
      (user) => user.firstName === 'Ada',
      'the profile on the server',
    );
    expect(me).toMatchObject({ firstName: 'Ada', upworkProfileComplete: true });

    // The Upwork setup form: the specification's messages in its order, then the success toast.
    const save = page.getByRole('button', { name: 'Save credentials' });
    await save.click();
    await page.getByText('You must add a profile url').first().waitFor();
    await page.getByLabel('Upwork profile URL').fill('https://example.com/freelancers/~01abc');
    await save.click();
    await page.getByText('You must add a valid upwork url').first().waitFor();
    await page.getByLabel('Upwork profile URL').fill('https://www.upwork.com/freelancers/~01abc');
    await save.click();
    await page.getByText('All fields are required').first().waitFor();
    await page.getByLabel('Freelancer name').fill('Ada Lovelace');
    await page.getByLabel('Upwork username or email').fill('ada');
    await page.getByLabel('Upwork password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Security answer').fill('cat');
    await save.click();
    await page.getByText('Your Upwork credentials have been saved').first().waitFor();
    await page.getByRole('button', { name: 'Update Credentials' }).waitFor();
    // Connected: this hour's Upwork calls by the user's agents, against the hourly ceiling.
    await page.getByText('Calls to Upwork by your agents this hour: 0 of 60').waitFor();

    // The Email tab.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByText('Email Integration Coming Soon').waitFor();

    // Résumé files are checked before upload.
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('This file type is not supported. Please choose a PDF or DOCX file.').waitFor();
    await file.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await page.getByText('This file is too large. The maximum size is 5 MB.').waitFor();

    // Nothing wider than the screen, no script errors.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links a sandbox Telegram account on a server running the sandbox bot, after the same confirmation, with notices on', async () => {
    const product = env.product();
    const account = await createAccount(product, 'settings.sandbox.telegram@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token);
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    const telegram = page.getByRole('region', { name: 'Telegram' });
    await telegram.getByRole('button', { name: 'Link a sandbox Telegram account' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Link Telegram @sandbox_\d+ to this account\?$/ });
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await telegram.getByText(/^Linked as @sandbox_\d+$/).waitFor();
    // Linked to get notices: the switch starts on.
    expect(await telegram.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const status = (await (
      await fetch(`${product.url}/api/telegram/status`, { headers: { authorization: `Bearer ${account.token}` } })
    ).json()) as { data: { linked: boolean; notify: boolean } };
    expect(status.data).toMatchObject({ linked: true, notify: true });
    await context.close();
  });

  it('offers the Telegram connect flow when the server has a bot', async () => {
    const product = env.product();
    const account = await createAccount(product, 'settings.telegram@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token);
    // The answer of a server configured with TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME.
    await context.route('**/api/telegram/config', (route) => route.fulfill({ json: { botUsername: 'bidpilot_bot', sandbox: false } }));
    await context.route('https://telegram.org/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.Telegram = { Login: { auth: function () {} } };' }),
    );
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    const telegram = page.getByRole('region', { name: 'Telegram' });
    await telegram.getByText('Connect your Telegram account to receive notices from our bot.').waitFor();
    await telegram.getByRole('button', { name: 'Connect Telegram' }).click();
    await telegram.getByText('Open Telegram and confirm in its window.', { exact: false }).waitFor();
    await telegram.getByRole('button', { name: 'Open Telegram' }).waitFor();
    await context.close();
  });
});
