import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stand-in answers now: `up` writes a letter; `error` answers 503 (an outage); `reset`
 * drops the connection without an answer; `rate` answers 429 with `retryAfter` seconds;
 * `unauthorized` answers 401 (a refused key); `hold` answers nothing until the mode changes (a slow
 * model), then as the new mode says.
 */
export type OpenAiMode = 'up' | 'error' | 'reset' | 'rate' | 'unauthorized' | 'hold';

/**
 * An OpenAI-compatible chat-completions server on loopback, for the writer's outage tests over a
 * real socket: its mode is switched by the test (down, then up). When up it writes a short letter
 * that names the job's title; every request is counted, with the title it asked about.
 */
export async function startFakeOpenAi() {
  const state = { mode: 'up' as OpenAiMode, retryAfter: 2, requests: [] as Array<{ mode: OpenAiMode; title: string }> };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => void answer());
    const answer = async () => {
      while (state.mode === 'hold') await new Promise((resolve) => setTimeout(resolve, 50));
      const body = JSON.parse(raw || '{}') as { messages?: Array<{ role: string; content: string }>; model?: string };
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const title = user.match(/^Title: (.*)$/m)?.[1] ?? '';
      const mode = state.mode as Exclude<OpenAiMode, 'hold'>;
      state.requests.push({ mode, title });
      const error = (status: number, message: string, type: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
      };
      if (mode === 'reset') return void req.socket.destroy();
      if (mode === 'error') return error(503, 'The server is overloaded or not ready yet.', 'server_error');
      if (mode === 'unauthorized') return error(401, 'Incorrect API key provided.', 'invalid_request_error');
      if (mode === 'rate') return error(429, 'Rate limit reached for requests.', 'requests', { 'retry-after': String(state.retryAfter) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${state.requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'gpt-4o-mini',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: `Your project "${title}" is one I can deliver well: I have built the same kind of work before. When would you like to start?`,
              },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 30, total_tokens: 130 },
        }),
      );
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    /** Switches how it answers from the next request on. */
    set(mode: OpenAiMode, retryAfter = state.retryAfter) {
      state.mode = mode;
      state.retryAfter = retryAfter;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
