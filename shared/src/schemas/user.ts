import { z } from '../zod';
import { PLATFORMS } from '../marketplaces';
import { webLinkSchema } from '../validation';
import { LANGUAGES } from '../languages';

export const platformTypeSchema = z.enum(PLATFORMS, { error: 'Freelance platform is required' });
export type PlatformType = z.infer<typeof platformTypeSchema>;

export const languageSchema = z.enum(LANGUAGES);

/** The signed-in user as every endpoint answers it. Secrets never appear here. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  platformType: platformTypeSchema,
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  skills: z.array(z.string()),
  portfolioLinks: z.array(z.string()),
  upworkProfileComplete: z.boolean(),
  freelancerProfileComplete: z.boolean(),
  language: languageSchema,
  timeZone: z.string().nullable(),
  /** The freelancer's headline and overview: every agent's letters (and matching) can use them. */
  profileTitle: z.string().nullable(),
  profileOverview: z.string().nullable(),
  /**
   * The rest of the one profile every new agent starts from (each agent may override it): work
   * history, portfolio (what was done, in words; the links are `portfolioLinks`) and the profile
   * addresses on each marketplace. Absent from profiles a device stored before they existed.
   */
  workHistory: z.string().nullable().default(null),
  portfolio: z.string().nullable().default(null),
  upworkProfileUrl: z.string().nullable().default(null),
  freelancerProfileUrl: z.string().nullable().default(null),
  referralCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const PROFILE_TITLE_MAX = 100;
export const PROFILE_OVERVIEW_MAX = 5000;
/** As the agent fields they prefill (upworkWorkHistory, upworkPortfolio). */
export const PROFILE_WORK_HISTORY_MAX = 8000;
export const PROFILE_PORTFOLIO_MAX = 8000;
export const PROFILE_URL_MAX = 500;

/** Optional text: trimmed, and empty becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** An http(s) address, or nothing (empty becomes null). */
const optionalLink = z
  .union([z.literal(''), webLinkSchema(PROFILE_URL_MAX)])
  .nullable()
  .transform((value) => (value === '' ? null : value));

const trimmedUniqueList = (max: number, itemMax: number) =>
  z
    .array(z.string().trim().min(1).max(itemMax))
    .max(max)
    .transform((items) => {
      // Unique regardless of case; the first spelling is kept.
      const seen = new Set<string>();
      return items.filter((item) => !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
    });

/** `PUT /api/users/{id}`: the profile fields being changed; anything omitted is kept. */
export const updateUserBodySchema = z
  .object({
    firstName: z.string().trim().max(80).nullable(),
    lastName: z.string().trim().max(80).nullable(),
    platformType: platformTypeSchema,
    skills: trimmedUniqueList(100, 60),
    profileTitle: optionalText(PROFILE_TITLE_MAX),
    profileOverview: optionalText(PROFILE_OVERVIEW_MAX),
    workHistory: optionalText(PROFILE_WORK_HISTORY_MAX),
    portfolio: optionalText(PROFILE_PORTFOLIO_MAX),
    upworkProfileUrl: optionalLink,
    freelancerProfileUrl: optionalLink,
    portfolioLinks: trimmedUniqueList(20, 500).pipe(z.array(webLinkSchema())),
    upworkProfileComplete: z.boolean(),
    freelancerProfileComplete: z.boolean(),
    language: languageSchema,
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone')
      .nullable(),
  })
  .partial()
  .extend({
    /** The profile version the edit was made on: fields changed on the server since then answer 409. */
    baseVersion: z.number().int().positive().optional(),
    /** Per field, the version it was seen at (instead of `baseVersion`). */
    baseVersions: z.record(z.string().max(64), z.number().int().nonnegative()).optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userResponseSchema = z.object({ data: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const userIdParamSchema = z.object({ id: z.string().min(1).max(64) });
