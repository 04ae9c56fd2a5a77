import { hash, verify } from '@node-rs/argon2';

/** OWASP's Argon2id baseline: 19 MiB, two passes, one lane. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing in particular, verified when no account matches so timing tells nothing. */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-never-used');
  await verifyPassword(await decoy, password);
}

/** Whether the account has a password (one made through Google sign-in may have none: its hash is ''). */
export const hasPassword = (row: { passwordHash: string }): boolean => row.passwordHash !== '';
