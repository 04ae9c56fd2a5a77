import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../kernel/clock';
import type { Store } from '../../../store/store';
import { freshSandboxStore } from '../../../testing/fresh-store';
import { SANDBOX_CLIENT_ID, SandboxAccounts } from './accounts';

let dir: string | undefined;
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  store = undefined;
  dir = undefined;
});

function setup() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-sandbox-accounts-'));
  store = freshSandboxStore(dir).store;
  return new SandboxAccounts(store, manualClock(), 'freelancer');
}

describe('sandbox marketplace accounts', () => {
  it('trades a code, and then a refresh token, once when the same one is presented twice at the same moment', async () => {
    const accounts = setup();
    const user = await accounts.user('sandbox_freelancer');
    const redirect = 'http://127.0.0.1/callback';
    const code = await accounts.issueCode({ userId: user.id, clientId: SANDBOX_CLIENT_ID, redirectUri: redirect, scope: 'basic 2' });
    const traded = await Promise.all([
      accounts.redeemCode(code, SANDBOX_CLIENT_ID, redirect),
      accounts.redeemCode(code, SANDBOX_CLIENT_ID, redirect),
    ]);
    expect(traded.filter((result) => result.ok)).toHaveLength(1);
    const tokens = traded.find((result) => result.ok)!.tokens;

    const refreshed = await Promise.all([accounts.refresh(tokens.refresh_token), accounts.refresh(tokens.refresh_token)]);
    expect(refreshed.filter((result) => result.ok)).toHaveLength(1);
    expect(refreshed.find((result) => !result.ok)).toMatchObject({ error: 'invalid_grant' });
  });

  it('creates one account for a username asked for twice at once', async () => {
    const accounts = setup();
    const [a, b] = await Promise.all([accounts.user('ada_sandbox'), accounts.user('ada_sandbox')]);
    expect(a.id).toBe(b.id);
  });
});
