import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// zod's functional build, as the settings use it (config.ts): this is read before the port opens.
import * as z from 'zod/mini';
import { ensurePrivateDir } from './private-dir';

const secretsFileSchema = z.object({
  sessionPepper: z.string().check(z.minLength(32)),
  encryptionKey: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** Web Push VAPID key pair (base64url: 65-byte uncompressed P-256 point, 32-byte scalar). */
  vapidPublicKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{86,88}$/)),
  vapidPrivateKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{42,44}$/)),
  /**
   * The sandbox Telegram bot's token (Bot API form `<digits>:<secret>`): it signs sandbox logins, so
   * each install has its own, and it never leaves DATA_DIR.
   */
  telegramSandboxToken: z.string().check(z.regex(/^\d{6,12}:[A-Za-z0-9_-]{30,}$/)),
});

/** What secrets.json holds. */
type StoredSecrets = z.infer<typeof secretsFileSchema>;

export type Secrets = StoredSecrets & {
  /**
   * Earlier credential-encryption keys (ENCRYPTION_KEY_PREVIOUS), which still open what they sealed
   * while a rotation is under way; nothing is sealed with them.
   */
  previousEncryptionKeys: string[];
};

/** What the configuration gives (each one unset: from secrets.json). */
export type ConfiguredSecrets = Partial<Omit<StoredSecrets, 'telegramSandboxToken'>> & { previousEncryptionKeys?: readonly string[] };

const newTelegramSandboxToken = () => `${crypto.randomInt(100_000_000, 1_000_000_000)}:${crypto.randomBytes(26).toString('base64url')}`;

/**
 * The sandbox bot's token where no secrets file is kept: derived from the session pepper, so every
 * process given the same secrets has the same bot, and no other install can guess it.
 */
function derivedTelegramSandboxToken(pepper: string): string {
  const mac = crypto.createHmac('sha256', pepper).update('bidpilot sandbox telegram bot').digest();
  return `${100_000_000 + (mac.readUInt32BE(0) % 900_000_000)}:${mac.subarray(4).toString('base64url')}`;
}

export const SECRETS_FILE = 'secrets.json';

/** How long a process waits for another that is writing the secrets file. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 10_000;

/**
 * The session pepper, the credential-encryption key, the VAPID key pair and the sandbox bot token: taken from configuration when given,
 * otherwise read from DATA_DIR/secrets.json, which is created on first start with mode 0600.
 * When the configuration gives every one of them (pepper, key, VAPID pair), no file is read or
 * written: a read-only file system, or a DATA_DIR without secrets, works.
 *
 * Processes sharing DATA_DIR (an API and a runner, or several, started together on a fresh install)
 * must end up with the same secrets: one that made its own would hash sessions or seal credentials
 * the others cannot read. So the file is completed under a lock: the first process writes it, and
 * the others, once they hold the lock, read what it wrote.
 */
export function ensureSecrets(dataDir: string, configured: ConfiguredSecrets = {}): Secrets {
  const previousEncryptionKeys = [...(configured.previousEncryptionKeys ?? [])].map((key) => key.toLowerCase());
  const { sessionPepper, encryptionKey, vapidPublicKey, vapidPrivateKey } = configured;
  if (sessionPepper && encryptionKey && vapidPublicKey && vapidPrivateKey) {
    return {
      sessionPepper,
      encryptionKey: encryptionKey.toLowerCase(),
      vapidPublicKey,
      vapidPrivateKey,
      telegramSandboxToken: derivedTelegramSandboxToken(sessionPepper),
      previousEncryptionKeys,
    };
  }
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = readSecrets(file);
  const generated = isComplete(stored) ? stored : withSecretsLock(dataDir, () => completeSecrets(file));
  fs.chmodSync(file, 0o600);
  const configuredVapid = vapidPublicKey && vapidPrivateKey;
  return {
    sessionPepper: sessionPepper ?? generated.sessionPepper,
    encryptionKey: encryptionKey?.toLowerCase() ?? generated.encryptionKey,
    vapidPublicKey: configuredVapid ? vapidPublicKey : generated.vapidPublicKey,
    vapidPrivateKey: configuredVapid ? vapidPrivateKey : generated.vapidPrivateKey,
    telegramSandboxToken: generated.telegramSandboxToken,
    previousEncryptionKeys,
  };
}

function readSecrets(file: string): Partial<StoredSecrets> {
  if (!fs.existsSync(file)) return {};
  return z.partial(secretsFileSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

const isComplete = (stored: Partial<StoredSecrets>): stored is StoredSecrets => secretsFileSchema.safeParse(stored).success;

/**
 * A new VAPID key pair for Web Push: a P-256 key, the public one uncompressed (65 bytes) and the
 * private one 32 bytes, each in URL-safe base64 without padding, as web-push makes them (made here
 * with node:crypto, so a start does not load web-push and its libraries).
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const padded = (key: Buffer, length: number) => (key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key);
  return {
    publicKey: padded(ecdh.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(ecdh.getPrivateKey(), 32).toString('base64url'),
  };
}

/** Inside the lock: the file as it is now, with what it lacks made and written. */
function completeSecrets(file: string): StoredSecrets {
  const stored = readSecrets(file);
  if (isComplete(stored)) return stored;
  // The VAPID pair is kept or made as a pair: a public key without its private key is useless.
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : newVapidKeys();
  const generated: StoredSecrets = {
    sessionPepper: stored.sessionPepper ?? crypto.randomBytes(32).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? crypto.randomBytes(32).toString('hex'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    telegramSandboxToken: stored.telegramSandboxToken ?? newTelegramSandboxToken(),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(generated, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
  return generated;
}

/** Runs `fn` holding DATA_DIR's secrets lock (a file created exclusively), waiting for it if another process holds it. */
function withSecretsLock<T>(dataDir: string, fn: () => T): T {
  ensurePrivateDir(dataDir);
  const lock = path.join(dataDir, `${SECRETS_FILE}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const heldSince = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (heldSince !== undefined && Date.now() - heldSince > STALE_LOCK_MS) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} is held by another process; remove it if none is starting`, { cause: error });
      // A synchronous wait: this runs once at start, before the server listens.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
