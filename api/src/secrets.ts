import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { ensurePrivateDir } from './private-dir';

const secretsFileSchema = z.object({
  sessionPepper: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** Web Push VAPID key pair (base64url: 65-byte uncompressed P-256 point, 32-byte scalar). */
  vapidPublicKey: z.string().regex(/^[A-Za-z0-9_-]{86,88}$/),
  vapidPrivateKey: z.string().regex(/^[A-Za-z0-9_-]{42,44}$/),
  /**
   * The sandbox Telegram bot's token (Bot API form `<digits>:<secret>`): it signs sandbox logins, so
   * each install has its own, and it never leaves DATA_DIR.
   */
  telegramSandboxToken: z.string().regex(/^\d{6,12}:[A-Za-z0-9_-]{30,}$/),
});

export type Secrets = z.infer<typeof secretsFileSchema>;

const newTelegramSandboxToken = () => `${crypto.randomInt(100_000_000, 1_000_000_000)}:${crypto.randomBytes(26).toString('base64url')}`;

export const SECRETS_FILE = 'secrets.json';

/**
 * The session pepper, the credential-encryption key, the VAPID key pair and the sandbox bot token: taken from configuration when given,
 * otherwise read from DATA_DIR/secrets.json, which is created on first start with mode 0600.
 */
export function ensureSecrets(dataDir: string, configured: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) {
    stored = secretsFileSchema.partial().parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  // The VAPID pair is kept or made as a pair: a public key without its private key is useless.
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : webpush.generateVAPIDKeys();
  const generated: Secrets = {
    sessionPepper: stored.sessionPepper ?? crypto.randomBytes(32).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? crypto.randomBytes(32).toString('hex'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    telegramSandboxToken: stored.telegramSandboxToken ?? newTelegramSandboxToken(),
  };
  if ((Object.keys(generated) as Array<keyof Secrets>).some((key) => stored[key] !== generated[key])) {
    ensurePrivateDir(dataDir);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(generated, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  fs.chmodSync(file, 0o600);
  const configuredVapid = configured.vapidPublicKey && configured.vapidPrivateKey;
  return {
    sessionPepper: configured.sessionPepper ?? generated.sessionPepper,
    encryptionKey: configured.encryptionKey?.toLowerCase() ?? generated.encryptionKey,
    vapidPublicKey: configuredVapid ? configured.vapidPublicKey! : generated.vapidPublicKey,
    vapidPrivateKey: configuredVapid ? configured.vapidPrivateKey! : generated.vapidPrivateKey,
    telegramSandboxToken: generated.telegramSandboxToken,
  };
}
