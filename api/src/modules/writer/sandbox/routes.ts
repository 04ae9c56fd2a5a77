import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Clock } from '../../../kernel/clock';
import { readFacts } from '../messages';
import { offlineLetter } from './letter';

import { OFFLINE_WRITER_MODEL, SANDBOX_OPENAI_KEY } from '../offline-writer';

export { OFFLINE_WRITER_MODEL, SANDBOX_OPENAI_KEY };

export interface SandboxOpenAiDeps {
  clock: Clock;
}

type ErrorType = 'invalid_request_error' | 'authentication_error';

const fail = (
  c: Context,
  status: 400 | 401 | 404 | 413,
  type: ErrorType,
  message: string,
  code: string | null = null,
  param: string | null = null,
) => c.json({ error: { message, type, param, code } }, status);

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The text of a message's content: a string, or an array of `{ type: 'text', text }` parts. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && (part as { type?: unknown }).type === 'text'
          ? String((part as { text?: unknown }).text ?? '')
          : '',
      )
      .join('');
  }
  return undefined;
}

/**
 * An OpenAI-compatible chat-completions endpoint that writes a plain letter without a model (the
 * product's "offline writer"). Mounted at `/sandbox`: `POST /sandbox/openai/v1/chat/completions`
 * and `GET /sandbox/openai/v1/models`, Bearer `SANDBOX_OPENAI_KEY`, the real wire format.
 */
export function sandboxOpenAiRoutes(deps: SandboxOpenAiDeps) {
  const app = new Hono();
  app.use(
    '/openai/*',
    bodyLimit({ maxSize: 512 * 1024, onError: (c) => fail(c, 413, 'invalid_request_error', 'The request body is too large') }),
  );
  app.use('/openai/*', async (c, next) => {
    const key = c.req
      .header('authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim();
    if (!key) {
      return fail(
        c,
        401,
        'invalid_request_error',
        "You didn't provide an API key. Use the sandbox key as a Bearer token.",
        'missing_api_key',
      );
    }
    if (key !== SANDBOX_OPENAI_KEY) return fail(c, 401, 'invalid_request_error', 'Incorrect API key provided.', 'invalid_api_key');
    await next();
  });

  app.get('/openai/v1/models', (c) =>
    c.json({ object: 'list', data: [{ id: OFFLINE_WRITER_MODEL, object: 'model', created: 1767225600, owned_by: 'bidpilot' }] }),
  );

  app.post('/openai/v1/chat/completions', async (c) => {
    const raw = await c.req.text();
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return fail(c, 400, 'invalid_request_error', 'We could not parse the JSON body of your request.');
    }
    if (typeof body.model !== 'string' || body.model === '') {
      return fail(c, 400, 'invalid_request_error', 'you must provide a model parameter', null, 'model');
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return fail(
        c,
        400,
        'invalid_request_error',
        "Invalid 'messages': empty array. Expected an array with minimum length 1.",
        'empty_array',
        'messages',
      );
    }
    const messages: Array<{ role: string; content: string }> = [];
    for (const [index, message] of (body.messages as unknown[]).entries()) {
      const role = message && typeof message === 'object' ? (message as { role?: unknown }).role : undefined;
      const content = message && typeof message === 'object' ? contentText((message as { content?: unknown }).content) : undefined;
      if (typeof role !== 'string' || !['system', 'developer', 'user', 'assistant'].includes(role) || content === undefined) {
        return fail(c, 400, 'invalid_request_error', `Invalid value for 'messages[${index}]'.`, 'invalid_value', `messages[${index}]`);
      }
      messages.push({ role, content });
    }
    const n = body.n ?? 1;
    if (n !== 1) return fail(c, 400, 'invalid_request_error', 'The offline writer writes one choice (n must be 1).', 'invalid_value', 'n');
    const maxTokensField = body.max_completion_tokens ?? body.max_tokens;
    if (maxTokensField !== undefined && (typeof maxTokensField !== 'number' || !Number.isInteger(maxTokensField) || maxTokensField < 1)) {
      return fail(c, 400, 'invalid_request_error', 'max_tokens must be a positive integer', 'invalid_value', 'max_tokens');
    }

    const system = messages
      .filter((m) => m.role === 'system' || m.role === 'developer')
      .map((m) => m.content)
      .join('\n');
    const prompt = messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n\n');
    const factLimit = Number(readFacts(system).limit);
    const charLimit = Number.isFinite(factLimit) && factLimit > 0 ? factLimit : 5000;
    const tokenChars = typeof maxTokensField === 'number' ? maxTokensField * 4 : Infinity;
    const full = offlineLetter(system, prompt, charLimit);
    const content = full.length > tokenChars ? full.slice(0, tokenChars) : full;
    const promptTokens = estimateTokens(messages.map((m) => m.content).join('\n'));
    const completionTokens = estimateTokens(content);
    return c.json({
      id: `chatcmpl-${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 29)}`,
      object: 'chat.completion',
      created: Math.floor(deps.clock.now().getTime() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: content.length < full.length ? 'length' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_bidpilot_offline',
    });
  });

  app.all('/openai/*', (c) => fail(c, 404, 'invalid_request_error', `Unknown request URL: ${c.req.method} ${c.req.path}.`, 'unknown_url'));
  return app;
}
