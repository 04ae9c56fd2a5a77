import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Clock } from '../../api/src/kernel/clock';
import { sandboxOpenAiRoutes } from '../../api/src/modules/writer/sandbox/routes';
import { literalAnswer } from './literal-model';

/**
 * The outside world of the letter bench, on one loopback HTTP server:
 *
 * - `POST /fake/v1/chat/completions`: the recording model fake, in OpenAI's chat-completions wire
 *   format (Bearer key, `max_tokens` honoured as a real model does: the answer stops there with
 *   `finish_reason: 'length'`), writing as `literal-model.ts` says;
 * - `/sandbox/openai/v1/*`: the product's own offline writer (the sandbox twin the product mounts
 *   when no model is configured), recorded the same way;
 * - `POST /sandbox/upwork/graphql`: Upwork's `marketplaceJobPosting` screening questions of the
 *   bench's posts, in the wire format the product's Upwork adapter reads.
 *
 * Every chat request and its answer is recorded (`records`), so the bench can print what a writer
 * was sent for one post, and what it answered before the product converted and trimmed it.
 */
export const FAKE_MODEL = 'bench-literal-fake';
export const FAKE_KEY = 'sk-bench-literal-fake';

export interface ChatRecord {
  writer: 'fake' | 'offline';
  messages: Array<{ role: string; content: string }>;
  maxTokens: number | null;
  /** What the writer answered, before the product's plain-text conversion, screening split and trim. */
  content: string;
  /** The fake: what it would have written without its token allowance (the offline writer: `content`). */
  full: string;
  finishReason: string;
}

export interface World {
  url: string;
  records: ChatRecord[];
  /** Upwork's screening questions by job reference, as `marketplaceJobPosting` answers them. */
  screening: Map<string, Array<{ question: string; sequenceNumber?: number | null }>>;
  close(): Promise<void>;
}

const asMessages = (value: unknown): Array<{ role: string; content: string }> =>
  Array.isArray(value)
    ? value.map((m: { role?: unknown; content?: unknown }) => ({
        role: String(m?.role ?? ''),
        content: typeof m?.content === 'string' ? m.content : '',
      }))
    : [];

export async function startWorld(clock: Clock): Promise<World> {
  const records: ChatRecord[] = [];
  const screening = new Map<string, Array<{ question: string; sequenceNumber?: number | null }>>();
  const app = new Hono();

  app.post('/fake/v1/chat/completions', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${FAKE_KEY}`)
      return c.json(
        { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
        401,
      );
    const body = (await c.req.json()) as { model?: string; messages?: unknown; max_tokens?: number; max_completion_tokens?: number };
    const messages = asMessages(body.messages);
    const full = literalAnswer(messages);
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? null;
    // A model stops at its token allowance (about four characters a token here).
    const content = maxTokens !== null && full.length > maxTokens * 4 ? full.slice(0, maxTokens * 4) : full;
    const finishReason = content.length < full.length ? 'length' : 'stop';
    records.push({ writer: 'fake', messages, maxTokens, content, full, finishReason });
    const promptTokens = Math.ceil(messages.map((m) => m.content).join('\n').length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    return c.json({
      id: `chatcmpl-${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`,
      object: 'chat.completion',
      created: Math.floor(clock.now().getTime() / 1000),
      model: body.model ?? FAKE_MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  });

  // The offline writer's answers, recorded on their way out.
  app.use('/sandbox/openai/v1/chat/completions', async (c, next) => {
    const body = (await c.req.raw.clone().json()) as { messages?: unknown; max_tokens?: number };
    await next();
    if (c.res.status !== 200) return;
    const answer = (await c.res.clone().json()) as { choices?: Array<{ message?: { content?: string }; finish_reason?: string }> };
    records.push({
      writer: 'offline',
      messages: asMessages(body.messages),
      maxTokens: body.max_tokens ?? null,
      content: answer.choices?.[0]?.message?.content ?? '',
      full: answer.choices?.[0]?.message?.content ?? '',
      finishReason: answer.choices?.[0]?.finish_reason ?? '',
    });
  });
  app.route('/sandbox', sandboxOpenAiRoutes({ clock }));

  app.post('/sandbox/upwork/graphql', async (c) => {
    const body = (await c.req.json()) as { query?: string; variables?: { id?: string } };
    if (!body.query?.includes('marketplaceJobPosting'))
      return c.json({ data: null, errors: [{ message: 'The bench answers only marketplaceJobPosting' }] });
    const questions = screening.get(String(body.variables?.id ?? ''));
    return c.json({
      data: {
        marketplaceJobPosting: {
          contractorSelection: { proposalRequirement: { screeningQuestions: questions && questions.length > 0 ? questions : null } },
        },
      },
    });
  });

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    screening,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
