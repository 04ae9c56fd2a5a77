import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { freshStore, type FreshStore } from '../testing/fresh-store';
import { changesSince } from './change-log';
import { tablesOf } from './schema/index';
import { SERVER_ONLY_COLUMNS, SYNCED_TABLES, updateSynced, type SyncedTable } from './synced-writes';

const API_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The writers that record the change themselves, in the same call: the helper, and job items' own (`writeJobItem`). */
const HELPERS = ['store/synced-writes.ts', 'modules/proposals/job-item-writes.ts'];

/**
 * Direct updates of synced tables in the runner, left as they were while the runner is being
 * edited elsewhere (each records its change by hand or writes what sync does not carry); to move
 * onto `updateSynced`. The list may only shrink: a new direct update anywhere fails the test.
 */
const NOT_YET_MOVED = [
  'modules/runner/lease.ts: agents',
  'modules/runner/outcomes.ts: jobItems',
  'modules/runner/pipeline.ts: agents',
  'modules/runner/sender.ts: agents',
];

function productFiles(dir = API_SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(API_SRC, 'testing') ? [] : productFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The updates of a synced table in `text` that go around the helper: `.update(<synced table>)`
 * whose `.set({...})` names a column the device sees (or cannot be read: a spread, a variable).
 */
function directSyncedUpdates(text: string): SyncedTable[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found: SyncedTable[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'update' &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      node.arguments[0].text in SYNCED_TABLES
    ) {
      const table = node.arguments[0].text as SyncedTable;
      const set = node.parent;
      const call = set?.parent;
      const values =
        ts.isPropertyAccessExpression(set) && set.name.text === 'set' && call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
      const keys =
        values && ts.isObjectLiteralExpression(values)
          ? values.properties.map((property) =>
              (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && ts.isIdentifier(property.name)
                ? property.name.text
                : '…',
            )
          : ['…'];
      if (!keys.every((key) => SERVER_ONLY_COLUMNS[table].includes(key))) found.push(table);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('a synced write and its change are one call', () => {
  it('no product code updates a column of a synced table the device sees except through updateSynced (or job items’ writer)', () => {
    const offenders = productFiles()
      .filter((file) => !HELPERS.includes(path.relative(API_SRC, file)))
      .flatMap((file) =>
        [...new Set(directSyncedUpdates(fs.readFileSync(file, 'utf8')))].map((table) => `${path.relative(API_SRC, file)}: ${table}`),
      )
      .sort();
    expect(offenders).toEqual(NOT_YET_MOVED);
  });

  it('the check tells a direct write of a synced column from one of server-only columns', () => {
    expect(directSyncedUpdates("await tx.update(users).set({ firstName: 'Ada' }).where(w);")).toEqual(['users']);
    expect(directSyncedUpdates('await tx.update(agents).set(values).where(w);')).toEqual(['agents']);
    expect(directSyncedUpdates('await tx.update(agents).set({ leaseOwner: null, leaseUntil: null }).where(w);')).toEqual([]);
    expect(directSyncedUpdates('await tx.update(payments).set({ status }).where(w);')).toEqual([]);
  });
});

let opened: FreshStore | undefined;
afterEach(() => opened?.close());

describe('updateSynced', () => {
  it('writes a new version and records the change for its user in the same transaction; a server-only write bumps nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-synced-'));
    opened = freshStore(dir);
    const { store } = opened;
    const now = new Date('2026-11-24T10:00:00Z');
    await store.tx(async (tx) => {
      const { users, agents } = tablesOf(tx);
      await tx.insert(users).values({
        id: 'u1',
        email: 'u1@example.com',
        passwordHash: 'x',
        platformType: 'freelancer',
        referralCode: 'u1',
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .insert(agents)
        .values({ id: 'a1', userId: 'u1', status: 'active', fields: {}, fieldVersions: {}, createdAt: now, updatedAt: now });
    });
    const later = new Date(now.getTime() + 1000);
    const [agent] = await store.tx((tx) => updateSynced(tx, 'agents', { status: 'paused' }, (agents) => eq(agents.id, 'a1'), later));
    expect(agent).toMatchObject({ status: 'paused', version: 2, updatedAt: later });
    const changes = await changesSince(store.db, 'u1', 0, 10);
    expect(changes.map((change) => [change.entity, change.entityId])).toEqual([['agent', 'a1']]);
    // A runner's lease is the server's own: no version, no change for the device to pull.
    await store.tx(async (tx) => {
      const { agents } = tablesOf(tx);
      await tx.update(agents).set({ leaseOwner: 'runner', leaseUntil: later }).where(eq(agents.id, 'a1'));
    });
    expect(await changesSince(store.db, 'u1', changes.at(-1)!.seq, 10)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
});
