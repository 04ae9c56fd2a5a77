import { z } from '../zod';

/**
 * Why a letter may not go out without the user's tap (`shared/src/letters/check.ts`); each is shown
 * on the draft in the user's language (`letters.problem.<code>`), with the words that raised it.
 */
export const LETTER_PROBLEM_CODES = [
  'empty',
  'tooLong',
  'markdown',
  'placeholder',
  'contactDetails',
  'noOpeningReference',
  'unanswered',
  'wrongLanguage',
  'unclaimedSkill',
  'nearCopy',
] as const;
export type LetterProblemCode = (typeof LETTER_PROBLEM_CODES)[number];

export const letterProblemSchema = z.object({
  code: z.enum(LETTER_PROBLEM_CODES),
  /** The letter's (or, for `unanswered`, the post's) words that raised it. */
  words: z.string().optional(),
  /** tooLong: the letter's length and the marketplace's limit, in characters. */
  length: z.number().int().optional(),
  limit: z.number().int().optional(),
  /** wrongLanguage: the language wanted and the one written. */
  expected: z.string().optional(),
  found: z.string().optional(),
  /** nearCopy: how much of a recent letter it repeats. */
  percent: z.number().int().optional(),
});
export type LetterProblem = z.infer<typeof letterProblemSchema>;
