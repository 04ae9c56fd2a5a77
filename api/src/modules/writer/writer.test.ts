import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { FILLABLE_PLACEHOLDERS, type PromptAgent, type PromptJob } from '@shared/prompt-fill';
import { manualClock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { OFFLINE_WRITER_MODEL, SANDBOX_OPENAI_KEY, sandboxOpenAiRoutes } from './sandbox/routes';
import type { WriterPort } from '../runner/ports';
import { createOpenAiWriter, createProposalWriter, WriterError } from './index';
import { modelDialect } from './openai-writer';
import { readFacts } from './messages';

const agent: PromptAgent = {
  platform: 'freelancer',
  upworkFreelancerName: 'Ada Lovelace',
  upworkProfileTitle: 'TypeScript developer',
  upworkOverview: 'I build fast, tested web apps for small companies. I also teach.',
  skills: ['TypeScript', 'React', 'PostgreSQL', 'Go'],
  upworkAvailability: 'less_than_30',
  upworkCertifications: 'AWS Developer',
  upworkPortfolio: 'Checkout rebuild',
  upworkWorkHistory: 'Five years at Engines Ltd',
  upworkJobType: 'fixed',
  upworkEducation: 'BSc Mathematics',
  upworkOtherExperiences: 'Open source',
  upworkLanguages: 'English',
  upworkTestimonials: 'Great work',
  upworkProjectCatalog: 'Landing page',
  upworkExperienceLevel: 'expert',
  upworkDuration: 'short_term',
  upworkPaymentRate: 40,
  upworkSpecializedProfiles: ['Web'],
  upworkCategories: ['Dev'],
  upworkProfileUrl: 'https://www.upwork.com/freelancers/~01',
  upworkHourlyMinRate: 20,
  upworkHourlyMaxRate: 80,
  upworkMinFixedRate: 100,
  upworkMaxFixedRate: 2000,
  freelancerHourlyRateMin: 25,
  freelancerHourlyRateMax: 90,
  freelancerMinBudget: 150,
  freelancerMaxBudget: 2500,
};
const job: PromptJob = {
  platform: 'freelancer',
  title: 'React dashboard for shipments',
  description: 'We need a React and TypeScript dashboard that shows live shipments. It must be fast.',
  type: 'fixed',
  currency: 'USD',
  minBudget: 250,
  maxBudget: 750,
  clientName: 'Acme Freight',
  skills: ['React', 'TypeScript'],
};

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serveHono(app: Hono): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
    servers.push(server);
  });
}

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A stricter local OpenAI-compatible fake: answers from a script, one entry per attempt. */
async function fakeOpenAi(script: Array<(res: http.ServerResponse, seen: Seen) => void>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const entry = { headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
      seen.push(entry);
      const step = script[Math.min(seen.length - 1, script.length - 1)]!;
      step(res, entry);
    });
  });
  servers.push({ close: () => server.close() });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const completion = (content: string, finish = 'stop') =>
  json(200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  });
const apiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { message, type: 'server_error', param: null, code: null } }, headers);

const writerFor = (url: string, extra: Partial<Parameters<typeof createOpenAiWriter>[0]> = {}) =>
  createOpenAiWriter({ kind: 'ai', apiKey: 'sk-test', baseURL: url, model: 'gpt-4o-mini', maxRetries: 2, timeoutMs: 5000, ...extra });

async function writeError(promise: Promise<unknown>): Promise<WriterError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WriterError);
    return error as WriterError;
  }
  throw new Error('expected the write to fail');
}

describe('AI writer against a local OpenAI-compatible fake', () => {
  it('sends the honest system message, the filled prompt and a max_tokens sized to the platform', async () => {
    const fake = await fakeOpenAi([completion('Hello Acme Freight,\n\nI can build this dashboard.\n\nAda')]);
    const prompt = FILLABLE_PLACEHOLDERS.map((name) => `${name}: {{${name}}}`).join('\n');
    const result = await writerFor(fake.url).write({
      agent: { ...agent, prompt },
      job,
      language: 'fr',
      bid: { amount: 500, currency: 'USD', hourly: false, periodDays: 7 },
    });
    expect(result).toEqual({
      text: 'Hello Acme Freight,\n\nI can build this dashboard.\n\nAda',
      writer: 'ai',
      model: 'gpt-4o-mini-2024-07-18',
      usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
      truncated: false,
      unknownPlaceholders: [],
      questions: [],
      injected: [],
    });
    const [request] = fake.seen;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 600, n: 1 });
    const [system, user] = request!.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toMatch(/Never invent experience/);
    expect(system.content).toMatch(/At most 1275 characters/);
    expect(system.content).toMatch(/Write in French/);
    expect(system.content).toMatch(/The bid sent with this letter is USD 500 fixed, delivered in 7 days\./);
    expect(readFacts(system.content)).toMatchObject({
      jobTitle: job.title,
      client: 'Acme Freight',
      freelancer: 'Ada Lovelace',
      limit: '1500',
    });
    // Every placeholder of the specification (and the extras) filled, none left.
    expect(user.role).toBe('user');
    expect(user.content).not.toMatch(/\{\{/);
    // A Freelancer.com agent: Upwork's own criteria and profile link are left out (their lines dropped).
    const upworkOnly = [
      'upworkExperienceLevel',
      'upworkDuration',
      'upworkProfileUrl',
      'upworkSpecializedProfiles',
      'upworkCategories',
      'upworkProjectCatalog',
    ];
    for (const name of FILLABLE_PLACEHOLDERS.filter((n) => !upworkOnly.includes(n)))
      expect(user.content).toMatch(new RegExp(`^${name}: \\S`, 'm'));
    for (const name of upworkOnly) expect(user.content).not.toMatch(new RegExp(`^${name}:`, 'm'));
    expect(user.content).toContain('upworkJobType: fixed-price');
    expect(user.content).toContain('upworkHourlyMinRate: 25');
    expect(user.content).toContain('upworkMaxFixedRate: 2500');
    // The description is quoted once, as the client's post, after the template that points at it.
    expect(user.content).toContain("jobDescription: (the client's job post, quoted below)");
    expect(user.content).toContain(`<<<CLIENT POST\nTitle: ${job.title}\n\n${job.description}\nCLIENT POST>>>`);
  });

  it("reads the model's judgment of the job from its first line, and keeps it out of the letter", async () => {
    const fake = await fakeOpenAi([
      completion('CHECK: ok\n\nHello Acme Freight,\n\nI can build this dashboard.\n\nAda'),
      completion('CHECK: hold - the client wants reviews posted from fake accounts\nHello,\n\nI can help.\n\nAda'),
    ]);
    const writer = writerFor(fake.url);
    const ok = await writer.write({ agent, job });
    expect(ok.text).toBe('Hello Acme Freight,\n\nI can build this dashboard.\n\nAda');
    expect(ok.concern).toBeUndefined();
    const held = await writer.write({ agent, job });
    expect(held).toMatchObject({ text: 'Hello,\n\nI can help.\n\nAda', concern: 'the client wants reviews posted from fake accounts' });
    expect(fake.seen[0]!.body.messages[0].content).toMatch(/First, on a line of its own, judge the job: write "CHECK: ok"/);
  });

  it('trims a long answer at a sentence within the marketplace limit', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `This is sentence ${i}.`).join(' ');
    const fake = await fakeOpenAi([completion(`Subject: Proposal\n\n${long}`, 'length')]);
    const result = await writerFor(fake.url).write({ agent, job });
    expect(result.text.length).toBeLessThanOrEqual(1500);
    expect(result.text.startsWith('This is sentence 0.')).toBe(true);
    expect(result.text.endsWith('.')).toBe(true);
    expect(result.truncated).toBe(true);
    const upwork = await writerFor(fake.url).write({ agent, job: { ...job, platform: 'upwork' } });
    expect(upwork.text).toBe(long);
    expect(fake.seen[1]!.body.max_tokens).toBe(2000);
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    const fake = await fakeOpenAi([
      apiError(429, 'Rate limit reached', { 'retry-after-ms': '5' }),
      apiError(503, 'Overloaded', { 'retry-after-ms': '5' }),
      completion('Fine letter.'),
    ]);
    expect((await writerFor(fake.url).write({ agent, job })).text).toBe('Fine letter.');
    expect(fake.seen).toHaveLength(3);
  });

  it('maps lasting failures to typed, transient or permanent errors', async () => {
    const busy = await fakeOpenAi([apiError(500, 'Boom', { 'retry-after-ms': '5' })]);
    const unavailable = await writeError(writerFor(busy.url).write({ agent, job }));
    expect(unavailable).toMatchObject({ code: 'unavailable', transient: true, details: { status: 500 } });
    expect(busy.seen).toHaveLength(3); // one try and two retries: bounded

    const limited = await fakeOpenAi([apiError(429, 'Slow down', { 'retry-after-ms': '5' })]);
    expect(await writeError(writerFor(limited.url, { maxRetries: 1 }).write({ agent, job }))).toMatchObject({
      code: 'rate_limited',
      transient: true,
    });
    expect(limited.seen).toHaveLength(2);

    const badKey = await fakeOpenAi([apiError(401, 'Incorrect API key provided')]);
    expect(await writeError(writerFor(badKey.url).write({ agent, job }))).toMatchObject({
      code: 'unauthorized',
      transient: false,
      details: { status: 401 },
    });
    expect(badKey.seen).toHaveLength(1); // never retried

    const badModel = await fakeOpenAi([apiError(404, 'The model does not exist')]);
    expect(await writeError(writerFor(badModel.url).write({ agent, job }))).toMatchObject({ code: 'not_found', transient: false });
    const refused = await fakeOpenAi([apiError(400, 'Invalid max_tokens')]);
    expect(await writeError(writerFor(refused.url).write({ agent, job }))).toMatchObject({ code: 'bad_request', transient: false });

    const empty = await fakeOpenAi([completion('   ')]);
    expect(await writeError(writerFor(empty.url).write({ agent, job }))).toMatchObject({ code: 'empty', transient: true });
    const filtered = await fakeOpenAi([completion('', 'content_filter')]);
    expect(await writeError(writerFor(filtered.url).write({ agent, job }))).toMatchObject({ code: 'content_filter', transient: false });
  });

  it('times out a silent server, and reports a refused connection as a network error', async () => {
    const silent = await fakeOpenAi([() => undefined]);
    const started = Date.now();
    const timeout = await writeError(writerFor(silent.url, { timeoutMs: 200, maxRetries: 1 }).write({ agent, job }));
    expect(timeout).toMatchObject({ code: 'timeout', transient: true });
    expect(silent.seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const network = await writeError(writerFor(`http://127.0.0.1:${port}/v1`, { maxRetries: 0 }).write({ agent, job }));
    expect(network).toMatchObject({ code: 'network', transient: true });
  });

  it("passes the caller's abort signal", async () => {
    const silent = await fakeOpenAi([() => undefined]);
    const controller = new AbortController();
    const pending = writerFor(silent.url).write({ agent, job, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await writeError(pending)).toMatchObject({ code: 'aborted', transient: false });
  });
});

describe('offline writer (the sandbox over HTTP)', () => {
  const sandboxApp = () => {
    const app = new Hono();
    app.route('/sandbox', sandboxOpenAiRoutes({ clock: manualClock() }));
    return app;
  };

  it('is what the writer uses with no key, and writes a plain, deterministic letter in the OpenAI wire format', async () => {
    const base = await serveHono(sandboxApp());
    const config = loadConfig({});
    const writer = createProposalWriter(config.ai, { sandboxBase: () => base });
    expect(writer.kind).toBe('offline');
    const port: WriterPort = writer; // what the runner calls
    expect(port).toBe(writer);
    const first = await writer.write({ agent, job, bid: { amount: 500, currency: 'USD', hourly: false } });
    expect(first.writer).toBe('offline');
    expect(first.model).toBe(OFFLINE_WRITER_MODEL);
    expect(first.usage?.completionTokens).toBeGreaterThan(0);
    expect(first.text.length).toBeLessThanOrEqual(1500);
    expect(first.text).toMatch(/^Hello Acme Freight,/);
    expect(first.text).toContain('"React dashboard for shipments"');
    expect(first.text).toContain('TypeScript and React');
    expect(first.text).not.toContain('Go');
    expect(first.text).toContain('My price for this is USD 500 fixed.');
    expect(first.text).toContain('I build fast, tested web apps for small companies.');
    expect(first.text).toMatch(/Best regards,\nAda Lovelace$/);
    const again = await writer.write({ agent, job, bid: { amount: 500, currency: 'USD', hourly: false } });
    expect(again.text).toBe(first.text);
  });

  it('can reach the sandbox in-process (no port), as the app wires it', async () => {
    const app = sandboxApp();
    const writer = createProposalWriter(loadConfig({}).ai, {
      sandboxBase: () => 'http://localhost:1',
      sandboxFetch: async (input, init) => app.request(input instanceof Request ? input : String(input), init),
    });
    const result = await writer.write({ agent, job });
    expect(result).toMatchObject({ writer: 'offline', model: OFFLINE_WRITER_MODEL });
    expect(result.text).toMatch(/^Hello Acme Freight,/);
    // A configured key means the real service: the sandbox fetch is not used.
    expect(createProposalWriter(loadConfig({ OPENAI_API_KEY: 'sk-real' }).ai, { sandboxBase: () => '' }).kind).toBe('ai');
  });

  it('answers the raw wire format, checks the Bearer key and validates the body', async () => {
    const base = await serveHono(sandboxApp());
    const url = `${base}/sandbox/openai/v1/chat/completions`;
    const post = (body: unknown, key = SANDBOX_OPENAI_KEY) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await post({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Write a letter' }] }],
      max_tokens: 8,
    });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      created: Math.floor(new Date('2026-01-05T09:00:00Z').getTime() / 1000),
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'length' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(body.choices[0].message.content.length).toBeLessThanOrEqual(32);

    const wrongKey = await post({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, 'sk-wrong');
    expect(wrongKey.status).toBe(401);
    expect((await wrongKey.json()).error).toMatchObject({ code: 'invalid_api_key', type: 'invalid_request_error' });
    const noKey = await fetch(url, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    const noModel = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(noModel.status).toBe(400);
    expect((await noModel.json()).error.param).toBe('model');
    expect((await post({ model: 'x', messages: [] })).status).toBe(400);
    expect((await post({ model: 'x', messages: [{ role: 'robot', content: 'hi' }] })).status).toBe(400);
    const models = await fetch(`${base}/sandbox/openai/v1/models`, { headers: { authorization: `Bearer ${SANDBOX_OPENAI_KEY}` } });
    expect((await models.json()).data[0].id).toBe(OFFLINE_WRITER_MODEL);
  });
});

describe('the length limit and sampling in the model’s own terms', () => {
  const refuses = (param: string, message: string) =>
    json(400, { error: { message, type: 'invalid_request_error', param, code: 'unsupported_parameter' } });

  it('asks newer OpenAI models for max_completion_tokens and no temperature, and OpenAI’s API for max_completion_tokens', async () => {
    const fake = await fakeOpenAi([completion('Hello,\n\nI can help.\n\nAda')]);
    await writerFor(fake.url, { model: 'o4-mini' }).write({ agent, job });
    expect(fake.seen[0]!.body).toMatchObject({ model: 'o4-mini', max_completion_tokens: 600 });
    expect(fake.seen[0]!.body).not.toHaveProperty('max_tokens');
    expect(fake.seen[0]!.body).not.toHaveProperty('temperature');
    expect(modelDialect('gpt-4o-mini', 'https://api.openai.com/v1')).toEqual({ tokens: 'max_completion_tokens', temperature: true });
    expect(modelDialect('gpt-5-mini', 'http://localhost:1234/v1')).toEqual({ tokens: 'max_completion_tokens', temperature: false });
    expect(modelDialect('llama-3.1-8b', 'http://localhost:1234/v1')).toEqual({ tokens: 'max_tokens', temperature: true });
  });

  it('a model that refuses max_tokens gets max_completion_tokens at once, and from then on; a server that knows only max_tokens gets it back', async () => {
    const fake = await fakeOpenAi([
      refuses('max_tokens', "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."),
      completion('Hello,\n\nFirst letter.\n\nAda'),
      completion('Hello,\n\nSecond letter.\n\nAda'),
    ]);
    const writer = writerFor(fake.url, { model: 'my-new-model' });
    expect((await writer.write({ agent, job })).text).toMatch(/First letter/);
    expect(fake.seen.map((seen) => Object.keys(seen.body).filter((key) => key.startsWith('max_')))).toEqual([
      ['max_tokens'],
      ['max_completion_tokens'],
    ]);
    await writer.write({ agent, job });
    expect(fake.seen[2]!.body).toHaveProperty('max_completion_tokens', 600);

    const old = await fakeOpenAi([
      json(400, {
        error: {
          message: 'Unrecognized request argument supplied: max_completion_tokens',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      }),
      completion('Hello,\n\nA letter.\n\nAda'),
    ]);
    expect((await writerFor(old.url, { model: 'o3-mini' }).write({ agent, job })).text).toMatch(/A letter/);
    expect(old.seen[1]!.body).toHaveProperty('max_tokens', 600);
  });

  it('a refused temperature is left out, once; a 400 about anything else is the caller’s', async () => {
    const fake = await fakeOpenAi([
      json(400, {
        error: {
          message: "Unsupported value: 'temperature' does not support 0.7 with this model.",
          type: 'invalid_request_error',
          param: 'temperature',
          code: 'unsupported_value',
        },
      }),
      completion('Hello,\n\nA letter.\n\nAda'),
    ]);
    await writerFor(fake.url, { model: 'some-model' }).write({ agent, job });
    expect(fake.seen[1]!.body).not.toHaveProperty('temperature');
    const other = await fakeOpenAi([refuses('messages', 'Invalid messages')]);
    expect(await writeError(writerFor(other.url).write({ agent, job }))).toMatchObject({ code: 'bad_request' });
    expect(other.seen).toHaveLength(1);
  });
});
