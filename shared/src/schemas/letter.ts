import { z } from '../zod';
import { PROOF_SOURCES } from '../letters/entries';

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
  'offPlatform',
  'noOpeningReference',
  'unanswered',
  'screeningUnanswered',
  'wrongLanguage',
  'unclaimedSkill',
  'nearCopy',
  'instructionsInPost',
  'writerConcern',
] as const;
export type LetterProblemCode = (typeof LETTER_PROBLEM_CODES)[number];

export const letterProblemSchema = z.object({
  code: z.enum(LETTER_PROBLEM_CODES),
  /** The letter's (or, for `unanswered`, `screeningUnanswered` and `instructionsInPost`, the post's) words that raised it. */
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

/**
 * What the draft's reviewer is shown of the letter's check (stored on the job item when the letter is
 * written): the problems that held it back from sending alone, the post's questions and requests the
 * letter was asked to answer, the post's lines that tried to instruct an AI (never obeyed), and the
 * proof it was given.
 */
export const letterReviewSchema = z.object({
  problems: z.array(letterProblemSchema),
  questions: z.array(z.string()),
  injected: z.array(z.string()),
  /** The user's own proof handed to the writer for this job (the only past work it may cite). */
  proofs: z.array(z.object({ source: z.enum(PROOF_SOURCES), text: z.string() })).default([]),
});
export type LetterReview = z.infer<typeof letterReviewSchema>;

/** Upwork: one of the job's screening questions and the answer sent beside the letter. */
export const screeningAnswerSchema = z.object({
  question: z.string().trim().min(1).max(1000),
  answer: z.string().trim().max(5000),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswerSchema>;
