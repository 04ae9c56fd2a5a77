import { z } from '../zod';
import { accountEmailSchema, anyEmailSchema, codeSchema, passwordSchema, signinPasswordSchema } from '../validation';
import { languageSchema, platformTypeSchema, userSchema } from './user';

/**
 * Request and response bodies of the account calls (`/api/auth/*`). The account address rule takes
 * the configured provider list, so the server builds these with its own list; the PWA uses the
 * default twelve.
 */
export function authSchemas(emailDomains?: readonly string[]) {
  const email = accountEmailSchema(emailDomains);
  return {
    signupBody: z.object({
      email,
      password: passwordSchema,
      platformType: platformTypeSchema,
      referralCode: z.string().trim().max(32).optional(),
      language: languageSchema.optional(),
      timeZone: z.string().max(64).optional(),
    }),
    /** `code`: the mailed sign-in code, needed with the password once the account's guessing budget is spent. */
    signinBody: z.object({ email: anyEmailSchema, password: signinPasswordSchema, code: codeSchema.optional() }),
    signinCodeBody: z.object({ email: anyEmailSchema }),
    verifyEmailBody: z.object({ email: anyEmailSchema, code: codeSchema }),
    emailOnlyBody: z.object({ email }),
    resetPasswordBody: z.object({ email: anyEmailSchema, code: codeSchema, password: passwordSchema }),
  };
}

const defaults = authSchemas();
export const signupBodySchema = defaults.signupBody;
export const signinBodySchema = defaults.signinBody;
export const signinCodeBodySchema = defaults.signinCodeBody;
export const verifyEmailBodySchema = defaults.verifyEmailBody;
export const emailOnlyBodySchema = defaults.emailOnlyBody;
export const resetPasswordBodySchema = defaults.resetPasswordBody;

export type SignupBody = z.input<typeof signupBodySchema>;
export type SigninBody = z.input<typeof signinBodySchema>;
export type SigninCodeBody = z.input<typeof signinCodeBodySchema>;
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
export type EmailOnlyBody = z.input<typeof emailOnlyBodySchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const authResponseSchema = z.object({
  data: z.object({ token: z.string(), user: userSchema }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Answers to calls that start a cooldown (resend, reset request): when the next send is allowed. */
export const cooldownResponseSchema = z.object({
  message: z.string(),
  retryAfterSeconds: z.number().int().nonnegative(),
});
export type CooldownResponse = z.infer<typeof cooldownResponseSchema>;

/**
 * `POST /api/auth/verify-email` needs no session, so its answer carries no account data: a signed-in
 * client reads its user again from `/api/auth/user`.
 */
export const verifyEmailResponseSchema = z.object({ message: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** Success messages the server answers, the specification's words. */
export const authMessages = {
  signedOut: 'Signed out',
  codeSent: 'Code resent',
  emailVerified: 'Email verified',
  resetRequested: 'If an account exists for this address, a reset code is on its way.',
  passwordReset: 'Password reset successful',
  signinCodeRequired:
    "Too many wrong passwords were tried on this account, so for now it also needs a sign-in code. Ask for one: we mail it to the account's address.",
  signinCodeSent: 'If an account exists for this address, a sign-in code is on its way.',
} as const;

export { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS, SESSION_DAYS } from '../auth-limits';
