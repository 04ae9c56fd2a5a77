import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visibleDifferences } from './support/pixels';
import { useProductAndBrowser } from './support/suite';
import { waitHydrated } from './support/wait';

const env = useProductAndBrowser();

/** A fresh visitor: no saved language, a UTC time zone (no country), an English env.browser(). */
async function visitor(options: BrowserContextOptions = {}) {
  const context = await env
    .browser()
    .newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A full-page screenshot once the page has stopped changing: two in a row alike (at most five),
 * animations finished, so a paint still landing after the load event is not taken for a difference.
 */
async function settledScreenshot(page: Page): Promise<Buffer> {
  let last = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  for (let tries = 1; tries < 5; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

/** Whether a computed box-shadow has a visible layer (Tailwind keeps transparent layers around). */
function hasShadow(boxShadow: string): boolean {
  if (boxShadow === 'none') return false;
  return boxShadow.split(/,(?![^(]*\))/).some((layer) => !layer.includes('rgba(0, 0, 0, 0)'));
}

describe('the public site', () => {
  it.each([
    ['/', 'Win more freelance work on autopilot'],
    ['/features', 'Features'],
    ['/pricing', 'Plans and pricing'],
    ['/privacy', 'Privacy Policy'],
    ['/service', 'Terms of Service'],
    ['/login', 'Sign in to Bidpilot'],
    ['/register', 'Create your account'],
    ['/verify-email', 'Check your email'],
    ['/forgot-password', 'Forgot your password?'],
    ['/verify-reset-code', 'Reset your password'],
    ['/reset-password', 'Reset your password'],
  ])('%s shows its heading "%s"', async (path, heading) => {
    const { context, page } = await visitor();
    await page.goto(`${env.product().url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await context.close();
  });

  it('sends each public page already rendered in the visitor’s language, readable before any script runs', async () => {
    const { context, page } = await visitor({
      javaScriptEnabled: false,
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    await page.goto(`${env.product().url}/pricing`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('heading', { level: 1, name: 'Formules et tarifs', exact: true }).waitFor();
    await context.close();
  });

  it('hydrates a prerendered page without a mismatch or a CSP violation, and its controls work', async () => {
    const { context, page } = await visitor();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${env.product().url}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Plans and pricing', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Start for free', exact: true }).first().click();
    await page.waitForURL(/\/register/);
    await page.getByRole('heading', { level: 1, name: 'Create your account', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['/', '/features', '/privacy', '/service', '/login', '/register'])(
    'hydrates the prerendered %s with nothing in the console',
    async (path) => {
      const { context, page } = await visitor();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${env.product().url}${path}`);
      await waitHydrated(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each(['/', '/pricing'])(
    'paints the prerendered %s from its HTML alone, runs no script of the app before the visitor interacts, and takes over at the first move',
    async (path) => {
      const { context, page } = await visitor();
      await page.goto(`${env.product().url}${path}`);
      await page.waitForLoadState('networkidle');
      // Loaded, and nothing more: no app chunk fetched, nothing hydrated.
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => file.endsWith('.js') && file !== '/sw.js'),
      );
      expect(scripts).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
      await waitHydrated(page);
      const { painted, before, after } = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const resources = performance.getEntriesByType('resource');
        const pathOf = (entry: PerformanceEntry) => new URL(entry.name).pathname;
        return {
          painted: fcp !== undefined,
          before: resources.filter((entry) => fcp && entry.startTime < fcp.startTime).map(pathOf),
          after: resources.filter((entry) => fcp && entry.startTime >= fcp.startTime).map(pathOf),
        };
      });
      expect(painted).toBe(true);
      // No stylesheet, boot script, logo or app chunk stands between the HTML and the first picture.
      expect(before).toEqual([]);
      expect(after.some((file) => /^\/assets\/vendor-.*\.js$/.test(file))).toBe(true);
      await context.close();
    },
  );

  it.each([
    ['/', 390],
    ['/pricing', 390],
    ['/login', 390],
    ['/', 1280],
    ['/features', 1280],
  ])('draws the prerendered %s at %i px with its inline styles exactly as with the whole stylesheet', async (path, width) => {
    const { context, page } = await visitor({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const url = `${env.product().url}${path}`;
    await page.goto(url);
    const inlineOnly = await settledScreenshot(page);
    // The same page with the whole stylesheet linked after its inline rules (as the boot script does).
    const whole = await page.locator('script[data-stylesheets]').getAttribute('data-stylesheets');
    expect(whole).toMatch(/^\/assets\/index-.*\.css$/);
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</head>', `<link rel="stylesheet" href="${whole}"></head>`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(url);
    expect(await page.locator(`link[href="${whole}"]`).count()).toBe(1);
    // Not byte for byte: Chromium rasterises an anti-aliased corner a level apart between loads.
    expect(visibleDifferences(await settledScreenshot(page), inlineOnly)).toBe(0);
    await context.close();
  });

  it('keeps a prerendered sign-in form disabled until the app runs: nothing is typed into it or submitted natively', async () => {
    const { context, page } = await visitor();
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto(`${env.product().url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Bidpilot', exact: true }).waitFor();
    const email = page.getByLabel('Email');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await email.isDisabled()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await email.press('Enter', { timeout: 1000 }).catch(() => undefined);
    await submit.click({ force: true, timeout: 1000 }).catch(() => undefined);
    expect(new URL(page.url()).search).toBe('');

    releaseEntry();
    await waitHydrated(page);
    await email.fill('someone@gmail.com');
    expect(await submit.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('switches to Arabic with the language popover, right to left, and keeps it after a reload', async () => {
    const { context, page } = await visitor();
    await page.goto(`${env.product().url}/`);
    await page.getByRole('heading', { name: 'Win more freelance work on autopilot' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    // Clicked before the app is loaded (the first interaction loads it): the click is done once it has taken over.
    const languageButton = page.getByRole('button', { name: 'Language: English' });
    await languageButton.click();
    await waitHydrated(page);
    await page.waitForFunction(() => document.querySelector('[aria-expanded="true"]') !== null);
    expect(await languageButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await page.getByRole('heading', { level: 1, name: 'احصل على مزيد من أعمال العمل الحر تلقائيًا' }).waitFor();
    await context.close();
  });

  it.each(['/pricing', '/'])(
    'shows naira on %s to a visitor in Nigeria (the country from the time zone) without a touch of the page, and the app asks no more',
    async (path) => {
      const { context, page } = await visitor({ timezoneId: 'Africa/Lagos' });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/geo') asked.push(new URL(request.url()).search);
      });
      await page.goto(`${env.product().url}${path}`);
      // No pointer, key or scroll: the boot script started the app for this visitor.
      const pro = page.getByRole('article', { name: 'Pro Freelancer' });
      await pro.getByText('₦38,000').waitFor();
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(true);
      expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('bidpilot_geo') ?? 'null'))).toEqual({
        country: 'NG',
        currency: 'NGN',
        source: 'timezone',
      });
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual(['?tz=Africa%2FLagos']);
      await context.close();
    },
  );

  it('a visitor in the United States gets no script of the app until the first interaction, then the app uses the boot script’s answer', async () => {
    const { context, page } = await visitor({ timezoneId: 'America/New_York' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/geo') asked.push(new URL(request.url()).search);
    });
    await page.goto(`${env.product().url}/pricing`);
    await page.waitForFunction(() => sessionStorage.getItem('bidpilot_geo') !== null);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('bidpilot_geo') ?? 'null'))).toEqual({
      country: 'US',
      currency: 'USD',
      source: 'timezone',
    });
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((file) => file.endsWith('.js') && file !== '/sw.js'),
    );
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

    await waitHydrated(page);
    await page.getByRole('article', { name: 'Pro Freelancer' }).getByText('$25', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['?tz=America%2FNew_York']);
    await context.close();
  });

  it('switches a visitor in Bangladesh with no saved language to Bengali without a touch of the page, after the hydration, without a mismatch', async () => {
    const { context, page } = await visitor({ timezoneId: 'Asia/Dhaka' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // A phone's slower CPU: the hydration takes several slices, and the Bengali strings arrive meanwhile.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${env.product().url}/`);
    await page.waitForFunction(() => document.documentElement.lang === 'bn' && document.documentElement.hasAttribute('data-hydrated'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the saved language of a visitor in Bangladesh, and waits for the first interaction', async () => {
    const { context, page } = await visitor({ timezoneId: 'Asia/Dhaka' });
    await context.addCookies([{ name: 'i18next', value: 'en', url: env.product().url }]);
    await page.goto(`${env.product().url}/`);
    await page.waitForFunction(() => sessionStorage.getItem('bidpilot_geo') !== null);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    await waitHydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('shows naira on /pricing to a visitor in a Nigerian time zone when geolocation fails, without a touch of the page', async () => {
    const { context, page } = await visitor({ timezoneId: 'Africa/Lagos' });
    await page.route('**/api/geo**', (route) => route.abort());
    await page.goto(`${env.product().url}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Plans and pricing' }).waitFor();
    // The boot script's call failed: it started the app, whose own detection falls back to the time zone.
    const pro = page.getByRole('article', { name: 'Pro Freelancer' });
    await pro.getByText('₦38,000').waitFor();
    await pro.getByText('≈ $25').waitFor();
    await page.getByText('Prices are in naira for visitors in Nigeria').waitFor();
    // Nigeria has no entry in the country → language table: the page stays in English.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('shows dollars on /pricing when no country is known', async () => {
    const { context, page } = await visitor();
    await page.route('**/api/geo**', (route) => route.abort());
    await page.goto(`${env.product().url}/pricing`);
    const pro = page.getByRole('article', { name: 'Pro Freelancer' });
    await pro.getByText('$25', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(4);
    await context.close();
  });

  it('turns the transparent navigation bar white with a shadow after scrolling more than 10 px', async () => {
    const { context, page } = await visitor();
    await page.goto(`${env.product().url}/`);
    await page.getByRole('heading', { name: 'Win more freelance work on autopilot' }).waitFor();
    const bar = page.locator('header').first();
    const look = () =>
      bar.evaluate((element) => {
        const style = getComputedStyle(element);
        return { scrolled: element.getAttribute('data-scrolled'), background: style.backgroundColor, shadow: style.boxShadow };
      });
    const before = await look();
    expect(before.scrolled).toBe('false');
    expect(before.background).toBe('rgba(0, 0, 0, 0)');
    expect(hasShadow(before.shadow)).toBe(false);

    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-scrolled') === 'true');
    await page.waitForTimeout(300); // the colour transition
    const after = await look();
    expect(after.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(hasShadow(after.shadow)).toBe(true);
    await context.close();
  });

  it('takes a visitor who chooses Pro on the home page to /register?plan=pro', async () => {
    const { context, page } = await visitor();
    await page.goto(`${env.product().url}/`);
    const pro = page.getByRole('article', { name: 'Pro Freelancer' });
    await pro.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL('**/register?plan=pro');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await context.close();
  });

  it('shows the not-found screen with the unknown path, answered with HTTP 404', async () => {
    const { context, page } = await visitor();
    const response = await page.goto(`${env.product().url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Bidpilot');
    await page.getByText('There is no page at /no/such/page.').waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
    await context.close();
  });

  it('titles each page in the visitor’s language', async () => {
    const { context, page } = await visitor();
    const titleOf = async (path: string) => {
      await page.goto(`${env.product().url}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => document.title !== '' && !document.title.startsWith('Bidpilot ·'));
      return page.title();
    };
    expect(await titleOf('/pricing')).toBe('Pricing · Bidpilot');
    expect(await titleOf('/support')).toBe('Support · Bidpilot');
    expect(await titleOf('/login')).toBe('Sign in · Bidpilot');
    expect(await titleOf('/pricing?lng=fr')).toBe('Tarifs · Bidpilot');
    expect(await titleOf('/features?lng=ar')).toBe('الميزات · Bidpilot');
    await context.close();
  });

  it('opens and closes the mobile menu with the keyboard', async () => {
    const { context, page } = await visitor({ viewport: { width: 360, height: 740 } });
    await page.goto(`${env.product().url}/`);
    await page.getByRole('heading', { name: 'Win more freelance work on autopilot' }).waitFor();
    await waitHydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('navigation', { name: 'Menu' });
    await panel.waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    // The focus moves into the panel, to its first link.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

    await page.keyboard.press(' ');
    await panel.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
