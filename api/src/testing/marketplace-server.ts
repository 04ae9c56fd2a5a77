import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { manualClock, type Clock } from '../kernel/clock';
import { SANDBOX_CLIENT_ID, sandboxMarketplaceRoutes } from '../modules/marketplaces/sandbox';
import type { ClientOptions } from '../modules/marketplaces/sandbox/clients';
import { freshSandboxStore } from './fresh-store';

export type ManualClock = ReturnType<typeof manualClock>;

/** Listens on 127.0.0.1 with a system-chosen port; resolves with the base URL. */
export async function listen(
  fetchHandler: (request: Request) => Response | Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: fetchHandler, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * The sandbox marketplaces on a real HTTP server (loopback, free port), a fresh sandbox store and a
 * manual clock (or the one given), so adapters are tested over the wire. `db`: the sandbox's database.
 */
export async function startMarketplaceServer(
  options: { rateLimitPerMinute?: number; clock?: Clock & Partial<ManualClock>; clients?: ClientOptions } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-market-'));
  const { store, db, close } = freshSandboxStore(dataDir);
  const clock = options.clock ?? manualClock();
  const app = new Hono();
  app.route(
    '/sandbox',
    sandboxMarketplaceRoutes({ store, clock, rateLimitPerMinute: options.rateLimitPerMinute ?? 1000, clients: options.clients }),
  );
  const server = await listen(app.fetch);
  return {
    url: server.url,
    db,
    clock,
    async close() {
      await server.close();
      close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type MarketplaceServer = Awaited<ReturnType<typeof startMarketplaceServer>>;

/**
 * Drives a consent page as a person would: GET the authorize URL, check the page, POST the form
 * with the chosen button. Resolves with the redirect target (code or error in its query).
 */
export async function consent(
  authorizeUrl: string,
  choice: { decision: 'allow' | 'deny'; username?: string; fields?: Record<string, string> } = { decision: 'allow' },
  fetchImpl: (input: string | URL, init?: RequestInit) => Promise<Response> = fetch,
): Promise<{ location: URL; page: string }> {
  const page = await fetchImpl(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      match[1]!,
      match[2]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
  }
  form.set('username', choice.username ?? html.match(/id="username" name="username" value="([^"]*)"/)?.[1] ?? '');
  for (const [key, value] of Object.entries(choice.fields ?? {})) form.set(key, value);
  form.set('decision', choice.decision);
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action) throw new Error('no form on the consent page');
  const posted = await fetchImpl(new URL(action, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent POST answered ${posted.status}: ${await posted.text()}`);
  return { location: new URL(location), page: html };
}

export const TEST_REDIRECT_URI = 'http://127.0.0.1/callback';
export { SANDBOX_CLIENT_ID };

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  status: number;
}

/** A `fetch` that goes over the wire and keeps what was sent (and the status that came back). */
export function recordingFetch() {
  const calls: RecordedCall[] = [];
  const recorded = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const response = await fetch(input, init);
    calls.push({
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      status: response.status,
    });
    return response;
  }) as typeof fetch;
  return { calls, fetch: recorded, last: () => calls[calls.length - 1]! };
}
