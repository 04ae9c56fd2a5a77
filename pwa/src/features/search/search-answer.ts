import { searchResponseSchema, type SearchResponse } from '@shared/schemas/job';
import type { AnswerParser } from '../../lib/api';

/**
 * The answer of `POST /jobs/search-with-form`, read with its schema; an answer that is not one fails
 * with the words the search screens show in their details.
 */
export const searchAnswer: AnswerParser<SearchResponse> = {
  parse(body) {
    const parsed = searchResponseSchema.safeParse(body);
    if (!parsed.success) throw new Error('The search answer could not be read');
    return parsed.data;
  },
};
