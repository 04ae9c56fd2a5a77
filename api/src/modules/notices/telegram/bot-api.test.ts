import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../kernel/clock';
import { freshSandboxStore } from '../../../testing/fresh-store';
import { sandboxTelegramRoutes } from './sandbox';
import { listen } from '../../../testing/marketplace-server';
import { createTelegramBot, TelegramApiError } from './bot-api';

/** A sandbox bot token as secrets.json holds one. */
const SANDBOX_TELEGRAM_TOKEN = '100000001:test-sandbox-bot-token-aaaaaaaaaaaaaaa';

/** The sandbox bot on a real loopback HTTP server with its own sandbox store and a manual clock. */
async function startSandboxBot(rateLimitPerMinute = 20) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-telegram-'));
  const { store } = freshSandboxStore(dataDir);
  const clock = manualClock();
  const app = new Hono();
  app.route('/sandbox', sandboxTelegramRoutes({ store, clock, token: SANDBOX_TELEGRAM_TOKEN, rateLimitPerMinute }));
  const server = await listen(app.fetch);
  return {
    url: server.url,
    apiUrl: `${server.url}/sandbox/telegram`,
    clock,
    async close() {
      await server.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sandbox: Awaited<ReturnType<typeof startSandboxBot>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('Telegram Bot API adapter against the sandbox bot over HTTP', () => {
  it('sends a message and the sandbox records it', async () => {
    sandbox = await startSandboxBot();
    const bot = createTelegramBot({ token: SANDBOX_TELEGRAM_TOKEN, apiUrl: sandbox.apiUrl });
    const sent = await bot.sendMessage('777000111', 'Proposal sent\nYour proposal for “Logo” was sent.');
    expect(sent).toEqual({ messageId: expect.any(Number), chatId: '777000111' });
    const list = await (await fetch(`${sandbox.url}/sandbox/telegram/messages?chat_id=777000111`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({ chatId: '777000111', text: 'Proposal sent\nYour proposal for “Logo” was sent.' }),
    ]);
    const other = await (await fetch(`${sandbox.url}/sandbox/telegram/messages?chat_id=1`)).json();
    expect(other.data).toEqual([]);
  });

  it('speaks the wire format: a wrong token is 401 { ok: false, error_code, description }', async () => {
    sandbox = await startSandboxBot();
    const raw = await fetch(`${sandbox.apiUrl}/bot123:wrong/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 1, text: 'hi' }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });

    const bot = createTelegramBot({ token: '123:wrong-token', apiUrl: sandbox.apiUrl });
    const error = await bot.sendMessage(1, 'hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramApiError);
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401, errorCode: 401 } });
    expect((error as Error).message).not.toContain('wrong-token');
  });

  it('refuses an empty text as Telegram does (400 rejected)', async () => {
    sandbox = await startSandboxBot();
    const bot = createTelegramBot({ token: SANDBOX_TELEGRAM_TOKEN, apiUrl: sandbox.apiUrl });
    await expect(bot.sendMessage(1, '   ')).rejects.toMatchObject({ kind: 'rejected', details: { status: 400 } });
  });

  it('waits out a short 429 retry_after once, and throws rate_limited for a long one', async () => {
    sandbox = await startSandboxBot(1);
    const { clock } = sandbox;
    const waits: number[] = [];
    const patient = createTelegramBot({
      token: SANDBOX_TELEGRAM_TOKEN,
      apiUrl: sandbox.apiUrl,
      maxRetryAfterSeconds: 60,
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    await patient.sendMessage(5, 'first');
    await patient.sendMessage(5, 'second');
    expect(waits).toEqual([60_000]);

    const hasty = createTelegramBot({
      token: SANDBOX_TELEGRAM_TOKEN,
      apiUrl: sandbox.apiUrl,
      maxRetryAfterSeconds: 5,
      sleep: async () => undefined,
    });
    const error = await hasty.sendMessage(5, 'third').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate_limited', retryable: true, details: { status: 429, retryAfterSeconds: 60 } });
  });

  it('times out and reports an unreachable server as unavailable', async () => {
    const slow = await listen(() => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('{}')), 2000)));
    try {
      const bot = createTelegramBot({ token: SANDBOX_TELEGRAM_TOKEN, apiUrl: slow.url, timeoutMs: 100 });
      await expect(bot.sendMessage(1, 'hi')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await slow.close();
    }
    const down = createTelegramBot({ token: SANDBOX_TELEGRAM_TOKEN, apiUrl: 'http://127.0.0.1:9' });
    await expect(down.sendMessage(1, 'hi')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
