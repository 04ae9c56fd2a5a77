import { z } from './zod';
import { emailAddressProblem, type EmailAddressProblem } from './email-address';

/**
 * Validation rules and their messages, shared by the PWA's forms and the API. The English texts are
 * the specification's words; each has an i18n key (`validation.<key>`) so forms show them translated.
 */
export const validationMessages = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailProvider: 'Please enter a valid email from a common provider',
  emailLocalTooLong: 'The part before the @ can be at most 64 characters',
  emailCharacters: "Before the @ an email address may only have letters, digits, dots and ! # $ % & ' * + - / = ? ^ _ ` { | } ~",
  passwordRequired: 'Password is required',
  passwordRule: 'Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsMismatch: "Passwords don't match",
  platformRequired: 'Freelance platform is required',
  codeFormat: 'Please enter the 6-digit verification code sent to your email.',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

const byText = new Map<string, ValidationMessageKey>(
  Object.entries(validationMessages).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** The i18n key of a validation message, when the message is one of ours. */
export function validationKey(message: string): ValidationMessageKey | undefined {
  return byText.get(message);
}

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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailDomain(email: string): string {
  return normalizeEmail(email).split('@').pop() ?? '';
}

const PROBLEM_MESSAGES: Record<EmailAddressProblem, string> = {
  format: validationMessages.emailInvalid,
  localTooLong: validationMessages.emailLocalTooLong,
  localCharacters: validationMessages.emailCharacters,
};

/**
 * An address at one of `domains`, with the specification's messages, whose syntax a mail server
 * takes (RFC 5321): markup or a 65-octet local part never becomes an account.
 */
export function accountEmailSchema(domains: readonly string[] = DEFAULT_EMAIL_DOMAINS) {
  const allowed = new Set(domains.map((d) => d.toLowerCase()));
  return z
    .string({ error: validationMessages.emailRequired })
    .trim()
    .min(1, validationMessages.emailRequired)
    .max(254, validationMessages.emailInvalid)
    .regex(EMAIL_PATTERN, validationMessages.emailProvider)
    .superRefine((value, ctx) => {
      if (!EMAIL_PATTERN.test(value)) return;
      const problem = emailAddressProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem], abort: true });
    })
    .refine((value) => allowed.has(emailDomain(value)), validationMessages.emailProvider)
    .transform(normalizeEmail);
}

/** Any syntactically valid address: used where an unknown address must not be told apart. */
export const anyEmailSchema = z
  .string({ error: validationMessages.emailRequired })
  .trim()
  .min(1, validationMessages.emailRequired)
  .max(254, validationMessages.emailInvalid)
  .regex(EMAIL_PATTERN, validationMessages.emailInvalid)
  .transform(normalizeEmail);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** decisions.md: 8+ characters with an uppercase letter, a lowercase letter and a digit. */
export const passwordSchema = z
  .string({ error: validationMessages.passwordRequired })
  .min(1, validationMessages.passwordRequired)
  .max(PASSWORD_MAX, validationMessages.passwordTooLong)
  .refine(
    (value) => value.length >= PASSWORD_MIN && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value),
    validationMessages.passwordRule,
  );

/** Sign-in takes any non-empty password: the rule is for new passwords only. */
export const signinPasswordSchema = z
  .string({ error: validationMessages.passwordRequired })
  .min(1, validationMessages.passwordRequired)
  .max(PASSWORD_MAX, validationMessages.passwordTooLong);

export const CODE_LENGTH = 6;

export const codeSchema = z
  .string({ error: validationMessages.codeFormat })
  .trim()
  .regex(/^\d{6}$/, validationMessages.codeFormat);

/**
 * A link a user stores (portfolio, profile, résumé): an http or https address with a host. A
 * `javascript:`, `data:` or any other scheme is refused, so a stored link can never run script
 * where it is shown.
 */
export const webLinkSchema = (max = 500) =>
  z.url({ protocol: /^https?$/, hostname: /^[^\s]+$/, error: 'Please enter a valid link' }).max(max, 'Please enter a valid link');
