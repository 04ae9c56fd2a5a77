import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { hoursAwayFromNow } from './support/hours';
import { startModelServer } from './support/model';
import { connectFreelancer, createAccount, runNowAndWait, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

// A product with a configured model: an auto-send agent queues its letters (the offline writer's
// always wait for review).
let model: Awaited<ReturnType<typeof startModelServer>> | undefined;
const env = useProductAndBrowser(async () => (model = await startModelServer()).env);
afterAll(() => model?.close());

const locale = (language: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../locales/${language}.json`), 'utf8')) as {
    agents: { detail: { pause: string; activate: string }; toast: { pausedHeld: string; resumedQueued: string } };
  };

describe('pausing and resuming an auto-send agent', () => {
  for (const [language, viewport] of [
    ['en', { width: 1280, height: 900 }],
    ['ar', { width: 360, height: 800 }],
  ] as const) {
    it(`holds the queued proposals, says how many, and queues them again on resume (${viewport.width}, ${language})`, async () => {
      const strings = locale(language);
      const product = env.product();
      const account = await createAccount(product, `pause.${language}@gmail.com`);
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
      const api = (p: string, init: RequestInit = {}) => fetch(`${product.url}/api${p}`, { ...init, headers: auth });
      await api(`/users/${account.user.id}`, { method: 'PUT', body: JSON.stringify({ skills: ['React.js', 'Node.js', 'TypeScript'] }) });
      const context = await signedInContext(env.browser(), product, account.token, { viewport, bypassCSP: true });
      const page = await context.newPage();
      await connectFreelancer(page, product, account.user.id, `pause_${language}`);

      // An active auto-send agent run now: one proposal goes out, the rest wait their turn in the queue.
      const agentId = crypto.randomUUID();
      await api('/automations', {
        method: 'POST',
        body: JSON.stringify({
          id: agentId,
          title: 'developer',
          name: 'Paced agent',
          platform: 'freelancer',
          sendMode: 'auto',
          emailsPerDay: 4,
          ...hoursAwayFromNow(),
        }),
      });
      expect((await api(`/automations/status/${agentId}`, { method: 'PUT', body: JSON.stringify({ status: 'active' }) })).status).toBe(200);
      await runNowAndWait(api, agentId);
      const jobs = async () => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data;
      const queued = (await jobs()).filter((item) => item.stage === 'queued');
      // How many wait depends on the sandbox's feed of the day: the runner holds jobs with a client risk
      // and letters that fail their check as drafts, so only the clean ones queue.
      expect(queued.length).toBeGreaterThanOrEqual(1);

      await page.goto(`${product.url}/dashboard/automations/${agentId}?lng=${language}`);
      await page.getByRole('heading', { name: 'Paced agent', level: 1 }).waitFor({ timeout: 30_000 });
      // The device knows the queue before the pause (what the toast counts).
      await page.waitForFunction(
        async ([id, count]) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('bidpilot');
            open.onsuccess = () => {
              const all = open.result.transaction('jobItems').objectStore('jobItems').getAll();
              all.onsuccess = () =>
                resolve((all.result as JobItem[]).filter((item) => item.agentId === id && item.stage === 'queued').length === count);
            };
          }),
        [agentId, queued.length] as const,
      );

      // Pause: the toast names how many proposals it holds; the server holds them outside the cap.
      await page.getByRole('button', { name: strings.agents.detail.pause, exact: true }).click();
      await page
        .getByText(strings.agents.toast.pausedHeld.replace('{{count}}', String(queued.length)))
        .first()
        .waitFor();
      const held = await until(
        jobs,
        (list) => list.filter((item) => item.heldByPause).length === queued.length,
        'the pause to hold the queue on the server',
      );
      expect(held.filter((item) => item.stage === 'queued')).toHaveLength(0);
      expect(await horizontalOverflow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // Resume: the same proposals are queued again, and the toast says so once the device knows them held.
      await page.waitForFunction(
        async ([id, count]) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('bidpilot');
            open.onsuccess = () => {
              const all = open.result.transaction('jobItems').objectStore('jobItems').getAll();
              all.onsuccess = () =>
                resolve((all.result as JobItem[]).filter((item) => item.agentId === id && item.heldByPause).length === count);
            };
          }),
        [agentId, queued.length] as const,
      );
      await page.getByRole('button', { name: strings.agents.detail.activate, exact: true }).click();
      await page
        .getByText(strings.agents.toast.resumedQueued.replace('{{count}}', String(queued.length)))
        .first()
        .waitFor();
      const requeued = await until(
        jobs,
        (list) => list.filter((item) => item.stage === 'queued' && !item.heldByPause).length === queued.length,
        'the resume to queue them again',
      );
      expect(
        requeued
          .filter((item) => item.stage === 'queued')
          .map((item) => item.id)
          .sort(),
      ).toEqual(queued.map((item) => item.id).sort());
      await context.close();
    }, 240_000);
  }
});
