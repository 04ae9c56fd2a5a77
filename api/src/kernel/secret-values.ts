import type { Config } from './config';
import type { Secrets } from './secrets';

/** A URL's password, if it carries one (DATABASE_URL, SMTP_URL). */
function passwordOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every secret value this process holds, for the logger to keep out of every line wherever it
 * appears (kernel/logger.ts: `secrets`): the generated or given secrets, the services' keys and
 * the passwords inside the database and mail URLs.
 */
export function secretValues(config: Config, secrets: Partial<Secrets>): string[] {
  const values = [
    secrets.sessionPepper,
    secrets.encryptionKey,
    secrets.vapidPrivateKey,
    secrets.telegramSandboxToken,
    config.ai.apiKey,
    config.paystack?.secretKey,
    config.telegram?.token,
    config.freelancer?.clientSecret,
    config.upwork?.clientSecret,
    config.metrics.token,
    passwordOf(config.databaseUrl),
    passwordOf(config.smtpUrl),
  ];
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value.length >= 8))];
}
