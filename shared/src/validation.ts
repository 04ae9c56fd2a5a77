import { z } from './zod';
import { DEFAULT_EMAIL_DOMAINS } from './email-domains';
import { emailAddressProblem, type EmailAddressProblem } from './email-address';
import { PASSWORD_MAX, PASSWORD_MIN, validationMessages } from './validation-messages';

export {
  CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  validationKey,
  validationMessages,
  type ValidationMessageKey,
} from './validation-messages';

export { DEFAULT_EMAIL_DOMAINS } from './email-domains';

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
