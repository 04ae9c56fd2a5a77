import { z } from './zod';

/**
 * Every error the API answers carries one of these codes. The PWA maps each code to an i18n key
 * (`errors.<code>`), so a message can be shown in the user's language even when the server's
 * English `message` is all the body says.
 */
export const ErrorCode = {
  validation: 'validation_error',
  malformedBody: 'malformed_body',
  payloadTooLarge: 'payload_too_large',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  emailTaken: 'email_taken',
  invalidCredentials: 'invalid_credentials',
  invalidCode: 'invalid_code',
  codeExpired: 'code_expired',
  tooManyAttempts: 'too_many_attempts',
  rateLimited: 'rate_limited',
  alreadyVerified: 'already_verified',
  sandboxOnly: 'sandbox_only',
  planLimit: 'plan_limit',
  /** The plan's cover letters for today are used up ("Daily cover letter limit reached"). */
  coverLetterLimit: 'cover_letter_limit',
  idempotencyMismatch: 'idempotency_mismatch',
  marketplaceNotConnected: 'marketplace_not_connected',
  marketplaceRejected: 'marketplace_rejected',
  marketplaceUnavailable: 'marketplace_unavailable',
  /** A Telegram Login Widget answer that is forged, too old (auth_date over a day) or already used. */
  telegramInvalid: 'telegram_invalid',
  /** A valid Telegram login, but no account has linked that Telegram account. */
  telegramNotLinked: 'telegram_not_linked',
  /** The Telegram account is already linked to another Bidpilot account. */
  telegramLinkedElsewhere: 'telegram_linked_elsewhere',
  /**
   * A Telegram answer without the state of a login this browser started (from Settings, or from the
   * sign-in screen), or with one that expired or was used: a link someone else made is never applied.
   */
  telegramStateInvalid: 'telegram_state_invalid',
  /** The account already has another Telegram account linked: it is unlinked first, never replaced silently. */
  telegramAlreadyLinked: 'telegram_already_linked',
  /**
   * The account's guessing budget is spent (many wrong passwords from anywhere): a password alone no
   * longer signs in; a code mailed to the account's address is needed with it.
   */
  signinCodeRequired: 'signin_code_required',
  /** The account's email address is not verified yet, and what was asked needs a proven address (a support request). */
  emailNotVerified: 'email_not_verified',
  /** The request's Host is not a name this server answers for (DNS rebinding). */
  hostNotAllowed: 'host_not_allowed',
  /** The account is in its grace period before deletion: frozen, no session opens (the mailed link cancels). */
  accountDeleting: 'account_deleting',
  /** A signed-in person confirming a grave step gave a wrong password (400, not 401: the session stands). */
  wrongPassword: 'wrong_password',
  /** A Google sign-in that cannot be completed (expired or forged round trip, refused by the person or the provider). */
  googleFailed: 'google_failed',
  /** Google has not verified the address of that Google account: it cannot make or join an account. */
  googleEmailUnverified: 'google_email_unverified',
  /** The Google account's address is not at a provider accounts may use (EMAIL_DOMAINS). */
  googleEmailNotAllowed: 'google_email_not_allowed',
  /** Google (or the provider standing in for it) could not be reached. */
  googleUnavailable: 'google_unavailable',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

/** One problem with one field of a request. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  details: z
    .object({
      issues: z.array(fieldIssueSchema).optional(),
      retryAfterSeconds: z.number().int().nonnegative().optional(),
      attemptsLeft: z.number().int().nonnegative().optional(),
      /** On a 409 conflict: the fields the server changed since the write's base version. */
      conflictFields: z.array(z.string()).optional(),
      /** On a 409 conflict: the record as the server holds it now. */
      current: z.unknown().optional(),
      /** On a plan limit: the number the plan allows. */
      limit: z.number().int().optional(),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The HTTP status each code answers with. */
export const errorStatus: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 421 | 422 | 429 | 500 | 502> = {
  validation_error: 400,
  malformed_body: 400,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  invalid_credentials: 401,
  invalid_code: 400,
  code_expired: 410,
  too_many_attempts: 429,
  rate_limited: 429,
  already_verified: 409,
  sandbox_only: 403,
  plan_limit: 403,
  // 403 like plan_limit, not 429: an entitlement that resets at the user's local midnight or with an
  // upgrade, which clients and the outbox must not retry as if it were a short rate limit.
  cover_letter_limit: 403,
  idempotency_mismatch: 422,
  marketplace_not_connected: 403,
  marketplace_rejected: 422,
  marketplace_unavailable: 502,
  telegram_invalid: 401,
  telegram_not_linked: 401,
  telegram_linked_elsewhere: 409,
  telegram_state_invalid: 403,
  telegram_already_linked: 409,
  email_not_verified: 403,
  signin_code_required: 403,
  host_not_allowed: 421,
  account_deleting: 403,
  wrong_password: 400,
  google_failed: 400,
  google_email_unverified: 400,
  google_email_not_allowed: 400,
  google_unavailable: 502,
  internal_error: 500,
};
