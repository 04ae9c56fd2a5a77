import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TelegramApiError, type TelegramBot } from './bot-api';
import { tablesOf } from '../../../store/schema/index';
import { loadTranslations } from '../../../kernel/i18n';
import { createLogger } from '../../../kernel/logger';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import { PushService } from '../push/push-service';
import { telegramNotifier } from './notifier';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

function recordingBot(fail?: Error) {
  const sent: Array<{ chatId: string; text: string }> = [];
  const bot: TelegramBot = {
    async sendMessage(chatId, text) {
      if (fail) throw fail;
      sent.push({ chatId: String(chatId), text });
      return { messageId: sent.length, chatId: String(chatId) };
    },
  };
  return { bot, sent };
}

function pushFor(app: TestApp) {
  return new PushService({
    store: app.store,
    clock: app.clock,
    t: loadTranslations(),
    log: createLogger('silent'),
    sender: { send: async () => ({ ok: true }) } as never,
    vapidPublicKey: 'x',
  });
}

async function link(app: TestApp, userId: string, telegramId: string, notify: boolean) {
  const { telegramAccounts } = tablesOf(app.store.db);
  await app.db
    .insert(telegramAccounts)
    .values({ userId, telegramId, username: null, firstName: 'A', lastName: null, photoUrl: null, notify, linkedAt: app.clock.now() });
}

describe('telegramNotifier', () => {
  it('sends the push notice (title, body, link) only to users linked with notices on', async () => {
    t = makeTestApp();
    const on = await t.signup('on@gmail.com');
    const off = await t.signup('off@gmail.com');
    const none = await t.signup('none@gmail.com');
    await link(t, on.user.id, '1001', true);
    await link(t, off.user.id, '1002', false);
    const { bot, sent } = recordingBot();
    const notifier = telegramNotifier({
      store: t.store,
      log: createLogger('silent'),
      bot,
      push: pushFor(t),
      publicUrl: 'http://localhost:8787/',
    });
    const payload = { title: 'Logo design', body: '', url: '/dashboard/automations/a1?item=j1', jobItemId: 'j1' };

    expect(await notifier.notify(on.user.id, 'draft_waiting', payload)).toEqual({ sent: true });
    expect(await notifier.notify(off.user.id, 'draft_waiting', payload)).toEqual({ sent: false, skipped: 'not_linked' });
    expect(await notifier.notify(none.user.id, 'draft_waiting', payload)).toEqual({ sent: false, skipped: 'not_linked' });
    expect(sent).toEqual([
      {
        chatId: '1001',
        text: 'Proposal ready for review\nA proposal for “Logo design” is waiting for your approval.\n\nhttp://localhost:8787/dashboard/automations/a1?item=j1',
      },
    ]);

    await notifier.notify(on.user.id, 'proposal_failed', {
      title: 'Logo design',
      body: 'The job was closed',
      url: '/dashboard/automations/a1',
    });
    expect(sent[1]?.text).toContain('The job was closed');

    // A client's reply: the job, the first line of the message and a link to the proposal; its switch turns it off.
    await notifier.notify(on.user.id, 'client_replied', {
      title: 'Logo design',
      body: 'Can you start Monday?',
      url: '/dashboard/automations/a1?item=j1',
      jobItemId: 'j1',
    });
    expect(sent[2]?.text).toBe(
      'Client replied\n“Logo design”: Can you start Monday?\n\nhttp://localhost:8787/dashboard/automations/a1?item=j1',
    );
    await pushFor(t).updateSettings(on.user.id, { clientReplied: false });
    expect(await notifier.notify(on.user.id, 'client_replied', { title: 'x', body: 'y', url: '/' })).toEqual({
      sent: false,
      skipped: 'disabled',
    });
  });

  it("writes in the user's language and respects the per-kind notice settings", async () => {
    t = makeTestApp();
    const { notificationSettings, users } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    await link(t, ada.user.id, '2001', true);
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, ada.user.id));
    const push = pushFor(t);
    const { bot, sent } = recordingBot();
    const notifier = telegramNotifier({ store: t.store, log: createLogger('silent'), bot, push, publicUrl: 'http://localhost:8787' });
    await notifier.notify(ada.user.id, 'proposal_sent', { title: 'Site', body: '', url: '/dashboard' });
    const expected = push.payload('fr', 'proposalSent', { jobTitle: 'Site', url: '/dashboard' });
    expect(sent[0]?.text).toBe(`${expected.title}\n${expected.body}\n\nhttp://localhost:8787/dashboard`);

    await t.db
      .insert(notificationSettings)
      .values({ userId: ada.user.id, proposalSent: false, draftWaiting: true, proposalFailed: true, updatedAt: t.clock.now() });
    expect(await notifier.notify(ada.user.id, 'proposal_sent', { title: 'Site', body: '', url: '/dashboard' })).toEqual({
      sent: false,
      skipped: 'disabled',
    });
  });

  it('never throws: no bot, a failing bot; asks to be tried again only when the failure may pass', async () => {
    t = makeTestApp();
    const ada = await t.signup('ada@gmail.com');
    await link(t, ada.user.id, '3001', true);
    const payload = { title: 'Site', body: '', url: '/dashboard' };
    const noBot = telegramNotifier({
      store: t.store,
      log: createLogger('silent'),
      bot: undefined,
      push: pushFor(t),
      publicUrl: 'http://x',
    });
    expect(await noBot.notify(ada.user.id, 'proposal_sent', payload)).toEqual({ sent: false, skipped: 'no_bot' });
    const app = t;
    const failingWith = (error: Error) =>
      telegramNotifier({
        store: app.store,
        log: createLogger('silent'),
        bot: recordingBot(error).bot,
        push: pushFor(app),
        publicUrl: 'http://x',
      });
    for (const passing of [
      new TelegramApiError('unavailable', 'Telegram could not be reached'),
      new TelegramApiError('unavailable', 'Bad Gateway', { status: 502 }),
    ])
      expect(await failingWith(passing).notify(ada.user.id, 'proposal_sent', payload), passing.message).toMatchObject({
        sent: false,
        skipped: 'error',
        retry: true,
      });
    // A long rate limit says how long to wait.
    const limited = new TelegramApiError('rate_limited', 'Too Many Requests: retry after 30', { status: 429, retryAfterSeconds: 30 });
    expect(await failingWith(limited).notify(ada.user.id, 'proposal_sent', payload)).toMatchObject({ retry: true, retryAfterMs: 30_000 });
    for (const lasting of [
      new TelegramApiError('blocked', 'Forbidden: bot was blocked by the user', { status: 403 }),
      new TelegramApiError('rejected', 'Bad Request: chat not found', { status: 400 }),
      new TelegramApiError('auth', 'Unauthorized', { status: 401 }),
    ])
      expect(await failingWith(lasting).notify(ada.user.id, 'proposal_sent', payload), lasting.message).toMatchObject({
        sent: false,
        skipped: 'error',
        retry: false,
      });
  });
});
