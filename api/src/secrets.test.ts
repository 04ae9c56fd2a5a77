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

  it('generates a VAPID key pair once, adds it to an older secrets file, and takes a configured pair', () => {
    const dir = tempDir();
    const file = path.join(dir, SECRETS_FILE);
    fs.writeFileSync(file, JSON.stringify({ sessionPepper: 'q'.repeat(43), encryptionKey: 'a'.repeat(64) }), { mode: 0o600 });
    const first = ensureSecrets(dir);
    expect(first.sessionPepper).toBe('q'.repeat(43));
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).vapidPublicKey).toBe(first.vapidPublicKey);
    expect(ensureSecrets(dir)).toEqual(first);
    const configured = { vapidPublicKey: 'B'.repeat(87), vapidPrivateKey: 'c'.repeat(43) };
    expect(ensureSecrets(dir, configured)).toMatchObject(configured);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(configured.vapidPrivateKey);
  });

  it('prefers configured secrets and never writes them to disk', () => {
    const dir = tempDir();
    const pepper = 'p'.repeat(40);
    const secrets = ensureSecrets(dir, { sessionPepper: pepper });
    expect(secrets.sessionPepper).toBe(pepper);
    expect(fs.readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).not.toContain(pepper);
  });
});
