import type { ModuleContext, ModuleParts } from '../context';
import { createProposalWriter, type ProposalWriter } from './index';
import { sandboxOpenAiRoutes } from './sandbox/routes';

/**
 * The proposal writer: the configured OpenAI-compatible model, or without a key the embedded
 * offline writer (the sandbox's `/sandbox/openai/v1`, reached in-process).
 */
export function writerModule(ctx: ModuleContext, options: { writer?: ProposalWriter } = {}) {
  const { config, clock, log } = ctx;
  const writer =
    options.writer ??
    // The runner retries transient failures itself.
    createProposalWriter(config.ai, { sandboxBase: ctx.sandboxBase, sandboxFetch: ctx.loopback as typeof fetch, log, maxRetries: 0 });
  return {
    writer,
    sandbox: config.ai.apiKey ? [] : [sandboxOpenAiRoutes({ clock })],
  } satisfies ModuleParts & Record<string, unknown>;
}
