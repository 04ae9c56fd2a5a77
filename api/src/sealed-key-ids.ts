import { CryptoBox } from './kernel/crypto-box';
import type { Secrets } from './kernel/secrets';
import { StartupError } from './kernel/startup-errors';

/**
 * Which keys sealed the values at rest (kernel/crypto-box.ts, `v1.<keyId>.…`), from the values
 * themselves, and the refusal when this process lacks one of them: shared by the check through the
 * store (sealed-secrets.ts) and the one a process on SQLite makes on the file before it listens
 * (store/sqlite/boot.ts), which reads the same columns without the query builder.
 */

const KEY_ID = /^v1\.([0-9a-f]{8})\./;
const KEY_IDS_IN_JSON = /"v1\.([0-9a-f]{8})\./g;

/** The sealed values, as stored: single values (each one sealed value, or none), and JSON texts holding any number. */
export interface SealedValues {
  single: Iterable<string | null>;
  json: Iterable<string>;
}

/** How many sealed values each key (by id) sealed. */
export function countKeyIds(values: SealedValues): Map<string, number> {
  const counts = new Map<string, number>();
  const count = (keyId: string | undefined) => keyId && counts.set(keyId, (counts.get(keyId) ?? 0) + 1);
  for (const value of values.single) count(KEY_ID.exec(value ?? '')?.[1]);
  for (const text of values.json) for (const match of text.matchAll(KEY_IDS_IN_JSON)) count(match[1]);
  return counts;
}

/** The id of the key that sealed `value`, if it is a sealed value. */
export const keyIdOf = (value: string | null): string | undefined => (value ? KEY_ID.exec(value)?.[1] : undefined);

/** The ids of the keys a process holds: the current one first. */
export function keyIdsOf(secrets: Pick<Secrets, 'encryptionKey' | 'previousEncryptionKeys'>): string[] {
  return [secrets.encryptionKey, ...secrets.previousEncryptionKeys].map((hex) => CryptoBox.idOf(Buffer.from(hex, 'hex')));
}

/** Refuses to start (StartupError) when a sealed value was sealed with a key this process lacks. */
export function refuseUnknownKeys(counts: Map<string, number>, secrets: Pick<Secrets, 'encryptionKey' | 'previousEncryptionKeys'>): void {
  const known = new Set(keyIdsOf(secrets));
  const unknown = [...counts].filter(([keyId]) => !known.has(keyId));
  if (unknown.length === 0) return;
  const values = unknown.reduce((sum, [, n]) => sum + n, 0);
  throw new StartupError(
    `ENCRYPTION_KEY does not open ${values} sealed credential${values === 1 ? '' : 's'} in the database ` +
      `(sealed with key id ${unknown.map(([keyId]) => keyId).join(', ')}; this process has ${[...known].join(', ')}). ` +
      'Start it with the key they were sealed with (the ENCRYPTION_KEY of the other processes, or the secrets.json the data came with), ' +
      'or, while rotating, give that key in ENCRYPTION_KEY_PREVIOUS.',
  );
}
