import type OpenAI from 'openai';
import type * as OpenAiSdk from 'openai';
import type { Logger } from '../../kernel/logger';
import { toPlainText, trimKeepingClose } from '@shared/letters/plain';
import { buildProposalRequest, splitCheckLine, splitScreeningAnswers } from './messages';
import { WriterError, type ProposalWriter, type WriteInput, type WriteResult } from './types';

export interface OpenAiWriterOptions {
  /** Base URL of any OpenAI-compatible server, up to and including `/v1`. */
  baseURL: string | (() => string);
  apiKey: string;
  model: string;
  /** `offline` when the base URL is the sandbox's offline writer. */
  kind: 'ai' | 'offline';
  /** Per attempt; the client retries a timeout too. Default 30 s. */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx/timeouts, with the client's exponential backoff and Retry-After. Default 2. */
  maxRetries?: number;
  temperature?: number;
  fetch?: typeof fetch;
  log?: Logger;
}

export const DEFAULT_WRITER_TIMEOUT_MS = 30_000;
export const DEFAULT_WRITER_RETRIES = 2;

/**
 * How long the service asks us to wait, from its answer's headers: OpenAI's `retry-after-ms`, else
 * the standard Retry-After (seconds or an HTTP date). Undefined when it says nothing.
 */
export function writerRetryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const after = headers?.get('retry-after')?.trim();
  if (!after) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Math.round(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The `openai` client, loaded by the first letter (a third of a megabyte of code that a server's
 * start and its first requests do not need: `npm run bench -- cold-start`).
 */
type Sdk = typeof OpenAiSdk;
let sdk: Sdk | undefined;
const loadSdk = async (): Promise<Sdk> => (sdk ??= await import('openai'));

/** Maps whatever the client threw to a WriterError that says whether a later try may work. */
export function toWriterError(error: unknown): WriterError {
  if (error instanceof WriterError) return error;
  // The client's own errors can only come from a loaded client.
  if (!sdk) return otherError(error);
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (error instanceof APIUserAbortError) return new WriterError('aborted', 'The request was cancelled', false);
  if (error instanceof APIConnectionTimeoutError) return new WriterError('timeout', 'The AI writer did not answer in time', true);
  if (error instanceof APIConnectionError) return new WriterError('network', `Could not reach the AI writer: ${error.message}`, true);
  if (error instanceof APIError) {
    const status = error.status;
    const retryAfterMs = writerRetryAfterMs(error.headers);
    const details = { status, requestId: error.requestID ?? undefined, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    const reason = error.message || `HTTP ${status}`;
    if (status === 429) return new WriterError('rate_limited', `The AI writer is rate limited: ${reason}`, true, details);
    if (status === 408 || status === 409) return new WriterError('timeout', `The AI writer timed out: ${reason}`, true, details);
    if (typeof status === 'number' && status >= 500)
      return new WriterError('unavailable', `The AI writer failed: ${reason}`, true, details);
    if (status === 401) return new WriterError('unauthorized', `The AI writer refused the API key: ${reason}`, false, details);
    if (status === 403) return new WriterError('forbidden', `The AI writer refused access: ${reason}`, false, details);
    if (status === 404) return new WriterError('not_found', `The AI writer has no such model or endpoint: ${reason}`, false, details);
    return new WriterError('bad_request', `The AI writer refused the request: ${reason}`, false, details);
  }
  return otherError(error);
}

function otherError(error: unknown): WriterError {
  const message = error instanceof Error ? error.message : String(error);
  return new WriterError('network', `The AI writer call failed: ${message}`, true);
}

/**
 * How a model takes the letter's length limit and its sampling. OpenAI's newer models (the o-series,
 * gpt-5 and later) refuse `max_tokens` (deprecated for `max_completion_tokens`) and any temperature
 * but their default; OpenAI's API takes `max_completion_tokens` for every model; other compatible
 * servers may know only `max_tokens`. The first guess comes from the model's name and the server; a
 * 400 naming the parameter switches it (and this writer remembers), so no letter is lost to it.
 */
export interface ModelDialect {
  tokens: 'max_completion_tokens' | 'max_tokens';
  temperature: boolean;
}

const REASONING_MODEL = /^(o\d|gpt-5|gpt-[6-9])/i;

export function modelDialect(model: string, baseURL: string): ModelDialect {
  const name = model.replace(/^.*\//, '');
  const reasoning = REASONING_MODEL.test(name);
  let host = '';
  try {
    host = new URL(baseURL).hostname;
  } catch {
    // a relative or odd base: a compatible server, not OpenAI's
  }
  const openAi = host === 'api.openai.com' || host.endsWith('.openai.azure.com');
  return { tokens: reasoning || openAi ? 'max_completion_tokens' : 'max_tokens', temperature: !reasoning };
}

/** The request parameter a 400 says the model or server does not take (OpenAI names it in `param`). */
export function refusedParameter(error: unknown): string | undefined {
  // The client's own errors can only come from a loaded client.
  if (!sdk || !(error instanceof sdk.APIError) || error.status !== 400) return undefined;
  if (typeof error.param === 'string' && error.param) return error.param;
  return (
    /unsupported (?:parameter|value)[^']*'(\w+)'/i.exec(error.message)?.[1] ??
    /unrecognized request argument supplied: (\w+)/i.exec(error.message)?.[1]
  );
}

/** A subject line or quotes a model may wrap the letter in. */
function tidy(text: string): string {
  let out = text.trim().replace(/^subject:[^\n]*\n+/i, '');
  const quoted = out.match(/^["“](.*)["”]$/s);
  if (quoted) out = quoted[1]!.trim();
  return out.replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n');
}

/** The proposal writer on the `openai` client: the real service, any compatible server, or the sandbox. */
export function createOpenAiWriter(options: OpenAiWriterOptions): ProposalWriter {
  const resolveBase = typeof options.baseURL === 'function' ? options.baseURL : () => options.baseURL as string;
  let client: { base: string; api: OpenAI } | undefined;
  const api = async () => {
    const base = resolveBase().replace(/\/+$/, '');
    if (client?.base !== base) {
      const { default: OpenAI } = await loadSdk();
      client = {
        base,
        api: new OpenAI({
          apiKey: options.apiKey,
          baseURL: base,
          timeout: options.timeoutMs ?? DEFAULT_WRITER_TIMEOUT_MS,
          maxRetries: options.maxRetries ?? DEFAULT_WRITER_RETRIES,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      };
    }
    return client.api;
  };

  let dialect: ModelDialect | undefined;
  /** Asks for the completion in the model's dialect; a parameter it refuses is switched once, and remembered. */
  const complete = async (request: ReturnType<typeof buildProposalRequest>, signal: AbortSignal | undefined) => {
    dialect ??= modelDialect(options.model, resolveBase());
    for (const tried = new Set<string>(); ;) {
      const current: ModelDialect = dialect;
      try {
        return await (
          await api()
        ).chat.completions.create(
          {
            model: options.model,
            messages: request.messages,
            ...(current.tokens === 'max_tokens' ? { max_tokens: request.maxTokens } : { max_completion_tokens: request.maxTokens }),
            ...(current.temperature ? { temperature: options.temperature ?? 0.7 } : {}),
            n: 1,
          },
          signal ? { signal } : undefined,
        );
      } catch (error) {
        const refused = refusedParameter(error);
        if (!refused || tried.has(refused)) throw error;
        tried.add(refused);
        if (refused === current.tokens) dialect = { ...current, tokens: refused === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens' };
        else if (refused === 'temperature' && current.temperature) dialect = { ...current, temperature: false };
        else throw error;
        options.log?.info('the AI writer refused a parameter; asking again without it', { model: options.model, parameter: refused });
      }
    }
  };

  return {
    kind: options.kind,
    model: options.model,
    async write(input: WriteInput): Promise<WriteResult> {
      const request = buildProposalRequest(input);
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      const started = performance.now();
      try {
        completion = await complete(request, input.signal);
      } catch (error) {
        const mapped = toWriterError(error);
        options.log?.warn('proposal writer failed', {
          code: mapped.code,
          transient: mapped.transient,
          status: mapped.details.status,
          retryAfterMs: mapped.details.retryAfterMs,
          model: options.model,
        });
        throw mapped;
      }
      options.log?.debug('letter written', {
        model: completion.model || options.model,
        ms: Math.round(performance.now() - started),
        tokens: completion.usage?.total_tokens,
      });
      const choice = completion.choices?.[0];
      if (choice?.finish_reason === 'content_filter') {
        throw new WriterError('content_filter', 'The AI writer declined to write this letter', false);
      }
      const content = typeof choice?.message?.content === 'string' ? tidy(choice.message.content) : '';
      if (content === '') throw new WriterError('empty', 'The AI writer answered without a letter', true);
      // Plain text, as both marketplaces show it; over the limit, the body is cut and the closing kept.
      const { concern, rest } = splitCheckLine(content);
      const { letter, answers } = splitScreeningAnswers(rest, request.screening);
      const text = trimKeepingClose(toPlainText(letter), request.limit);
      const usage = completion.usage
        ? {
            promptTokens: completion.usage.prompt_tokens,
            completionTokens: completion.usage.completion_tokens,
            totalTokens: completion.usage.total_tokens,
          }
        : undefined;
      return {
        text,
        writer: options.kind,
        model: completion.model || options.model,
        ...(usage ? { usage } : {}),
        truncated: choice?.finish_reason === 'length' || text.length < letter.length,
        unknownPlaceholders: request.filled.unknown,
        questions: request.questions,
        injected: request.injected,
        ...(concern ? { concern } : {}),
        ...(answers.length > 0 ? { screeningAnswers: answers.map((a) => ({ ...a, answer: toPlainText(a.answer) })) } : {}),
      };
    },
  };
}
