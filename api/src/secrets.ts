import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsFileSchema = z.object({
  sessionPepper: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
});

export type Secrets = z.infer<typeof secretsFileSchema>;

export const SECRETS_FILE = 'secrets.json';

/**
 * The session pepper and the credential-encryption key: taken from configuration when given,
 * otherwise read from DATA_DIR/secrets.json, which is created on first start with mode 0600.
 */
export function ensureSecrets(dataDir: string, configured: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) {
    stored = secretsFileSchema.partial().parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  const generated: Secrets = {
    sessionPepper: stored.sessionPepper ?? crypto.randomBytes(32).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? crypto.randomBytes(32).toString('hex'),
  };
  if (stored.sessionPepper !== generated.sessionPepper || stored.encryptionKey !== generated.encryptionKey) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(generated, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  fs.chmodSync(file, 0o600);
  return {
    sessionPepper: configured.sessionPepper ?? generated.sessionPepper,
    encryptionKey: configured.encryptionKey?.toLowerCase() ?? generated.encryptionKey,
  };
}
