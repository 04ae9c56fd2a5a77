import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { SANDBOX_OPENAI_KEY } from '../../api/src/modules/writer/offline-writer';
import { sandboxOpenAiRoutes } from '../../api/src/modules/writer/sandbox/routes';

/**
 * A configured AI model for a product under test: an OpenAI-compatible server of its own (the
 * sandbox writer's wire format, on a free port), so the product treats its letters as a model's
 * and an auto-send agent may send them (the embedded offline writer's letters are always held for
 * review). Pass `env` to `startProduct`. `rewrite` changes each letter it answers (a model that
 * slips contact details in, say), the rest of the answer as it was.
 */
export async function startModelServer(options: { rewrite?: (letter: string) => string } = {}) {
  const routes = sandboxOpenAiRoutes({ clock: { now: () => new Date() } });
  const { rewrite } = options;
  const fetch = async (request: Request): Promise<Response> => {
    const response = await routes.fetch(request);
    if (!rewrite || !request.url.endsWith('/chat/completions') || !response.ok) return response;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    for (const choice of body.choices ?? []) if (choice.message?.content) choice.message.content = rewrite(choice.message.content);
    return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
  };
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    env: { OPENAI_API_KEY: SANDBOX_OPENAI_KEY, OPENAI_BASE_URL: `http://127.0.0.1:${port}/openai/v1`, OPENAI_MODEL: 'e2e-model' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
