import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSecrets, SECRETS_FILE } from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('ensureSecrets', () => {
  it('generates the secrets on first start into a file only the owner can read', () => {
    const dir = tempDir();
    const first = ensureSecrets(dir);
    expect(first.sessionPepper.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
    expect(ensureSecrets(dir)).toEqual(first);
  });

  it('prefers configured secrets and never writes them to disk', () => {
    const dir = tempDir();
    const pepper = 'p'.repeat(40);
    const secrets = ensureSecrets(dir, { sessionPepper: pepper });
    expect(secrets.sessionPepper).toBe(pepper);
    expect(fs.readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).not.toContain(pepper);
  });
});
