import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoBox } from './kernel/crypto-box';
import { StartupError } from './kernel/startup-errors';
import { tokenAad } from './modules/billing/payments/deps';
import { connectionSecretAad } from './modules/marketplaces/connections';
import { checkEncryptionKey, resealWithCurrentKey, sealedKeyIds } from './sealed-secrets';
import { keyIdsOf } from './sealed-key-ids';
import { tablesOf } from './store/schema';
import { makeTestApp, type TestApp } from './testing/harness';

const key = () => crypto.randomBytes(32).toString('hex');
let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

/** A user with an Upwork connection and a subscription's email token, both sealed with `oldKey`. */
async function sealedWith(oldKey: string) {
  t = makeTestApp();
  const { user } = await t.signup();
  const box = new CryptoBox(oldKey);
  const { marketplaceAccounts, subscriptions } = tablesOf(t.db);
  const now = new Date();
  const aad = connectionSecretAad(user.id, 'upwork', 'credentials');
  await t.db.insert(marketplaceAccounts).values({
    id: crypto.randomUUID(),
    userId: user.id,
    platform: 'upwork',
    kind: 'credentials',
    secret: box.sealJson({ username: 'ada', password: 'hunter2' }, aad),
    connectedAt: now,
    updatedAt: now,
  });
  await t.db.insert(subscriptions).values({
    userId: user.id,
    plan: 'pro',
    status: 'active',
    trialStartedAt: now,
    trialEndsAt: now,
    providerEmailToken: box.seal('email-token-1', tokenAad(user.id)),
    createdAt: now,
    updatedAt: now,
  });
  return { user, aad };
}

describe('the encryption key at start', () => {
  it('refuses a key that does not open the stored credentials, saying which key and what to do', async () => {
    const oldKey = key();
    await sealedWith(oldKey);
    await expect(checkEncryptionKey(t!.store, { encryptionKey: oldKey, previousEncryptionKeys: [] })).resolves.toBeUndefined();
    const other = key();
    const refusal = checkEncryptionKey(t!.store, { encryptionKey: other, previousEncryptionKeys: [] });
    await expect(refusal).rejects.toBeInstanceOf(StartupError);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `ENCRYPTION_KEY does not open 2 sealed credentials .*key id ${keyIdsOf({ encryptionKey: oldKey, previousEncryptionKeys: [] })[0]}.*ENCRYPTION_KEY_PREVIOUS`,
      ),
    );
    // Given as an earlier key, it is accepted: the rotation's first start.
    await expect(checkEncryptionKey(t!.store, { encryptionKey: other, previousEncryptionKeys: [oldKey] })).resolves.toBeUndefined();
  });

  it('a rotation re-seals what the earlier key sealed, after which the new key alone opens everything', async () => {
    const oldKey = key();
    const newKey = key();
    const { user, aad } = await sealedWith(oldKey);
    const rotating = new CryptoBox(newKey, [oldKey]);
    expect(await resealWithCurrentKey(t!.store, rotating)).toEqual({ resealed: 2, left: 0 });
    expect([...(await sealedKeyIds(t!.store)).keys()]).toEqual([rotating.keyId]);
    await expect(checkEncryptionKey(t!.store, { encryptionKey: newKey, previousEncryptionKeys: [] })).resolves.toBeUndefined();

    const alone = new CryptoBox(newKey);
    const { marketplaceAccounts, subscriptions } = tablesOf(t!.db);
    const [account] = await t!.db.select().from(marketplaceAccounts);
    expect(alone.openJson(account!.secret, aad)).toEqual({ username: 'ada', password: 'hunter2' });
    const [sub] = await t!.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(alone.open(sub!.providerEmailToken!, tokenAad(user.id))).toBe('email-token-1');
    // Nothing more to do the second time.
    expect(await resealWithCurrentKey(t!.store, rotating)).toEqual({ resealed: 0, left: 0 });
  });
});
