import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { CryptoBox } from './kernel/crypto-box';
import type { Logger } from './kernel/logger';
import type { Secrets } from './kernel/secrets';
import { countKeyIds, keyIdOf, refuseUnknownKeys } from './sealed-key-ids';
import { tokenAad } from './modules/billing/payments/deps';
import { connectionSecretAad } from './modules/marketplaces/connections';
import { tablesOf } from './store/schema';
import type { Store } from './store/store';

/**
 * The secrets sealed at rest (kernel/crypto-box.ts, `v1.<keyId>.…`): marketplace connections'
 * tokens and credentials, Paystack's email tokens of subscriptions, and the sealed values inside
 * billing claims still open. At start a process checks that its key (or an earlier one it was
 * given, ENCRYPTION_KEY_PREVIOUS) opens every one of them, and refuses to start otherwise: a
 * process with another key would answer 500 on every use of them, later. During a rotation it
 * re-seals, with the current key, what an earlier key sealed.
 */

/** How many sealed values each key (by id) sealed. */
export async function sealedKeyIds(store: Store): Promise<Map<string, number>> {
  const { marketplaceAccounts, subscriptions, billingClaims } = tablesOf(store.db);
  const accounts = await store.db.select({ secret: marketplaceAccounts.secret }).from(marketplaceAccounts);
  const tokens = await store.db
    .select({ token: subscriptions.providerEmailToken })
    .from(subscriptions)
    .where(isNotNull(subscriptions.providerEmailToken));
  const claims = await store.db
    .select({ payload: billingClaims.payload, progress: billingClaims.progress })
    .from(billingClaims)
    .where(isNull(billingClaims.doneAt));
  return countKeyIds({
    single: [...accounts.map((row) => row.secret), ...tokens.map((row) => row.token)],
    json: claims.map((row) => JSON.stringify([row.payload, row.progress])),
  });
}

/** Refuses to start (StartupError) when a sealed value was sealed with a key this process lacks. */
export async function checkEncryptionKey(store: Store, secrets: Pick<Secrets, 'encryptionKey' | 'previousEncryptionKeys'>): Promise<void> {
  refuseUnknownKeys(await sealedKeyIds(store), secrets);
}

/**
 * Re-seals with the current key what an earlier key sealed: marketplace connections and
 * subscriptions' email tokens, each row changed only if it still holds what was read (a token
 * refreshed meanwhile is left as its writer sealed it, with the current key). Open billing claims
 * are finished within minutes and left as they are. Answers how many were re-sealed, and how many
 * values still need an earlier key.
 */
export async function resealWithCurrentKey(store: Store, box: CryptoBox): Promise<{ resealed: number; left: number }> {
  const { marketplaceAccounts, subscriptions } = tablesOf(store.db);
  const old = (sealed: string | null) => {
    const keyId = keyIdOf(sealed);
    return keyId !== undefined && keyId !== box.keyId;
  };
  let resealed = 0;
  const accounts = await store.db
    .select({
      id: marketplaceAccounts.id,
      userId: marketplaceAccounts.userId,
      platform: marketplaceAccounts.platform,
      kind: marketplaceAccounts.kind,
      secret: marketplaceAccounts.secret,
    })
    .from(marketplaceAccounts);
  for (const row of accounts.filter((account) => old(account.secret))) {
    const aad = connectionSecretAad(row.userId, row.platform, row.kind);
    const sealed = box.seal(box.open(row.secret, aad), aad);
    const changed = await store.tx((tx) => {
      const t = tablesOf(tx).marketplaceAccounts;
      return tx
        .update(t)
        .set({ secret: sealed })
        .where(and(eq(t.id, row.id), eq(t.secret, row.secret)))
        .returning({ id: t.id });
    });
    resealed += changed.length;
  }
  const subs = await store.db
    .select({ userId: subscriptions.userId, token: subscriptions.providerEmailToken })
    .from(subscriptions)
    .where(isNotNull(subscriptions.providerEmailToken));
  for (const row of subs.filter((sub) => old(sub.token))) {
    const aad = tokenAad(row.userId);
    const sealed = box.seal(box.open(row.token!, aad), aad);
    const changed = await store.tx((tx) => {
      const t = tablesOf(tx).subscriptions;
      return tx
        .update(t)
        .set({ providerEmailToken: sealed })
        .where(and(eq(t.userId, row.userId), eq(t.providerEmailToken, row.token!)))
        .returning({ userId: t.userId });
    });
    resealed += changed.length;
  }
  const left = [...(await sealedKeyIds(store))].filter(([keyId]) => keyId !== box.keyId).reduce((sum, [, n]) => sum + n, 0);
  return { resealed, left };
}

/**
 * At start: the key check, then (when earlier keys are given) the re-seal, logged, so an operator
 * knows when ENCRYPTION_KEY_PREVIOUS may go (nothing left).
 */
export async function openSealedSecrets(store: Store, secrets: Secrets, log: Logger): Promise<void> {
  await checkEncryptionKey(store, secrets);
  if (secrets.previousEncryptionKeys.length === 0) return;
  const { resealed, left } = await resealWithCurrentKey(store, new CryptoBox(secrets.encryptionKey, secrets.previousEncryptionKeys));
  log.info('re-sealed credentials with the current encryption key', {
    resealed,
    stillOnEarlierKeys: left,
    ...(left === 0 ? { hint: 'ENCRYPTION_KEY_PREVIOUS may be removed once every process runs with this key' } : {}),
  });
}
