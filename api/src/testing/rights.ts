import { count, eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { readZip } from '../modules/rights/zip';
import { USER_DATA, type TablePlan } from '../modules/rights/user-data';
import { sandboxPaystackKey } from '../modules/billing/paystack/sandbox';
import { listSandboxMail } from '../modules/mail/sandbox/mailbox';
import { ensureSecrets } from '../kernel/secrets';
import { tablesOf, type Tables } from '../store/schema/index';
import type { TestApp } from './harness';

/** Asks for an export as the signed-in user, waits for it to build, and downloads it: its files by name. */
export async function exportOf(t: TestApp, token: string): Promise<{ id: string; files: Map<string, Buffer>; text: string }> {
  const started = await t.call('POST', '/api/account/export', undefined, t.auth(token));
  if (started.status !== 202) throw new Error(`export answered ${started.status}: ${started.text}`);
  await t.app.rights.exports.idle();
  const latest = await t.call('GET', '/api/account/export', undefined, t.auth(token));
  if (latest.json.data?.status !== 'ready') throw new Error(`export not ready: ${latest.text}`);
  const id = latest.json.data.id as string;
  const download = await t.app.request(`/api/account/export/${id}/download`, { headers: t.auth(token) });
  if (download.status !== 200) throw new Error(`download answered ${download.status}`);
  const files = readZip(new Uint8Array(await download.arrayBuffer()));
  const text = [...files.entries()].map(([name, data]) => `${name}\n${data.toString('utf8')}`).join('\n');
  return { id, files, text };
}

/** For each table `USER_DATA` exports, how many rows of the user it holds (by the plan's owner column). */
export async function exportedTableCounts(t: TestApp, userId: string): Promise<Array<{ table: string; file: string; rows: number }>> {
  const tables = tablesOf(t.db);
  const out: Array<{ table: string; file: string; rows: number }> = [];
  for (const [name, plan] of Object.entries(USER_DATA) as Array<[keyof Tables, TablePlan]>) {
    if (!('export' in plan) || !('file' in plan.export) || plan.holds === 'special') continue;
    const table = tables[name] as unknown as SQLiteTable & Record<string, SQLiteColumn>;
    const owner = table[plan.holds === 'account' ? 'id' : plan.owner]!;
    const [counted] = await t.db.select({ n: count() }).from(table).where(eq(owner, userId));
    out.push({ table: name, file: plan.export.file, rows: Number(counted?.n ?? 0) });
  }
  return out;
}

/** The sandbox Paystack's record of a subscription (its status: `active`, `complete` once disabled…). */
export async function sandboxSubscription(t: TestApp, code: string): Promise<{ status: string } | undefined> {
  const key = sandboxPaystackKey(ensureSecrets(t.dataDir).sessionPepper);
  const res = await t.app.request(`/sandbox/paystack/subscription/${encodeURIComponent(code)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (res.status === 404) return undefined;
  return ((await res.json()) as { data: { status: string } }).data;
}

/** The newest mail to `to` whose subject matches, from the sandbox mailbox (waiting a moment for the outbox to send it). */
export async function mailTo(t: TestApp, to: string, subject: RegExp) {
  await t.app.mailQueue.idle();
  for (let i = 0; i < 100; i++) {
    const found = (await listSandboxMail(t.sandboxStore, to, 50)).find((mail) => subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
