import { z } from '../zod';

/** What the matching has learnt from the user's own decisions (Settings shows it; reset clears it). */
export const learningSummarySchema = z.object({
  /** Decisions and outcomes recorded. */
  signals: z.number().int(),
  approved: z.number().int(),
  edited: z.number().int(),
  discarded: z.number().int(),
  replied: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** When the last one was recorded. */
  updatedAt: z.string().nullable(),
});
export type LearningSummary = z.infer<typeof learningSummarySchema>;

export const learningResponseSchema = z.object({ data: learningSummarySchema });
export const learningResetResponseSchema = z.object({ success: z.literal(true), data: learningSummarySchema });
