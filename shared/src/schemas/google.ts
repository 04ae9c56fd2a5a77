import { z } from '../zod';
import { codeSchema, signinPasswordSchema } from '../validation';
import { languageSchema, platformTypeSchema, userSchema } from './user';

/**
 * Sign in with Google (OpenID Connect, `/api/auth/google/*`): the browser goes to `start`, the
 * provider sends it back to the PWA's `/auth/google/callback`, which posts what it got to `callback`.
 * An address that already has an account is linked only after that account's password or a mailed code.
 */

/** A path inside the app to return to after signing in (never another site). */
export const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/([^/\\\s]\S*)?$/, 'Must be a path inside the app');

/** `GET /api/auth/google/start`: where the browser is sent to sign in. */
export const googleStartQuerySchema = z.object({
  intent: z.enum(['signin', 'signup']).default('signin'),
  /** For an account made now (from /register): the marketplace chosen and a referral code. */
  platformType: platformTypeSchema.optional(),
  referralCode: z.string().trim().max(32).optional(),
  next: returnPathSchema.optional(),
});
export type GoogleStartQuery = z.input<typeof googleStartQuerySchema>;

/** `POST /api/auth/google/callback`: the query string the provider sent the browser back with. */
export const googleCallbackBodySchema = z.object({
  query: z.string().min(1).max(8192),
  /** For an account made now: the page's language and time zone. */
  language: languageSchema.optional(),
  timeZone: z.string().max(64).optional(),
});
export type GoogleCallbackBody = z.input<typeof googleCallbackBodySchema>;

export const googleCallbackResponseSchema = z.object({
  data: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('signedIn'),
      token: z.string(),
      user: userSchema,
      /** True when the account was made now. */
      created: z.boolean(),
      next: returnPathSchema.nullable(),
    }),
    z.object({
      /** An account already has this address: its owner proves it (password or mailed code) before Google is linked. */
      status: z.literal('linkRequired'),
      email: z.string(),
      hasPassword: z.boolean(),
    }),
  ]),
});
export type GoogleCallbackResponse = z.infer<typeof googleCallbackResponseSchema>;

/** `POST /api/auth/google/link`: the account's password, or the code mailed by `/link/code`. */
export const googleLinkBodySchema = z
  .object({ password: signinPasswordSchema.optional(), code: codeSchema.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), 'Give the password or the code');
export type GoogleLinkBody = z.input<typeof googleLinkBodySchema>;

export const googleLinkResponseSchema = z.object({
  data: z.object({ token: z.string(), user: userSchema, next: returnPathSchema.nullable() }),
});
