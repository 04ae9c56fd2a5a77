import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { startFakePushService, type FakePushService } from '../api/src/modules/notices/push/fake-push-service';
import { connectFreelancer, createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { runNowAndWait } from './support/run-now';
import { until, waitSynced } from './support/wait';

// A local HTTPS push service the product trusts (its certificate is made when the suite starts).
const certFile = path.join(os.tmpdir(), `bidpilot-e2e-push-${process.pid}.pem`);
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
  fs.writeFileSync(certFile, push.cert);
});
afterAll(async () => {
  await push?.close();
  fs.rmSync(certFile, { force: true });
});

// The runner ticks every two seconds, reads outcomes two seconds after sending (then backs off),
// and the sandbox's clients answer 7200 times faster than people: minutes become a second or so.
const env = useProductAndBrowser({
  NODE_EXTRA_CA_CERTS: certFile,
  RUNNER_SCHEDULE: '*/2 * * * * *',
  OUTCOME_FIRST_CHECK_SECONDS: '2',
  SANDBOX_CLIENT_SPEEDUP: '7200',
  SANDBOX_CLIENT_SEED: 'e2e-outcomes',
});

describe('outcomes read from the marketplace', () => {
  it('a sandbox client replies: the push arrives, the proposal shows the reply, the reply rate moves, nothing marked by hand', async () => {
    const product = env.product();
    const account = await createAccount(product, 'outcomes.user@gmail.com');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${url}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
    expect(
      (
        await api(`/users/${account.user.id}`, {
          method: 'PUT',
          body: JSON.stringify({ skills: ['React.js', 'Node.js', 'TypeScript', 'PHP', 'JavaScript', 'Python'] }),
        })
      ).status,
    ).toBe(200);

    // This device's notices go to the local push service.
    const phone = push.subscriber('phone');
    expect((await api('/push/subscribe', { method: 'POST', body: JSON.stringify(phone.subscription) })).status).toBe(201);

    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await connectFreelancer(page, product, account.user.id, 'outcomes_e2e');

    // An agent whose drafts the user approves: about a dozen proposals go out. Ten a day: its picks
    // and the flagged drafts it holds beside them (as many again at most) all fit the trial's 20 sends
    // a day, so every approved one goes out today.
    const agentId = crypto.randomUUID();
    await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Outcome agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 10,
      }),
    });
    // A template experiment, started from the agent page: its own template against web development, at random.
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Outcome agent', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Results' }).click();
    const webDevelopment = page.getByRole('checkbox', { name: 'Web development' });
    await webDevelopment.focus();
    await page.keyboard.press('Space');
    expect(await webDevelopment.isChecked()).toBe(true);
    await page.getByRole('radio', { name: /At random/ }).check();
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    await page.getByText(/^Running since .*: At random; goal: More replies\.$/).waitFor();
    const stored = await until(
      async () =>
        ((await (await api(`/automations/detail/${agentId}`)).json()) as { data: { experiment: { arms: string[] } | null } }).data
          .experiment,
      (value) => value !== null,
      'the experiment to reach the server',
    );
    expect(stored!.arms).toEqual(['web_development', 'custom']);

    expect((await runNowAndWait(api, agentId)).drafts).toBeGreaterThanOrEqual(8);
    const jobs = async () => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data;

    // The dashboard before anything went out: no reply rate yet.
    await page.goto(`${product.url}/dashboard`);
    await waitSynced(page);
    const row = page.getByRole('table', { name: 'By agent' }).getByRole('row', { name: /Outcome agent/ });
    const replyCell = () => row.getByRole('cell').nth(1).textContent();
    expect(await replyCell()).toBe('–No proposals sent yet');

    // The user approves the drafts: they go out.
    for (const item of await jobs()) expect((await api(`/job-items/${item.id}/approve`, { method: 'POST', body: '{}' })).status).toBe(200);
    await until(jobs, (items) => items.every((item) => item.status === 'completed'), 'the proposals to be sent');

    // A client answers: the runner reads it from the marketplace and the push arrives.
    // (Drafts waiting and proposals sent were announced before; the client's reply is its own notice.)
    type Notice = { kind: string; title: string; body: string; url: string; jobItemId: string };
    const replies = () =>
      push.received.map((one) => JSON.parse(push.decrypt(one, phone)) as Notice).filter((one) => one.kind === 'clientReplied');
    const notice = (
      await until(
        async () => replies(),
        (list) => list.length > 0,
        'the "Client replied" push',
        120_000,
      )
    )[0]!;
    const replied = (await jobs()).find((item) => item.id === notice.jobItemId)!;
    expect(notice).toMatchObject({
      kind: 'clientReplied',
      title: 'Client replied',
      url: `/dashboard/automations/${agentId}?item=${replied.id}`,
    });
    expect(notice.body).toBe(`“${replied.title}”: ${replied.clientReply!.slice(0, 159)}${replied.clientReply!.length > 159 ? '…' : ''}`);
    // The sandbox's clients move on fast (an hour passes in half a second), so by the time this reads
    // the proposal the client may already have shortlisted, hired or turned it down; the reply stays.
    expect(replied).toMatchObject({ outcomeSource: 'marketplace', repliedAt: expect.any(String) });
    expect(['replied', 'interview', 'hired', 'lost']).toContain(replied.outcome);

    // The notice opens the proposal, with the client's words.
    await page.goto(`${product.url}${notice.url}`);
    const card = page.locator(`li[data-job-item="${replied.id}"]`);
    // The whole conversation, in order, who said each message: as the marketplace shows it now (the
    // sandbox's client may have written again since the notice).
    const thread = card.locator('[data-conversation]');
    await thread.getByRole('heading', { name: 'Conversation on Freelancer.com' }).waitFor({ timeout: 30_000 });
    const messagesShown = () =>
      thread.locator('li').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-from'), li.lastElementChild?.textContent ?? '']));
    const matched = await until(
      async () => ({
        shown: await messagesShown(),
        read: (await jobs()).find((item) => item.id === replied.id)!.conversation.map((message) => [message.from, message.text]),
      }),
      ({ shown, read }) => read.length > 0 && JSON.stringify(shown) === JSON.stringify(read),
      'the card to show the whole conversation',
    );
    expect(matched.shown[0]).toEqual(['client', expect.stringContaining(replied.clientReply!.replace(/…$/, ''))]);
    await thread.locator('li').first().getByText('Client', { exact: true }).waitFor();
    await card.getByText('Outcome read from Freelancer.com. Choose another one to override it.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-job-item'))).toBe(replied.id);

    // The dashboard's reply rate moved; nothing was marked by hand.
    await page.goto(`${product.url}/dashboard`);
    await waitSynced(page);
    const items = await jobs();
    const answered = items.filter(
      (item) => item.outcome === 'replied' || item.outcome === 'interview' || item.outcome === 'hired' || item.repliedAt,
    );
    expect(answered.length).toBeGreaterThan(0);
    expect(items.every((item) => item.outcomeSource !== 'manual')).toBe(true);
    const shown = await until(replyCell, (text) => /^[1-9]\d*%[1-9]\d* of \d+/.test(text ?? ''), 'the reply rate to move');
    const [, percent, count, of] = shown!.match(/^(\d+)%(\d+) of (\d+)/)!;
    expect(Number(of)).toBe(items.length);
    expect(Number(count)).toBeGreaterThanOrEqual(1);
    expect(Number(count)).toBeLessThanOrEqual(
      (await jobs()).filter((item) => item.repliedAt || item.outcome === 'hired' || item.outcome === 'interview').length,
    );
    expect(Number(percent)).toBe(Math.round((Number(count) / items.length) * 100));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The experiment's results: every proposal counted under the template it was written with.
    const final = await jobs();
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('tab', { name: 'Results' }).click();
    const arms = page.getByRole('table', { name: 'Results by template' });
    for (const template of ['web_development', 'custom'] as const) {
      const sent = final.filter((item) => item.promptTemplate === template && item.experimentId !== null).length;
      await arms.locator(`tr[data-arm="${template}"]`).getByRole('cell').first().getByText(String(sent), { exact: true }).waitFor();
    }
    expect(final.filter((item) => item.experimentId !== null)).toHaveLength(final.length);
    await page
      .locator('[data-experiment-verdict]')
      .getByText(/leads so far|is very likely the best|No template leads yet/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  }, 240_000);
});
