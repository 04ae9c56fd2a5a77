import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Product } from './server';

export interface ServerAgent {
  id: string;
  name: string;
  title: string;
  status: 'active' | 'paused';
  emailsPerDay: number;
  location: string;
  version: number;
}

export interface Account {
  token: string;
  userId: string;
  email: string;
  password: string;
}

export const CREATED_TOAST = 'Job agent created successfully!';

/** A new account through the API (a new account is on the trial: the basic plan's limits). */
export async function register(product: Product, email: string, password = 'Agent-Pass1'): Promise<Account> {
  const res = await fetch(`${product.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, platformType: 'upwork' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  return { token: body.data.token, userId: body.data.user.id, email, password };
}

/** A call to the API as the account (another device, as far as the browser knows). */
export function apiAs(product: Product, account: Pick<Account, 'token'>) {
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${product.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
  };
}

export async function serverAgents(product: Product, account: Account): Promise<ServerAgent[]> {
  const res = await apiAs(product, account)(`/automations/${account.userId}`);
  if (res.status !== 200) throw new Error(`agents: ${res.status}`);
  return res.json.data as ServerAgent[];
}

/** The wizard's required profile step, so an agent made through the API can be edited in the wizard. */
export const PROFILE_FIELDS = {
  upworkFreelancerName: 'Ada Lovelace',
  upworkProfileUrl: 'https://www.upwork.com/freelancers/~01ada',
  upworkWorkHistory: 'Ten years of web applications for start-ups.',
  skills: ['React'],
};

/** An agent made on another device, straight through the API. */
export async function createAgentElsewhere(
  product: Product,
  account: Account,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const res = await apiAs(product, account)('/automations', {
    method: 'POST',
    body: { id, title, platform: 'upwork', ...PROFILE_FIELDS, ...fields },
  });
  if (res.status !== 201) throw new Error(`create elsewhere: ${res.status} ${JSON.stringify(res.json)}`);
  return id;
}

/** Signs in through the login form and waits until the service worker controls the page. */
export async function signIn(context: BrowserContext, product: Product, account: Account): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: `Welcome, ${account.email}` }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from now on, so the app shell and its chunks also load offline.
  await page.reload();
  await page.getByRole('heading', { name: `Welcome, ${account.email}` }).waitFor();
  return page;
}

/** Goes to the create page through the app (no page load, so it works offline too). */
export async function openCreatePage(page: Page) {
  await openAgentList(page);
  await page.getByRole('link', { name: 'Create New Automation' }).first().click();
}

export async function openAgentList(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Job Agents' }).click();
  await page.getByRole('heading', { name: 'Job Automations' }).waitFor();
}

/** Fills the four steps of the create wizard with valid values and submits them. */
export async function fillCreateWizard(page: Page, title: string) {
  await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
  await page.getByLabel('Job title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Job Criteria' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
  await page.getByRole('textbox', { name: 'Freelancer name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Profile URL' }).fill('https://www.upwork.com/freelancers/~01ada');
  await page.getByRole('textbox', { name: 'Work history' }).fill('Ten years of web applications for start-ups.');
  await page.getByRole('textbox', { name: 'Skills' }).fill('React');
  await page.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await page.getByRole('button', { name: 'Remove React' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
  await page.getByRole('button', { name: 'Create Job Agent' }).click();
}

/** Creates an agent through the wizard and lands on its page; answers its id. */
export async function createThroughWizard(page: Page, title: string): Promise<string> {
  await openCreatePage(page);
  await fillCreateWizard(page, title);
  await page.waitForURL(/\/dashboard\/automations\/[0-9a-f-]{36}$/);
  await page.getByText(CREATED_TOAST).first().waitFor();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  return page.url().split('/').pop()!;
}

/** The edit dialog of an agent's page, opened. */
export async function openEditDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Job Agent' });
  await dialog.getByRole('heading', { name: 'Basic Information' }).waitFor();
  return dialog;
}

/** Steps through the rest of an open edit dialog and saves it. */
export async function saveEditDialog(page: Page, dialog: Locator) {
  for (const step of ['Job Criteria', 'Your Profile', 'Advanced Settings']) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: step }).waitFor();
  }
  await dialog.getByRole('button', { name: 'Update Job Agent' }).click();
  await dialog.waitFor({ state: 'detached' });
}
