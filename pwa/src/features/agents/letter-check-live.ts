import { checkLetter } from '@shared/letters/check';
import { answers, extractQuestions, type PostQuestion } from '@shared/letters/questions';
import type { JobItem } from '@shared/schemas/job-item';
import type { LetterProblem } from '@shared/schemas/letter';

/**
 * The letter check run again on the user's edit, in the browser: the same pure check the server ran
 * when the letter was written (`shared/src/letters/check.ts`), against the post, the user's skills
 * and links and their latest letters. Its own chunk (the check reads the skill vocabulary), loaded
 * when a review opens, so it stays off the first load. Upwork's screening answers, sent beside the
 * letter, are checked with it.
 */
export interface LiveCheckInput {
  letter: string;
  item: Pick<JobItem, 'platform' | 'title' | 'description' | 'letterReview'> & Partial<Pick<JobItem, 'screeningAnswers'>>;
  profileSkills: readonly string[];
  allowedLinks: readonly string[];
  /** The user's latest other letters (the similarity guard). */
  recentLetters: readonly string[];
}

export interface LiveCheck {
  problems: LetterProblem[];
  /** The client's questions, each with whether the letter answers it now. */
  questions: Array<{ text: string; answered: boolean }>;
}

/** The post's questions: read again from its description, or, without one, those kept with the draft. */
function postQuestions(item: LiveCheckInput['item']): PostQuestion[] {
  if (item.description) return extractQuestions(item.description);
  return (item.letterReview?.questions ?? []).flatMap((text) => extractQuestions(text));
}

export function liveCheck(input: LiveCheckInput): LiveCheck {
  const { item } = input;
  const questions = postQuestions(item);
  const { problems } = checkLetter({
    letter: input.letter,
    platform: item.platform,
    post: { title: item.title, description: item.description ?? '' },
    questions,
    profileSkills: input.profileSkills,
    allowedLinks: input.allowedLinks,
    recentLetters: input.recentLetters,
    injected: item.letterReview?.injected ?? [],
    // Upwork's screening answers go out beside the letter: an edit to the letter leaves their problems standing.
    screening: item.screeningAnswers ?? [],
  });
  return { problems, questions: questions.map((question) => ({ text: question.text, answered: answers(input.letter, question) })) };
}
