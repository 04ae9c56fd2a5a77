import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import { OFFLINE_WRITER_MODEL, SANDBOX_OPENAI_KEY } from './offline-writer';
import { createOpenAiWriter } from './openai-writer';
import type { ProposalWriter } from './types';

export {
  JOB_WRITER_ERRORS,
  WriterError,
  type ProposalWriter,
  type ProposalBid,
  type WriteInput,
  type WriteResult,
  type WriterErrorCode,
} from './types';
export { createOpenAiWriter, toWriterError, type OpenAiWriterOptions } from './openai-writer';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * The configured proposal writer: with OPENAI_API_KEY, the real service (or OPENAI_BASE_URL, any
 * compatible server) and OPENAI_MODEL; without one, the same client pointed at this server's
 * sandbox (`/sandbox/openai/v1`), labelled "offline writer".
 */
export function createProposalWriter(
  ai: Config['ai'],
  options: {
    /** Where this server answers (its sandbox is under `/sandbox`). */
    sandboxBase: () => string;
    /** Reach the sandbox in-process instead (e.g. `(input, init) => app.request(input, init)`), whatever the base. */
    sandboxFetch?: typeof fetch;
    log?: Logger;
    timeoutMs?: number;
    maxRetries?: number;
  },
): ProposalWriter {
  const common = {
    log: options.log,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
  if (ai.apiKey) {
    return createOpenAiWriter({ ...common, kind: 'ai', apiKey: ai.apiKey, baseURL: ai.baseUrl ?? OPENAI_BASE_URL, model: ai.model });
  }
  return createOpenAiWriter({
    ...common,
    ...(options.sandboxFetch ? { fetch: options.sandboxFetch } : {}),
    kind: 'offline',
    apiKey: SANDBOX_OPENAI_KEY,
    baseURL: () => `${options.sandboxBase().replace(/\/+$/, '')}/sandbox/openai/v1`,
    model: OFFLINE_WRITER_MODEL,
  });
}
