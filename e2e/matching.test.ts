import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

/** What a user of a React profile sees. */
async function reactProfile(email: string) {
  const product = env.product();
  const account = await createAccount(product, email);
  const put = await fetch(`${product.url}/api/users/${account.user.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      upworkProfileComplete: true,
      skills: ['react', 'TypeScript', 'CSS'],
      profileTitle: 'React front-end developer',
    }),
  });
  expect(put.status).toBe(200);
  return account;
}

describe('matching a freelancer would trust', () => {
  it('a React profile searching "React" sees React jobs above React Native ones, with a reason naming React', async () => {
    const product = env.product();
    const account = await reactProfile('matching.react@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/search`);
    await page.getByLabel('Job title or keywords').fill('React');
    await page.getByRole('radio', { name: 'Freelancer.com' }).check();
    await page.getByLabel('Pages to search').selectOption('3');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByText(/^Jobs found: \d+/).waitFor();

    const cards = await page.getByRole('article').evaluateAll((articles) =>
      articles.map((article) => ({
        title: article.querySelector('h3')?.textContent ?? '',
        score: Number(article.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')),
        why: [...article.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Why:'))?.textContent ?? '',
      })),
    );
    const isNative = (title: string) => /react native/i.test(title);
    const react = cards.map((c, rank) => ({ ...c, rank })).filter((c) => /\breact\b/i.test(c.title) && !isNative(c.title));
    const native = cards.map((c, rank) => ({ ...c, rank })).filter((c) => isNative(c.title));
    expect(react.length).toBeGreaterThan(0);
    expect(native.length).toBeGreaterThan(0);
    // Every React job inside the search's rates ranks above every React Native job.
    const inRates = react.filter((c) => c.score > 0);
    expect(inRates.length).toBeGreaterThan(0);
    expect(Math.max(...inRates.map((c) => c.rank))).toBeLessThan(Math.min(...native.map((c) => c.rank)));
    expect(Math.min(...inRates.map((c) => c.score))).toBeGreaterThan(Math.max(...native.map((c) => c.score)));
    // The reason names React, in words: not "none of your skills".
    expect(inRates[0]!.why).toMatch(/Matches \d+ of \d+ skills \(.*React/);
    expect(native[0]!.why).toMatch(/Mainly needs .*React Native/);
    await context.close();
  });

  it('the wizard shows the minimum match score and previews how many of today’s jobs pass it', async () => {
    const product = env.product();
    const account = await reactProfile('matching.floor@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/new`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByRole('radio', { name: 'Freelancer.com' }).check();
    await page.getByLabel('Job title', { exact: true }).fill('React developer');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();

    const floor = page.getByRole('spinbutton', { name: 'Minimum match score' });
    expect(await floor.inputValue()).toBe('55');
    const preview = page.locator('[data-floor-preview]');
    const counted = /^(\d+) of (\d+) jobs posted in the last 24 hours pass this minimum\.$/;
    const at55 = await until(
      () => preview.textContent(),
      (text) => counted.test(text ?? ''),
      'the preview at 55',
    );
    const [, passing55, total] = at55!.match(counted)!.map(Number);
    expect(total).toBeGreaterThan(0);
    expect(passing55).toBeLessThan(total!);

    // Raising the floor recounts the same jobs: fewer pass, never more.
    await floor.fill('100');
    const at100 = await until(
      () => preview.textContent(),
      (text) => text === `0 of ${total} jobs posted in the last 24 hours pass this minimum.`,
      'the preview at 100',
    );
    expect(at100).toBeTruthy();
    await floor.fill('0');
    const at0 = await until(
      () => preview.textContent(),
      (text) => counted.test(text ?? '') && Number(text!.match(counted)![1]) >= passing55!,
      'the preview at 0',
    );
    expect(Number(at0!.match(counted)![1])).toBeGreaterThanOrEqual(passing55!);
    await context.close();
  });
});
