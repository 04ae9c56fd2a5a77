import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

describe('the support channel in the browser', () => {
  it('sends a request about a payment-free topic, shows its ticket, and both mails reach the sandbox mailbox with that ticket', async () => {
    const product = env.product();
    const account = await createAccount(product, 'support.user@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/support`);
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();

    // The FAQ opens with the keyboard.
    const question = page.getByText('How does the daily limit count?');
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/Letters of drafts you discard or cancel do not count/).waitFor();

    // A short message is refused in place; a full one is sent.
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Choose a topic', { exact: true }).last().waitFor();
    await page.getByLabel('Topic').selectOption('agents');
    await page.getByLabel('Message').fill('My agent found jobs yesterday but sent nothing today.');
    await page.getByRole('button', { name: 'Send request' }).click();
    const status = page.getByRole('status').filter({ hasText: /^Request SUP-\d{6} sent/ });
    await status.waitFor();
    const ticket = (await status.textContent())!.match(/SUP-\d{6}/)![0];
    await page.locator(`[data-ticket="${ticket}"]`).getByText('Open', { exact: true }).waitFor();

    const toSupport = await until(
      () => product.mail('support@bidpilot.local'),
      (mails) => mails.length > 0,
      'the request mailed to support',
    );
    expect(toSupport[0]!.subject).toContain(`[${ticket}] agents`);
    expect(toSupport[0]!.text).toContain('sent nothing today');
    const ack = await until(
      async () => (await product.mail('support.user@gmail.com')).filter((m) => m.subject.includes(ticket)),
      (mails) => mails.length > 0,
      'the acknowledgement',
    );
    expect(ack[0]!.subject).toBe(`We received your request ${ticket}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });

  it('is reached from the sign-in screen by a visitor who cannot sign in, and gives the address to write to', async () => {
    const product = env.product();
    const context = await env.browser().newContext({ locale: 'en-US', viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByRole('link', { name: 'Trouble signing in? Get help' }).click();
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    const address = page.locator('[data-support-address]');
    await address.getByText("Cannot sign in? Write to us from your account's address:").waitFor();
    expect(await address.getByRole('link').getAttribute('href')).toMatch(/^mailto:.+@.+/);
    await context.close();
  });
});
