import { spawn } from 'node:child_process';
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

  it('reads and writes no file when the configuration gives every secret (a read-only file system works)', () => {
    const dir = path.join(tempDir(), 'not-there');
    const configured = {
      sessionPepper: 'p'.repeat(40),
      encryptionKey: 'A'.repeat(64),
      vapidPublicKey: 'B'.repeat(87),
      vapidPrivateKey: 'c'.repeat(43),
      previousEncryptionKeys: ['D'.repeat(64)],
    };
    const secrets = ensureSecrets(dir, configured);
    expect(fs.existsSync(dir)).toBe(false);
    expect(secrets).toMatchObject({ ...configured, encryptionKey: 'a'.repeat(64), previousEncryptionKeys: ['d'.repeat(64)] });
    // The sandbox bot's token, which would have been generated into the file, follows from the pepper.
    expect(secrets.telegramSandboxToken).toMatch(/^\d{9}:[A-Za-z0-9_-]{30,}$/);
    expect(ensureSecrets(dir, configured).telegramSandboxToken).toBe(secrets.telegramSandboxToken);
    expect(ensureSecrets(dir, { ...configured, sessionPepper: 'q'.repeat(40) }).telegramSandboxToken).not.toBe(
      secrets.telegramSandboxToken,
    );
  });

  let ready = 0;
  it('gives processes that start together on a fresh folder the same secrets, the ones in the file', async () => {
    // Six processes load the module, then wait for one signal and ask at the same moment: each that
    // made secrets of its own would hash sessions and seal credentials the others cannot read.
    const dir = path.join(tempDir(), 'data');
    const go = path.join(path.dirname(dir), 'go');
    const script = `
      import fs from 'node:fs';
      import { ensureSecrets } from ${JSON.stringify(path.resolve('api/src/kernel/secrets.ts'))};
      process.stdout.write('ready\\n');
      while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      process.stdout.write(JSON.stringify(ensureSecrets(${JSON.stringify(dir)})) + '\\n');
    `;
    const answers = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
              // Every process ready: let them all go at once.
              if (out.startsWith('ready') && ++ready === 6) fs.writeFileSync(go, '');
            });
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve(out.split('\n')[1]!) : reject(new Error(`exited with ${code}`))));
          }),
      ),
    );
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, SECRETS_FILE), 'utf8')) as Record<string, string>;
    for (const answer of answers) expect(JSON.parse(answer)).toEqual({ ...onDisk, previousEncryptionKeys: [] });
    expect(fs.readdirSync(dir).sort()).toEqual([SECRETS_FILE]);
  }, 60_000);
});
