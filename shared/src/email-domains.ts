/**
 * Apart from validation.ts (which re-exports it) so that the server's settings (api/src/kernel/config.ts)
 * read it without loading the schemas' zod.
 */

/** The twelve common providers an account's address must be at (configurable on the server). */
export const DEFAULT_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'protonmail.com',
  'proton.me',
  'yandex.com',
  'mail.com',
] as const;
