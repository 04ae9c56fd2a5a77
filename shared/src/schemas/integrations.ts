import { z } from '../zod';
import { agentPlatformSchema } from './agent';

export const integrationMessages = {
  profileUrlRequired: 'You must add a profile url',
  profileUrlInvalid: 'You must add a valid upwork url',
  allFieldsRequired: 'All fields are required',
  saved: 'Upwork Setup Complete: Your Upwork credentials have been saved',
} as const;

/** The specification's Upwork profile address rule: upwork.com/freelancers/~id or /fl/~id. */
export const UPWORK_PROFILE_URL = /^https?:\/\/(www\.)?upwork\.com\/(freelancers|fl)\/~[A-Za-z0-9_-]+\/?$/;

const required = z.string({ error: integrationMessages.allFieldsRequired }).trim().min(1, integrationMessages.allFieldsRequired).max(500);
const money = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number().min(0).max(100_000),
);

/** `POST /api/jobs/upwork-credentials`: the setup form; the secrets are sealed and never returned. */
export const upworkCredentialsBodySchema = z.object({
  userId: z.string().optional(),
  automationId: z.string().optional(),
  freelancerName: required,
  username: required,
  password: z.string({ error: integrationMessages.allFieldsRequired }).min(1, integrationMessages.allFieldsRequired).max(500),
  securityAnswer: required,
  profileUrl: z
    .string({ error: integrationMessages.profileUrlRequired })
    .trim()
    .min(1, integrationMessages.profileUrlRequired)
    .regex(UPWORK_PROFILE_URL, integrationMessages.profileUrlInvalid),
  upworkPaymentRate: money.default(0),
  upworkBoostProposal: z.boolean().default(false),
  upworkAutoRefill: z.boolean().default(false),
  upworkAutoRefillAmount: z
    .preprocess((v) => (v === '' || v == null ? 0 : typeof v === 'string' ? Number(v) : v), z.number().int().min(0).max(1000))
    .default(0),
  upworkMaximumBid: money.default(0),
});
export type UpworkCredentialsBody = z.input<typeof upworkCredentialsBodySchema>;

export const upworkCredentialsForAgentBodySchema = upworkCredentialsBodySchema.extend({ automationId: z.string().min(1) });

export const credentialsStatusSchema = z.object({
  hasCredentials: z.boolean(),
  /** How the account is connected, when it is. */
  via: z.enum(['oauth', 'credentials']).nullable(),
  username: z.string().nullable(),
  connectedAt: z.string().nullable(),
});
export type CredentialsStatus = z.infer<typeof credentialsStatusSchema>;

export const oauthStartBodySchema = z.object({
  userId: z.string().optional(),
  automationId: z.string().optional(),
  /** Where the browser comes back: the onboarding wizard, or /login (which restores the saved page). */
  returnTo: z.enum(['onboarding', 'login']).default('login'),
});

export const oauthStartResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export const integrationPlatformParamSchema = z.object({ platform: agentPlatformSchema });

/**
 * `GET /api/integrations/{platform}/calls`: the calls the user's agents made to the marketplace
 * under the user's account this hour, and the hourly ceiling they are held to (null: none, the
 * marketplace's search is public and shared between agents).
 */
export const marketplaceCallsSchema = z.object({
  platform: agentPlatformSchema,
  /** The start of the hour counted (ISO time, UTC). */
  hourStart: z.string(),
  calls: z.number().int().min(0),
  ceiling: z.number().int().min(1).nullable(),
});
export type MarketplaceCalls = z.infer<typeof marketplaceCallsSchema>;
