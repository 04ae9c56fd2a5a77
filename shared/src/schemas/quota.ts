import { z } from '../zod';
import { PLAN_IDS } from '../plan-table';

/** The daily cover-letter quota (part 2, "Cover letter quota"): letters written today in the user's time zone. */
export const coverLetterQuotaSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  plan: z.enum(PLAN_IDS),
});
export type CoverLetterQuota = z.infer<typeof coverLetterQuotaSchema>;

/** The specification's message when the quota is used up. */
export const COVER_LETTER_LIMIT_MESSAGE = 'Daily cover letter limit reached';
